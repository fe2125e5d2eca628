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

const evidenceKey = (e: Evidence) => `${e.docId}\u0000${e.quote}`;

/**
 * The refusal trigger that already states a conflict: one whose evidence holds every reading's quote
 * (a declared "No" and the record of the refusal it denies become the IRPA 40(1)(a) trigger).
 */
function statedBy(m: ReportModel, c: FactConflict): string | undefined {
  for (const t of m.gatekeeper?.refusalTriggers ?? []) {
    const keys = new Set(t.evidence.map(evidenceKey));
    if (c.readings.every((r) => keys.has(evidenceKey(r.evidence)))) return t.provision;
  }
  return undefined;
}

/** The section, or nothing when the readings agree. Every value from the file is escaped by `table()`. */
export function conflictsSection(m: ReportModel, ledger?: ReportLedger): string | undefined {
  const all = conflictsOf(m);
  // A conflict a refusal trigger states (with both quotes) is referred to, not shown a second time.
  const stated = all.map((c) => statedBy(m, c));
  const conflicts = all.filter((_, i) => !stated[i]);
  const provisions = [...new Set(stated.filter((p): p is string => Boolean(p)))];
  const statedCount = stated.filter(Boolean).length;
  const statedAs = provisions.length ? `stated, with both quotes, as the refusal trigger${provisions.length === 1 ? '' : 's'} ${provisions.join(', ')} under Legal findings` : '';
  if (!conflicts.length) {
    if (!statedCount) return undefined;
    return [`## ${CONFLICTS_HEADING}`, `The file gives ${statedCount === 1 ? 'one fact' : `${statedCount} facts`} in more than one way, ${statedAs}.`].join('\n\n');
  }
  const statedNote = statedCount ? [`${statedCount === 1 ? 'One more is' : `${statedCount} more are`} ${statedAs}.`] : [];
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
    ...statedNote,
  ].join('\n\n');
}
