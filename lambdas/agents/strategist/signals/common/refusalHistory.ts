/**
 * A file's immigration history as the case-fact model read it: the applicant's refusals (refusal
 * events, and the refusal letters and GCMS notes in the file, by the officer's grounds), and what
 * the forms and declarations answer to the refusal question. A refusal of someone else is not the
 * applicant's; a "Yes" with details is a disclosure, never a denial. Refusals are counted by decision,
 * not by document: a letter, its GCMS notes and the applicant's account of the same decision are one
 * refusal. In a file that answers a refusal, the decision under analysis is not a previous refusal.
 */
import type { ApplicationType, Evidence } from '../../../../contracts/intakeOutput';
import type { FoundDate } from '../../../../core/text/dates';
import { asDate, declarationsOf, eventsOf, factsOf, type FactTime } from '../../facts/fileFacts';
import { documentText, type CaseDocument, type CaseFile } from '../../text/caseFile';
import { firstDate, latestDate } from '../../text/documentDates';

export interface FileRefusal {
  docId: string;
  date?: Pick<FactTime, 'iso' | 'time'>;
  /** What was refused, when the fact says. */
  kind?: ApplicationType;
  evidence: Evidence;
  /** The documents that record this decision (a letter and its GCMS notes are one decision). */
  docIds: string[];
  /** The decision the file answers (a refusal file's latest refusal): not a 'previous' refusal. */
  underAnalysis?: true;
}

export interface RefusalDeclaration {
  docId: string;
  said: 'never-refused' | 'refused';
  /** When the declaration was made: the date its document was signed or issued. */
  madeOn?: FoundDate;
  evidence: Evidence;
}

