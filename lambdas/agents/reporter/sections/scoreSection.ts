import type { FactorRating, ScoredFactor, StrategistOutput } from '../../../contracts/strategistOutput';
import { inline, md, table, type Markdown } from '../markdown';
import type { ReportModel } from '../reportModel';
import type { ReportLedger } from '../reportLedger';
import { evidenceSources } from './evidenceSource';
import { firstSentence } from './topIssues';
import { stageNotice } from './stageNotice';
import { unverifiedCitations, withUnverifiedNote } from './unverifiedCitations';

export const SCORE_HEADING = 'Defensibility Score';

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

function scoreLines(s: StrategistOutput, unverified: readonly string[], ledger: ReportLedger): Markdown[] {
  const lines: Markdown[] = [md`**Defensibility Score: ${s.defensibilityScore}/100** — confidence ${inline(s.confidence)}: ${inline(ledger.fresh(withUnverifiedNote(s.confidenceReason, unverified)))}`];
  if (s.modelAdjustment) {
    lines.push(
      md`Rubric score ${s.rubricScore}/100, moved ${signed(s.modelAdjustment.points)} points by the language model: ${inline(withUnverifiedNote(s.modelAdjustment.reason, unverified))} (a model may move the score by at most 10 points, only with a stated reason).`,
    );
  }
  // A rules-only rationale restates the rubric table below; a model's rationale says why it moved the score.
  if (s.modelAdjustment) {
    const rationale = ledger.fresh(withUnverifiedNote(s.rationale, unverified));
    if (rationale) lines.push(inline(rationale));
  }
  return lines;
}

/**
 * A factor's finding: in full where the factor counts against the file; where it is strong or adequate,
 * its first sentence (what was found), not the rubric's general gloss that follows it.
 */
function findingText(f: ScoredFactor, unverified: readonly string[], ledger: ReportLedger, summary: boolean): string {
  const text = withUnverifiedNote(f.finding, unverified);
  const favourable = f.rating === 'strong' || f.rating === 'adequate';
  // A summary (guest) states what counts against the file; a favourable factor shows its rating and sources.
  if (summary && favourable) return 'In the file';
  return ledger.fresh(favourable ? firstSentence(text) : text) || 'Stated above.';
}

/**
 * The finding, its provisions and where it was read. A summary (guest) gives a favourable factor only
 * the document it was read in: its rating and weight already say how it counted.
 */
function findingCell(f: ScoredFactor, unverified: readonly string[], ledger: ReportLedger, summary: boolean): string {
  const favourable = f.rating === 'strong' || f.rating === 'adequate';
  const sources = evidenceSources(f.evidence.slice(0, summary ? 1 : 2));
  if (summary && favourable) return sources ? `Read in ${sources}` : 'In the file';
  const provisions = f.provisions.length ? ` (${f.provisions.join(', ')})` : '';
  return `${findingText(f, unverified, ledger, summary)}${provisions} — ${sources || 'no quote: the finding records an absence'}`;
}

function rubricTable(factors: readonly ScoredFactor[], unverified: readonly string[], ledger: ReportLedger, summary: boolean): Markdown {
  return table(
    ['Factor', 'Weight', 'Rating', 'Finding and where it was read'],
    factors.map((f) => [f.label, f.weight, ratingLabel(f.rating), findingCell(f, unverified, ledger, summary)]),
  );
}

/**
 * The Defensibility Score as the strategist produced it (DESIGN §3, §4): score and confidence, the model
 * adjustment apart when there is one, the rationale, and every rubric factor with its weight and rating,
 * at every tier, so the score can always be checked (the tier changes the depth of research and the
 * evidence appendix, never how the score is shown). Nothing here is recomputed.
 */
export function defensibilityScoreSection(m: ReportModel, ledger: ReportLedger): string {
  const s = m.strategist;
  const parts: string[] = [`## ${SCORE_HEADING}`];
  if (!s) return [...parts, stageNotice('strategist', m.stageStatus.strategist, 'Defensibility Score')].join('\n\n');
  const unverified = unverifiedCitations(m.verifier);
  // What the score means follows the score itself, before the rubric it is computed from.
  const lines = scoreLines(s, unverified, ledger);
  const meaning = 'The score is the weighted share of the ratings, out of 100: how well the file would hold up if a refusal were reviewed, not what an officer will decide.';
  parts.push(...(lines.length ? [`${lines[0]} ${meaning}`, ...lines.slice(1)] : [meaning]));
  parts.push(s.factors.length ? rubricTable(s.factors, unverified, ledger, m.reportDepth === 'summary') : 'The rubric produced no factors for this file.');
  return parts.join('\n\n');
}
