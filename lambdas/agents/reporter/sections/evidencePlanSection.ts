import type { EvidencePlanItem, StrategistOutput } from '../../../contracts/strategistOutput';
import { table } from '../markdown';
import type { ReportModel } from '../reportModel';
import type { ReportLedger } from '../reportLedger';
import { obtain, sentence } from './topIssues';

export const EVIDENCE_PLAN_HEADING = 'Evidence plan';

/**
 * What to obtain now and what is worth adding, as the strategist planned it for this file. Advice for
 * a factor the file already scores strong on is left out (it would read as generic, and could
 * contradict the file), and so is an item already given as a fix above. What the file already holds
 * is the rubric's evidence column; it is not listed again.
 */
function rows(s: StrategistOutput, items: readonly EvidencePlanItem[], ledger: ReportLedger): string[][] {
  const rating = new Map(s.factors.map((f) => [f.id, f]));
  return items
    .filter((i) => !(i.factor && rating.get(i.factor)?.rating === 'strong'))
    .filter((i) => !ledger.saidBefore(i.item) && !ledger.saidBefore(sentence(obtain(i.item))))
    .map((i) => [[ledger.fresh(i.item), ledger.fresh(i.why)].filter(Boolean).join(' — '), i.factor ? (rating.get(i.factor)?.label ?? i.factor) : '—']);
}

export function evidencePlanSection(m: ReportModel, ledger: ReportLedger): string | undefined {
  const s = m.strategist;
  if (!s) return undefined;
  const live = rows(s, s.evidencePlan.live, ledger);
  const strategic = rows(s, s.evidencePlan.strategic, ledger);
  if (!live.length && !strategic.length) return undefined;
  const parts = [`## ${EVIDENCE_PLAN_HEADING}`];
  if (live.length) parts.push('### Obtainable now', table(['Item — why it matters', 'Factor'], live));
  if (strategic.length) parts.push('### Worth adding', table(['Item — why it matters', 'Factor'], strategic));
  return parts.join('\n\n');
}
