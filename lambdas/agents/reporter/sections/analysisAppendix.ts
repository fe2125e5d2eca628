import type { Evidence } from '../../../contracts/intakeOutput';
import { table } from '../markdown';
import type { ReportModel } from '../reportModel';
import { bySeverity } from '../../../contracts/findings';
import { unverifiedCitations, withUnverifiedNote } from './unverifiedCitations';

const NO_QUOTE = 'no quote: the finding records an absence';

/** One row per quote; a finding with no quote still gets a row that says so. Raw values: `table()` escapes them. */
function quoteRows(lead: readonly unknown[], evidence: readonly Evidence[]): unknown[][] {
  if (!evidence.length) return [[...lead, NO_QUOTE, undefined, undefined]];
  return evidence.map((e) => [...lead, `“${e.quote}”`, e.docId, e.page]);
}

/**
 * The full + evidence appendix tier, beside the profile facts: the verbatim evidence behind every rubric
 * factor and every refusal trigger, each with its document and page, so a reader can check each finding
 * against the file itself.
 */
export function analysisEvidenceAppendix(m: ReportModel): string {
  const parts: string[] = [];
  if (m.strategist) {
    const rows = m.strategist.factors.flatMap((f) => quoteRows([f.label], f.evidence));
    parts.push(
      '### Evidence behind each rubric factor',
      rows.length ? table(['Factor', 'Quote (verbatim)', 'Document', 'Page'], rows) : 'The rubric produced no factors for this file.',
    );
  }
  const triggers = m.gatekeeper?.refusalTriggers;
  if (triggers) {
    const unverified = unverifiedCitations(m.verifier);
    const rows = bySeverity(triggers).flatMap((t) => quoteRows([t.provision, withUnverifiedNote(t.summary, unverified)], t.evidence));
    parts.push(
      '### Evidence behind each refusal trigger',
      rows.length ? table(['Provision', 'Trigger', 'Quote (verbatim)', 'Document', 'Page'], rows) : 'No refusal trigger was found.',
    );
  }
  return parts.join('\n\n');
}
