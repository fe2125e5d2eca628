/**
 * A file's immigration history as the case-fact model read it: the applicant's refusals (refusal
 * events, and the refusal letters and GCMS notes in the file, by the officer's grounds), and what
 * the forms and declarations answer to the refusal question. A refusal of someone else is not the
 * applicant's; a "Yes" with details is a disclosure, never a denial.
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

export function refusalsInFile(file: CaseFile): FileRefusal[] {
  const facts = factsOf(file);
  // Each refusal letter or GCMS note is a refusal, quoted by the officer's ground (or its decision).
  const letters = file.documents
    .filter((d) => REFUSAL_DOCS.includes(d.type))
    .flatMap((doc): FileRefusal[] => {
      const said = facts.officerFindings.find((f) => f.evidence.docId === doc.docId && f.kind === 'ground');
      const decision = eventsOf(file, ['decision', 'refusal']).find((e) => e.evidence.docId === doc.docId && e.person !== 'other');
      const evidence = said?.evidence ?? decision?.evidence;
      if (!evidence) return [];
      // Notes are a log: the decision is their last entry, a letter's date is at its head.
      const date = decision?.date ? asDate(decision.date) : doc.type === 'gcms-notes' ? latestDate(doc, file.assessedOn) : firstDate(doc);
      // What was refused is the letter's subject line, for which the fact model has no field.
      const kind = kindOf(`${decision?.detail ?? ''} ${documentText(doc)}`);
      return [{ docId: doc.docId, evidence, ...(date ? { date } : {}), ...(kind ? { kind } : {}) }];
    });
  const told = eventsOf(file, ['refusal'], 'applicant')
    .filter((e) => !REFUSAL_DOCS.includes(docOf(file, e.evidence.docId)?.type ?? 'other'))
    .map((e): FileRefusal => {
      const kind = kindOf(`${e.detail ?? ''} ${e.evidence.quote}`);
      return { docId: e.evidence.docId, evidence: e.evidence, ...(e.date ? { date: asDate(e.date) } : {}), ...(kind ? { kind } : {}) };
    });
  return oneEach(file, [...letters, ...told]);
}

/**
 * One refusal per decision: the letter and the GCMS notes of one decision, or a letter and a form that
 * tells it, are the same refusal when they give it the same day and do not name different kinds. Notes
 * often record the decision a day or more before the letter issues it: notes whose last entry comes on
 * or before a letter of the same kind (the first such letter), or that carry no date beside the only
 * such letter, are that letter's decision.
 */
function oneEach(file: CaseFile, refusals: readonly FileRefusal[]): FileRefusal[] {
  const typeOf = (r: FileRefusal) => docOf(file, r.docId)?.type;
  const agree = (a: FileRefusal, b: FileRefusal) => !a.kind || !b.kind || a.kind === b.kind;
  const ordered = [...refusals.filter((r) => typeOf(r) === 'refusal-letter'), ...refusals.filter((r) => typeOf(r) === 'gcms-notes'), ...refusals.filter((r) => !REFUSAL_DOCS.includes(typeOf(r) ?? 'other'))];
  const out: FileRefusal[] = [];
  for (const r of ordered) {
    let same = out.find((o) => o.date && r.date && o.date.iso === r.date.iso && agree(o, r));
    if (!same && typeOf(r) === 'gcms-notes') {
      const letters = out.filter((o) => typeOf(o) === 'refusal-letter' && agree(o, r));
      same = r.date
        ? letters.filter((o) => o.date && o.date.time >= r.date!.time).sort((a, b) => a.date!.time - b.date!.time)[0]
        : letters.length === 1 ? letters[0] : undefined;
    }
    if (!same) out.push(r);
    else if (!same.kind && r.kind) same.kind = r.kind;
  }
  return out;
}

/**
 * The refusal a refusal file is about: the latest decision in its refusal letters and notes. It is the
 * decision under challenge, not a previous refusal the forms had to disclose.
 */
export function refusalUnderAnalysis(file: CaseFile, refusals: readonly FileRefusal[]): FileRefusal | undefined {
  // Only a response to a refusal is about one; a new application may hold an old refusal letter.
  if (!file.respondsToRefusal && file.applicationType !== 'refusal-response') return undefined;
  const decisions = refusals.filter((r) => REFUSAL_DOCS.includes(docOf(file, r.docId)?.type ?? 'other'));
  return decisions.reduce<FileRefusal | undefined>((latest, r) => (!latest || (r.date && (!latest.date || r.date.time > latest.date.time)) ? r : latest), undefined);
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

/** A declaration of no refusal made after a refusal in the file (or with no date to say otherwise). */
export function contradicts(declaration: RefusalDeclaration, refusal: FileRefusal): boolean {
  if (declaration.said !== 'never-refused') return false;
  if (!declaration.madeOn || !refusal.date) return true;
  return declaration.madeOn.time >= refusal.date.time;
}
