/**
 * Turns a document's quarantine record (intake took the passages out of the text every later stage
 * reads) into prompt-injection attempts for the gatekeeper's report: hidden text and invisible
 * characters under their own categories, sentences caught by the patterns under the pattern's.
 */
import type { ExtractedDocument } from '../../contracts/intakeOutput';
import { boundText, type QuarantinedPassage } from '../../contracts/quarantinedPassage';
import { InjectionCategory, type InjectionAttempt, MAX_EXCERPT_CHARS } from '../../contracts/injectionAttempt';

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

const bound = (text: string) => boundText(text, MAX_EXCERPT_CHARS);

function classify(p: QuarantinedPassage): Pick<InjectionAttempt, 'pattern' | 'category'> {
  switch (p.reason) {
    case 'injection-pattern': {
      const category = InjectionCategory.safeParse(p.category);
      return { pattern: p.pattern ?? 'quarantined-passage', category: category.success ? category.data : 'instruction-override' };
    }
    case 'control-characters':
      return { pattern: p.pattern ?? 'control-characters', category: 'control-characters' };
    default:
      return { pattern: `hidden-text-${p.reason}`, category: 'hidden-text' };
  }
}

/** One attempt per quarantined passage of `doc`, in page order. */
export function attemptsFromQuarantine(doc: Pick<ExtractedDocument, 'docId' | 'name' | 'quarantined'>): InjectionAttempt[] {
  return (doc.quarantined ?? []).map((p) => ({
    document: doc.name,
    docId: doc.docId,
    page: p.page,
    excerpt: bound(p.excerpt ?? collapse(p.text)) || '(invisible characters)',
    ...classify(p),
  }));
}
