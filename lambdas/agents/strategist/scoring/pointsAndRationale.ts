/** Strengths, weaknesses and the rationale: plain sentences built from the rated factors. */
import type { Point, ScoredFactor } from '../../../contracts/strategistOutput';
import type { Rubric } from '../rubrics/rubricSchema';

const listOf = (factors: readonly ScoredFactor[]) => factors.map((f) => f.label.toLowerCase()).join('; ');

export function strengthsOf(factors: readonly ScoredFactor[]): Point[] {
  return factors.filter((f) => f.rating === 'strong').map((f) => ({ text: `${f.label}: ${f.finding}`, factor: f.id }));
}

/** Adverse factors first, then weak ones; each names the provisions it speaks to. */
export function weaknessesOf(factors: readonly ScoredFactor[]): Point[] {
  const ordered = [...factors.filter((f) => f.rating === 'adverse'), ...factors.filter((f) => f.rating === 'weak')];
  return ordered.map((f) => ({ text: `${f.label} (${f.rating}; ${f.provisions.join(', ')}): ${f.finding}`, factor: f.id }));
}

export interface RationaleInput {
  rubric: Rubric;
  factors: readonly ScoredFactor[];
  rubricScore: number;
  /** Issues the detective researched (descriptions only), when research ran. */
  researchedIssues: readonly string[];
}

export function rationaleOf({ rubric, factors, rubricScore, researchedIssues }: RationaleInput): string {
  const strong = factors.filter((f) => f.rating === 'strong');
  const adverse = factors.filter((f) => f.rating === 'adverse');
  const weak = factors.filter((f) => f.rating === 'weak');
  const missing = factors.filter((f) => f.rating === 'no-evidence');
  const sentences = [
    `Rules-only assessment of the file against the ${rubric.label} rubric (${rubric.id} v${rubric.version}): the ${factors.length} weighted factors give a rubric score of ${rubricScore} out of 100.`,
  ];
  if (strong.length) sentences.push(`Strongest factors: ${listOf(strong)}.`);
  if (adverse.length) sentences.push(`Adverse findings, each quoted from the documents: ${adverse.map((f) => `${f.label.toLowerCase()} (${f.provisions.join(', ')})`).join('; ')}.`);
  if (weak.length) sentences.push(`Weak factors: ${listOf(weak)}.`);
  if (missing.length) sentences.push(`No evidence was found for ${listOf(missing)}; these earn nothing and lower the confidence, but are not counted against the file.`);
  if (researchedIssues.length) sentences.push(`Legal research covered ${researchedIssues.length} issue(s): ${researchedIssues.slice(0, 5).join('; ')}.`);
  sentences.push('The score measures how defensible the file is on its documents; it does not predict the officer\'s decision.');
  return sentences.join(' ');
}
