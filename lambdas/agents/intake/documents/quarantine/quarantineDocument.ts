/**
 * Quarantine at intake: takes out of a document's pages the text that must not reach any later stage
 * (profile, strategist, model prompts) and records it on the document's `quarantined` list for the
 * gatekeeper's report. PDFs arrive with their hidden text already taken out (extractPdf.ts); a DOCX
 * loses its hidden, white or tiny runs here (given its bytes); every document, whatever its format,
 * loses suspicious invisible characters and, when a screener is given, the sentences it flags as
 * addressed to a language model.
 */
import type { ExtractedDocument } from '../../../../contracts/intakeOutput';
import { screenControlCharacters } from './controlCharacters';
import { cutSpans } from '../../../../core/caseText/cutSpans';
import { docxHiddenText } from './docxHiddenRuns';
import { bundledHiddenTextRules, type HiddenTextRules } from './hiddenTextRules';
import { boundText, capPassages, MAX_QUARANTINED_TEXT, type PassageScreener, type QuarantinedPassage } from '../../../../contracts/quarantinedPassage';
import { sentenceAround } from '../../../../core/caseText/sentenceAround';

export interface QuarantineOptions {
  /** Finds passages addressed to language models (the gatekeeper's prompt-injection patterns). */
  screener?: PassageScreener;
  rules?: HiddenTextRules;
  /** The file's bytes, to find formatting that hides text in a DOCX (hidden, white or tiny runs). */
  source?: Uint8Array;
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

function screenInjection(text: string, page: number, screener: PassageScreener): { text: string; passages: QuarantinedPassage[] } {
  const hits = screener(text);
  if (!hits.length) return { text, passages: [] };
  const spans = hits.map((hit) => ({ ...sentenceAround(text, hit), hit }));
  const { text: kept, cut } = cutSpans(text, spans);
  const passages = cut.map(({ text: removed, hit }) => ({
    page,
    reason: 'injection-pattern' as const,
    text: boundText(collapse(removed) || hit.excerpt, MAX_QUARANTINED_TEXT),
    pattern: hit.pattern,
    category: hit.category,
    excerpt: hit.excerpt,
  }));
  return { text: kept, passages };
}

/** A readable DOCX without its hidden runs (when it has any), the runs on its quarantine list. */
async function withoutHiddenRuns(doc: ExtractedDocument, source: Uint8Array | undefined, rules: HiddenTextRules): Promise<ExtractedDocument> {
  if (!source || doc.format !== 'docx' || (doc.status !== 'ok' && doc.status !== 'mislabeled')) return doc;
  const hidden = await docxHiddenText(source, rules.pdf);
  if (!hidden) return doc;
  return { ...doc, pages: hidden.pages, quarantined: [...(doc.quarantined ?? []), ...hidden.quarantined] };
}

/** Asynchronous because a DOCX's main part is read again from its bytes (the ZIP reader is asynchronous). */
export async function quarantineDocument(extracted: ExtractedDocument, options: QuarantineOptions = {}): Promise<ExtractedDocument> {
  if (!extracted.pages.length) return extracted;
  const rules = options.rules ?? bundledHiddenTextRules();
  const doc = await withoutHiddenRuns(extracted, options.source, rules);
  const found: QuarantinedPassage[] = [];
  // A page keeps its marks (read by OCR, its confidence); only its text is screened.
  const pages = doc.pages.map(({ page, text, ...marks }) => {
    const control = screenControlCharacters(text, page, rules);
    found.push(...control.passages);
    if (!options.screener) return { page, text: control.text, ...marks };
    const injection = screenInjection(control.text, page, options.screener);
    found.push(...injection.passages);
    return { page, text: injection.text, ...marks };
  });
  const all = [...(doc.quarantined ?? []), ...found].sort((a, b) => a.page - b.page);
  if (!all.length) return { ...doc, pages };
  return { ...doc, pages, quarantined: capPassages(all) };
}
