/**
 * "Never refused" against the file's own record of a refusal, read from the case-fact model. A
 * declaration on the previous-refusal question answered No (a form's answer, a sworn statement such
 * as "je n'ai jamais été refusé") is contradicted by a refusal of the same person that another
 * document records, when that refusal happened before the declaration was made (`signed`). A refusal
 * dated after it is usually the decision on that very application and is no contradiction; when the
 * order cannot be told from the file, the finding says so and is rated lower (severityRules.json).
 * A document that discloses a refusal (a Yes on the question, a sworn account of it) never denies one.
 */
import type { CaseFacts, Declaration, FactDate, Party, TimelineEvent } from '../../../contracts/caseFacts';
import type { Evidence } from '../../../contracts/intakeOutput';
import { evidenceList } from './caseDocuments';
import { refusalDisclosedIn } from './declaredFacts';
import { nameTokens, samePerson } from './people';

export interface RefusalContradiction {
  declaration: Declaration;
  /** The refusals the declaration leaves out, the decision documents' first. */
  refusals: TimelineEvent[];
  /** `before`: the refusal came before the declaration; `unknown`: the file does not show the order. */
  order: 'before' | 'unknown';
}

/** Documents whose own refusal record ranks first: the decision itself, then the officer's notes. */
const DECISION_DOCUMENTS = new Set(['refusal-letter', 'gcms-notes']);
/** At most this many refusal records are quoted per finding. */
const MAX_REFUSALS = 2;

/** -1, 0 or 1 at the precision both dates have; undefined when the coarser one contains the finer one. */
export function compareFactDates(a: FactDate, b: FactDate): -1 | 0 | 1 | undefined {
  const n = Math.min(a.iso.length, b.iso.length);
  const [x, y] = [a.iso.slice(0, n), b.iso.slice(0, n)];
  if (x !== y) return x < y ? -1 : 1;
  return a.iso.length === b.iso.length ? 0 : undefined;
}

/** The names of the people a document names, as tokens (nameTokens): who it is about. */
export type NamesIn = (docId: string) => string[][];

/** The names the model read for `role` from one document. */
function partiesIn(parties: readonly Party[], role: Party['role'], docId: string): string[][] {
  return parties.filter((p) => p.role === role && p.evidence.docId === docId).map((p) => nameTokens(p.name, []));
}

/**
 * Whether a refusal is of the person who declared: yes unless both documents name someone and no name
 * is the same (a refusal letter addressed to someone else). The model's parties of the declarer's
 * role come first; `namesIn` adds the names the documents head their pages with, since the model reads
 * no addressee party from a refusal letter.
 */
function samePersonIn(facts: CaseFacts, declaration: Declaration, refusal: TimelineEvent, namesIn: NamesIn): boolean {
  const declarer = [...partiesIn(facts.parties, declaration.person, declaration.evidence.docId), ...namesIn(declaration.evidence.docId)];
  const refused = [...partiesIn(facts.parties, refusal.person, refusal.evidence.docId), ...namesIn(refusal.evidence.docId)];
  if (!declarer.length || !refused.length) return true;
  return refused.some((r) => declarer.some((d) => samePerson(d, r)));
}

function typeOf(facts: CaseFacts, docId: string): string {
  return facts.documents.find((d) => d.docId === docId)?.type ?? 'other';
}

export function findRefusalContradictions(facts: CaseFacts, namesIn: NamesIn = () => []): RefusalContradiction[] {
  const disclosing = refusalDisclosedIn(facts);
  const refusals = facts.timeline.filter((e) => e.kind === 'refusal');
  if (!refusals.length) return [];
  const contradictions: RefusalContradiction[] = [];
  const declared = new Set<string>();
  for (const declaration of facts.declarations) {
    const docId = declaration.evidence.docId;
    if (declaration.topic !== 'prior-refusal' || declaration.answer !== 'no' || disclosing.has(docId) || declared.has(docId)) continue;
    // A document that itself records the refusal is judged by the other documents.
    const against = refusals.filter((r) => r.person === declaration.person && r.evidence.docId !== docId && samePersonIn(facts, declaration, r, namesIn));
    const signed = declaration.signed;
    const before = against.filter((r) => r.date && signed && compareFactDates(r.date, signed) === -1);
    const unordered = against.filter((r) => !r.date || !signed || compareFactDates(r.date, signed) === undefined);
    const chosen = before.length ? before : unordered;
    if (!chosen.length) continue;
    declared.add(docId);
    const decisionFirst = [...chosen].sort((a, b) => Number(DECISION_DOCUMENTS.has(typeOf(facts, b.evidence.docId))) - Number(DECISION_DOCUMENTS.has(typeOf(facts, a.evidence.docId))));
    contradictions.push({ declaration, refusals: decisionFirst.slice(0, MAX_REFUSALS), order: before.length ? 'before' : 'unknown' });
  }
  // Answers on the forms first, then sworn statements; each group in file order.
  const onForm = (c: RefusalContradiction) => (typeOf(facts, c.declaration.evidence.docId).startsWith('imm-') ? 0 : 1);
  return contradictions.sort((a, b) => onForm(a) - onForm(b));
}

/** Evidence for a contradiction: the declaration's quote and the refusals' quotes, as the model read them. */
export function contradictionEvidence(c: RefusalContradiction): Evidence[] {
  return evidenceList([c.declaration.evidence, ...c.refusals.map((r) => r.evidence)]);
}

/** "2023-06-14" or "an undated refusal". */
export function describeRefusalDate(r: TimelineEvent): string {
  return r.date ? r.date.iso : 'an undated refusal';
}
