/**
 * Reads a file's immigration history: refusal letters and GCMS notes in the file, and what the
 * forms and letters declare about previous refusals.
 */
import type { ApplicationType, Evidence } from '../../../../contracts/intakeOutput';
import type { CaseDocument, CaseFile } from '../../text/caseFile';
import { firstDate, latestDate } from '../../text/documentDates';
import type { FoundDate } from '../../../../core/text/dates';
import { quoteLine } from '../../text/evidenceQuotes';
import { allAnswers, quoteAnswer } from '../../text/questionAnswers';
import { findStatements, quoteStatement } from '../../text/statements';

export interface FileRefusal {
  doc: CaseDocument;
  date?: FoundDate;
  /** What was refused, when the letter says. */
  kind?: ApplicationType;
  evidence?: Evidence;
}

export interface RefusalDeclaration {
  doc: CaseDocument;
  said: 'never-refused' | 'refused';
  /** When the declaration was made (the document's signature or issue date). */
  madeOn?: FoundDate;
  evidence?: Evidence;
}

const REFUSAL_DOCS = ['refusal-letter', 'gcms-notes'] as const;
const REFUSAL_LINE = /\b(?:refus(?:e|ed|ing|al)|refusé[e]?|rejet[ée]e?)\b/i;
const KINDS: Array<[ApplicationType, RegExp]> = [
  ['study-permit', /\bstudy permit|permis d'études\b/i],
  ['work-permit', /\bwork permit|permis de travail\b/i],
  ['spousal-sponsorship', /\b(?:sponsorship|family class|permanent resident visa|parrainage|regroupement familial)\b/i],
  ['visitor-visa', /\b(?:visitor visa|temporary resident visa|TRV|visa de (?:visiteur|résident temporaire))\b/i],
];
const REFUSAL_QUESTION = /\b(?:refused|denied|rejected|refusé|refus)\b/i;
const NEVER_REFUSED = /\b(?:never|not ever) (?:been )?(?:refused|denied|rejected)\b|\bjamais (?:été )?(?:refusée?|fait l'objet d'un refus)\b|\bnever applied to (?:come to |enter |visit )?Canada\b|\bno (?:prior|previous) immigration history\b/i;

function kindOf(doc: CaseDocument): ApplicationType | undefined {
  const text = doc.extracted.pages.map((p) => p.text).join('\n');
  return KINDS.find(([, pattern]) => pattern.test(text))?.[0];
}

export function refusalsInFile(file: CaseFile): FileRefusal[] {
  return file.documents
    .filter((d) => (REFUSAL_DOCS as readonly string[]).includes(d.type))
    .map((doc) => {
      let evidence: Evidence | undefined;
      for (const page of doc.extracted.pages) {
        const m = REFUSAL_LINE.exec(page.text);
        if (m) {
          evidence = quoteLine({ doc, page }, m.index, m.index + m[0].length);
          if (evidence) break;
        }
      }
      const date = firstDate(doc);
      const kind = kindOf(doc);
      return { doc, ...(date ? { date } : {}), ...(kind ? { kind } : {}), ...(evidence ? { evidence } : {}) };
    });
}

export function refusalDeclarations(file: CaseFile): RefusalDeclaration[] {
  const out: RefusalDeclaration[] = [];
  const own = file.documents.filter((d) => !(REFUSAL_DOCS as readonly string[]).includes(d.type));
  for (const a of allAnswers(file)) {
    if (!own.includes(a.ref.doc) || !REFUSAL_QUESTION.test(a.question)) continue;
    const madeOn = latestDate(a.ref.doc, file.assessedOn);
    out.push({ doc: a.ref.doc, said: a.answer === 'yes' ? 'refused' : 'never-refused', ...(madeOn ? { madeOn } : {}), evidence: quoteAnswer(a) });
  }
  const pages = own.flatMap((doc) => doc.extracted.pages.map((page) => ({ doc, page })));
  for (const s of findStatements(pages, NEVER_REFUSED)) {
    if (s.question) continue;
    const madeOn = latestDate(s.ref.doc, file.assessedOn);
    out.push({ doc: s.ref.doc, said: 'never-refused', ...(madeOn ? { madeOn } : {}), evidence: quoteStatement(s) });
  }
  return out;
}

/** A declaration of no refusal made after a refusal in the file (or with no date to say otherwise). */
export function contradicts(declaration: RefusalDeclaration, refusal: FileRefusal): boolean {
  if (declaration.said !== 'never-refused') return false;
  if (!declaration.madeOn || !refusal.date) return true;
  return declaration.madeOn.time >= refusal.date.time;
}
