/**
 * The fact model's conflicts: where two documents, or the rules reader and the model, read one fact
 * differently. Each reading is shown as read, with its quote and document, and marked "not resolved —
 * check": the reporter never picks one, and nothing else in the report may present either as settled.
 */
import type { FactConflict } from '../../../contracts/caseFacts';
import type { Evidence } from '../../../contracts/intakeOutput';
import { table } from '../markdown';
import type { ReportModel } from '../reportModel';
import type { ReportLedger } from '../reportLedger';
import { JUDGED_WORKFLOWS } from '../judgedWorkflows';

export const CONFLICTS_HEADING = 'Conflicting readings';
export const NOT_RESOLVED = 'not resolved — check';

const READERS = { rules: 'rules reader', model: 'model reader', ocr: 'OCR text' } as const;

/** "prior-refusal (applicant)" → "prior refusal (applicant)": the topic as a reader says it. */
const topicOf = (c: FactConflict) => c.topic.replace(/-/g, ' ');

/** The unresolved conflicts of the audit's fact model (none in audits stored before it existed). */
export function conflictsOf(m: ReportModel): FactConflict[] {
  return m.intake.caseFacts?.conflicts ?? [];
}

/** Whether a quote is one reading of an unresolved conflict: such a fact is never shown as settled. */
export function isConflicted(m: ReportModel, evidence: Evidence): boolean {
  return conflictsOf(m).some((c) => c.readings.some((r) => r.evidence.docId === evidence.docId && r.evidence.quote === evidence.quote));
}

/** Whitespace and case folded, so a quote re-cut across a line break is still the same passage. */
const folded = (quote: string) => quote.replace(/\s+/g, ' ').trim().toLowerCase();

/** The shortest quote that may stand for a passage it lies inside (shorter ones match too much). */
const MIN_SHARED = 24;

/**
 * Whether two quotes are the same passage: the same document (and page, when both say), and one quote
 * lies inside the other. A trigger often quotes the decisive line of a passage a conflict quotes whole.
 */
function samePassage(a: Evidence, b: Evidence): boolean {
  if (a.docId !== b.docId || (a.page && b.page && a.page !== b.page)) return false;
  const [x, y] = [folded(a.quote), folded(b.quote)];
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return short === long || (short.length >= MIN_SHARED && long.includes(short));
}

/**
 * The refusal trigger that already states a conflict: one whose evidence holds every reading's passage
 * (a declared "No" and the record of the refusal it denies become the IRPA 40(1)(a) trigger). Only a
 * report with legal findings shows triggers, so only there is a conflict referred to one.
 */
function statedBy(m: ReportModel, c: FactConflict): string | undefined {
  if (!JUDGED_WORKFLOWS.has(m.session.workflowType)) return undefined;
  for (const t of m.gatekeeper?.refusalTriggers ?? []) {
    if (c.readings.every((r) => t.evidence.some((e) => samePassage(e, r.evidence)))) return t.provision;
  }
  return undefined;
}

/** Where the report shows the conflict a quote is a reading of: the conflicts section, or the trigger that states it. */
export function whereConflictShown(m: ReportModel, evidence: Evidence): string {
  const conflict = conflictsOf(m).find((c) => c.readings.some((r) => r.evidence.docId === evidence.docId && r.evidence.quote === evidence.quote));
  const provision = conflict && statedBy(m, conflict);
  return provision ? `${provision} under Legal findings` : CONFLICTS_HEADING;
}

/**
 * For Legal findings: how many conflicts a refusal trigger states, and which triggers (they are not
 * shown again as conflicts, and Legal findings says so beside the triggers).
 */
export function statedConflicts(m: ReportModel): { count: number; provisions: string[] } {
  const by = conflictsOf(m).map((c) => statedBy(m, c)).filter((p): p is string => Boolean(p));
  return { count: by.length, provisions: [...new Set(by)] };
}

/** The section, or nothing when the readings agree or every conflict is stated by a refusal trigger. Every value from the file is escaped by `table()`. */
export function conflictsSection(m: ReportModel, ledger?: ReportLedger): string | undefined {
  const conflicts = conflictsOf(m).filter((c) => !statedBy(m, c));
  if (!conflicts.length) return undefined;
  const names = new Map(m.intake.documents.map((d) => [d.docId, d.name]));
  const where = (e: Evidence) => `${names.get(e.docId) ?? e.docId}${e.page ? `, p. ${e.page}` : ''}`;
  // A summary (guest) shows each quote's opening; the full report more of it (bundle.json has it whole).
  const max = m.reportDepth === 'summary' ? 90 : 140;
  const quote = (q: string) => (ledger ? ledger.quote(q, max) : `“${q}”`);
  const rows = conflicts.flatMap((c) => c.readings.map((r, i) => [i === 0 ? topicOf(c) : '', `${r.value} (${NOT_RESOLVED})`, quote(r.evidence.quote), `${where(r.evidence)} (${READERS[r.source]})`]));
  return [
    `## ${CONFLICTS_HEADING}`,
    `The file gives ${conflicts.length === 1 ? 'one fact' : `${conflicts.length} facts`} in more than one way. Each reading is shown as read; none is treated as settled anywhere in this report. Check the passages before relying on either.`,
    table(['Fact', 'Reading', 'Quote (verbatim)', 'Document (read by)'], rows),
  ].join('\n\n');
}