const REFUSAL_DOCS: readonly string[] = ['refusal-letter', 'gcms-notes'];
/** The kind of application a refusal names, in English and French. */
const KINDS: Array<[ApplicationType, RegExp]> = [
  ['study-permit', /\bstudy permit|permis d'études\b/i],
  ['work-permit', /\bwork permit|permis de travail\b/i],
  ['spousal-sponsorship', /\b(?:sponsorship|family class|permanent resident visa|parrainage|regroupement familial)\b/i],
  ['visitor-visa', /\b(?:visitor visa|temporary resident visa|TRV|visa de (?:visiteur|résident temporaire)|179\(b\))\b/i],
];

const kindOf = (text: string) => KINDS.find(([, pattern]) => pattern.test(text))?.[0];
const docOf = (file: CaseFile, docId: string): CaseDocument | undefined => file.documents.find((d) => d.docId === docId);

interface Recorded extends FileRefusal {
  source: 'refusal-letter' | 'gcms-notes' | 'told';
  /** The date is the decision's (a decision event), not merely the first date in the document. */
  decisionDated: boolean;
}

/** Two days agree when one is the other or contains it (a month and a day of that month). */
const daysAgree = (a: string, b: string) => a.startsWith(b) || b.startsWith(a);
const kindsAgree = (a: FileRefusal, b: FileRefusal) => !a.kind || !b.kind || a.kind === b.kind;

/**
 * Whether a record is another trace of a decision already kept: the same kind and the same day; or GCMS
 * notes dated only by their first entry (notes run from the application to the decision) beside a
 * refusal letter of that day or later; or either undated beside a letter or notes of the same kind.
 */
function sameDecision(kept: Recorded, next: Recorded): boolean {
  if (!kindsAgree(kept, next)) return false;
  if (kept.date && next.date) {
    if (daysAgree(kept.date.iso, next.date.iso)) return true;
    const [notes, letter] = next.source === 'gcms-notes' ? [next, kept] : kept.source === 'gcms-notes' ? [kept, next] : [undefined, undefined];
    return !!notes && !!letter && letter.source === 'refusal-letter' && !notes.decisionDated && notes.date!.time <= letter.date!.time;
  }
  return kept.source !== 'told' && next.source !== 'told';
}

function merged(kept: Recorded, next: Recorded): Recorded {
  // A decision's own date and a letter's quote are the better record of it.
  const better = (!kept.decisionDated && next.decisionDated) || (kept.source !== 'refusal-letter' && next.source === 'refusal-letter') ? next : kept;
  const other = better === kept ? next : kept;
  return { ...better, docIds: [...new Set([...better.docIds, ...other.docIds])], ...(better.kind ?? other.kind ? { kind: better.kind ?? other.kind } : {}) };
}

export function refusalsInFile(file: CaseFile): FileRefusal[] {
  const facts = factsOf(file);
  // Each refusal letter or GCMS note records a refusal, quoted by the officer's ground (or its decision).
  const letters = file.documents
    .filter((d) => REFUSAL_DOCS.includes(d.type))
    .flatMap((doc): Recorded[] => {
      const said = facts.officerFindings.find((f) => f.evidence.docId === doc.docId && f.kind === 'ground');
      const decision = eventsOf(file, ['decision', 'refusal']).find((e) => e.evidence.docId === doc.docId && e.person !== 'other');
      const evidence = said?.evidence ?? decision?.evidence;
      if (!evidence) return [];
      const date = decision?.date ? asDate(decision.date) : firstDate(doc);
      // What was refused is the letter's subject line, for which the fact model has no field.
      const kind = kindOf(`${decision?.detail ?? ''} ${documentText(doc)}`);
      const source = doc.type === 'gcms-notes' ? 'gcms-notes' : 'refusal-letter';
      return [{ docId: doc.docId, docIds: [doc.docId], evidence, source, decisionDated: !!decision?.date, ...(date ? { date } : {}), ...(kind ? { kind } : {}) }];
    });
  const told = eventsOf(file, ['refusal'], 'applicant')
    .filter((e) => !REFUSAL_DOCS.includes(docOf(file, e.evidence.docId)?.type ?? 'other'))
    .map((e): Recorded => {
      const kind = kindOf(`${e.detail ?? ''} ${e.evidence.quote}`);
      return { docId: e.evidence.docId, docIds: [e.evidence.docId], evidence: e.evidence, source: 'told', decisionDated: !!e.date, ...(e.date ? { date: asDate(e.date) } : {}), ...(kind ? { kind } : {}) };
    });
  // Letters first, so GCMS notes and accounts of the same decision fold into the letter's record.
  const ordered = [...letters.filter((r) => r.source === 'refusal-letter'), ...letters.filter((r) => r.source === 'gcms-notes'), ...told];
  const decisions: Recorded[] = [];
  for (const record of ordered) {
    const at = decisions.findIndex((kept) => sameDecision(kept, record));
    if (at >= 0) decisions[at] = merged(decisions[at], record);
    else decisions.push(record);
  }
  const answered = file.answersRefusal || file.applicationType === 'refusal-response' ? decisionUnderAnalysis(decisions) : undefined;
  return decisions.map(({ source: _source, decisionDated: _dated, ...refusal }) => (refusal.docId === answered?.docId ? { ...refusal, underAnalysis: true as const } : refusal));
}

/** The refusal a refusal file answers: the latest decision recorded by a refusal letter or GCMS notes. */
function decisionUnderAnalysis(decisions: readonly Recorded[]): Recorded | undefined {
  const documented = decisions.filter((d) => d.source !== 'told');
  return [...documented].sort((a, b) => (b.date?.time ?? -Infinity) - (a.date?.time ?? -Infinity))[0];
}

export function refusalDeclarations(file: CaseFile): RefusalDeclaration[] {
  return declarationsOf(file, 'prior-refusal', 'applicant')
    .filter((d) => !REFUSAL_DOCS.includes(docOf(file, d.evidence.docId)?.type ?? 'other'))
    .map((d) => {
      const doc = docOf(file, d.evidence.docId);
      const madeOn = doc && latestDate(doc, file.assessedOn);
      return { docId: d.evidence.docId, said: d.answer === 'yes' ? 'refused' : 'never-refused', evidence: d.evidence, ...(madeOn ? { madeOn } : {}) };
    });
}

/** A declaration of no refusal made after a refusal in the file (or with no date to say otherwise, unless the refusal is the one under analysis). */
export function contradicts(declaration: RefusalDeclaration, refusal: FileRefusal): boolean {
  if (declaration.said !== 'never-refused') return false;
  // The forms of the refused application itself came before its refusal: only a denial shown to be
  // made after the decision under analysis contradicts it.
  if (!declaration.madeOn || !refusal.date) return !refusal.underAnalysis;
  return declaration.madeOn.time >= refusal.date.time;
}
