import type { FactorRating, ScoredFactor, StrategistOutput } from '../../../contracts/strategistOutput';
import { bullet, inline, md, table, type Markdown } from '../markdown';
import type { ReportModel } from '../reportModel';
import { evidenceSources } from './evidenceSource';
import { stageNotice } from './stageNotice';
import { unverifiedCitations, withUnverifiedNote } from './unverifiedCitations';

export const SCORE_HEADING = 'Defensibility Score';

/** How many rubric factors a summary-tier report shows (those with the most weight). */
export const SUMMARY_FACTOR_COUNT = 3;

export const RATING_LABELS: Record<FactorRating, string> = {
  strong: 'strong',
  adequate: 'adequate',
  weak: 'weak',
  adverse: 'adverse',
  'no-evidence': 'no evidence in the file',
};
export const ratingLabel = (r: string): string => RATING_LABELS[r as FactorRating] ?? r;

/** "+4" or "-3": a number from the strategist, formatted by our code. */
const signed = (n: number): Markdown => (n > 0 ? md`+${n}` : md`${n}`);

/** The factors a summary shows: the heaviest first; equal weights keep the rubric's order. */
export function topFactors(factors: readonly ScoredFactor[], count: number): ScoredFactor[] {
  return factors
    .map((factor, index) => ({ factor, index }))
    .sort((a, b) => b.factor.weight - a.factor.weight || a.index - b.index)
    .slice(0, count)
    .map(({ factor }) => factor);
}

function scoreLines(s: StrategistOutput, unverified: readonly string[]): Markdown[] {
  const lines: Markdown[] = [md`**Defensibility Score: ${s.defensibilityScore}/100**`];
  if (s.modelAdjustment) {
    lines.push(
      bullet([
        md`Rubric score: ${s.rubricScore}/100`,
        md`Model adjustment: ${signed(s.modelAdjustment.points)} points — ${inline(withUnverifiedNote(s.modelAdjustment.reason, unverified))}`,
      ]),
      'The language model may move the rubric score by at most 10 points either way, only with a stated reason, and the adjustment is logged.' as Markdown,
    );
  } else {
    lines.push('Scored from the rubric alone, with no model adjustment.' as Markdown);
  }
  lines.push(
    md`**Confidence:** ${inline(s.confidence)} — ${inline(withUnverifiedNote(s.confidenceReason, unverified))}`,
    md`**Rationale:** ${inline(withUnverifiedNote(s.rationale, unverified))}`,
  );
  return lines;
}

function rubricTable(factors: readonly ScoredFactor[], unverified: readonly string[]): Markdown {
  return table(
    ['Factor', 'Weight', 'Rating', 'Finding', 'Evidence source'],
    factors.map((f) => [
      f.label,
      f.weight,
      ratingLabel(f.rating),
      withUnverifiedNote(`${f.finding}${f.provisions.length ? ` (${f.provisions.join(', ')})` : ''}`, unverified),
      evidenceSources(f.evidence) || 'none: the finding records an absence',
    ]),
  );
}

/**
 * The Defensibility Score as the strategist produced it (DESIGN §3, §4): score, rubric score and model
 * adjustment apart when there is one, confidence with its reason, rationale, and the rubric factors.
 * Nothing here is recomputed; a summary-tier report shows only the heaviest factors.
 */
export function defensibilityScoreSection(m: ReportModel): string {
  const s = m.strategist;
  const parts: string[] = [`## ${SCORE_HEADING}`];
  if (!s) return [...parts, stageNotice('strategist', m.stageStatus.strategist, 'Defensibility Score')].join('\n\n');
  const unverified = unverifiedCitations(m.verifier);
  parts.push(...scoreLines(s, unverified));

  parts.push('### Rubric', md`Rubric ${inline(s.rubric.id)}, version ${inline(s.rubric.version)}. Weights are relative to each other within the rubric.`);
  const summary = m.reportDepth === 'summary' && s.factors.length > SUMMARY_FACTOR_COUNT;
  const shown = summary ? topFactors(s.factors, SUMMARY_FACTOR_COUNT) : s.factors;
  if (!shown.length) parts.push('The rubric produced no factors for this file.');
  else parts.push(rubricTable(shown, unverified));
  if (summary) {
    parts.push(md`Showing the ${SUMMARY_FACTOR_COUNT} factors with the most weight, of ${s.factors.length}. A full report lists every factor.`);
  }
  parts.push(
    'The score measures how well the file would hold up if a refusal were reviewed by the Federal Court. ' +
      'It is not a prediction of what an officer will decide.',
  );
  return parts.join('\n\n');
}
