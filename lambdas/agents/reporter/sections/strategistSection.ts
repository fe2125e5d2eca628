import type { EvidencePlanItem, Point, StrategistOutput } from '../../../contracts/strategistOutput';
import { bullet, inline, md, table, type Markdown } from '../markdown';
import type { ReportModel } from '../reportModel';
import { stageNotice } from './stageNotice';
import { unverifiedCitations, withUnverifiedNote } from './unverifiedCitations';

export const STRATEGIST_HEADING = 'Strategist report';

/** The factor's label from the rubric when the strategist named one (raw text; callers escape it). */
const factorLabel = (s: StrategistOutput, id: string | undefined): string | undefined =>
  id === undefined ? undefined : (s.factors.find((f) => f.id === id)?.label ?? id);

function points(s: StrategistOutput, list: readonly Point[], none: string, unverified: readonly string[]): string {
  if (!list.length) return none;
  return bullet(
    list.map((p) => {
      const text = inline(withUnverifiedNote(p.text, unverified));
      const label = factorLabel(s, p.factor);
      return label ? md`${text} (factor: ${inline(label)})` : text;
    }),
  );
}

function plan(s: StrategistOutput, items: readonly EvidencePlanItem[], none: string): string {
  if (!items.length) return none;
  return table(['Item', 'Why it matters', 'Factor'], items.map((i) => [i.item, i.why, factorLabel(s, i.factor)]));
}

/** Strengths, weaknesses and the three-part evidence plan, as the strategist wrote them (DESIGN §4). */
export function strategistReportSection(m: ReportModel): string {
  const s = m.strategist;
  const parts: string[] = [`## ${STRATEGIST_HEADING}`];
  if (!s) return [...parts, stageNotice('strategist', m.stageStatus.strategist, 'strategist report')].join('\n\n');
  const unverified = unverifiedCitations(m.verifier);
  const intro: Markdown = md`Evidence plan in three parts: **Baseline** is what the file already holds, **Live** what can be obtained now, **Strategic** what is worth adding.`;
  parts.push(
    '### Strengths',
    points(s, s.strengths, 'No strengths were recorded.', unverified),
    '### Weaknesses',
    points(s, s.weaknesses, 'No weaknesses were recorded.', unverified),
    '### Evidence plan',
    intro,
    '#### Baseline — in the file now',
    plan(s, s.evidencePlan.baseline, 'Nothing listed.'),
    '#### Live — obtainable now',
    plan(s, s.evidencePlan.live, 'Nothing listed.'),
    '#### Strategic — recommended additions',
    plan(s, s.evidencePlan.strategic, 'Nothing listed.'),
  );
  return parts.join('\n\n');
}
