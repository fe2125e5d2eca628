import { type ScoredFactor, StrategistOutput } from '../../contracts/strategistOutput';
import { rubricScore } from './scoring/rubricScore';
import type { GateCheck } from '../../core/gates/gateCheck';
import { gateError, gateWarning, isRecord, schemaIssues } from '../../core/gates/gateIssues';
import type { GateIssue } from '../../core/gates/gateSchema';
import { CaseDocuments } from '../../core/gates/checks/caseDocuments';
import { checkEvidence, collectEvidence } from '../../core/gates/checks/evidenceChecks';
import { citationsOutside, researchedKeys } from '../../core/gates/checks/modelText';
import { promiseIssues, proseOf } from '../../core/gates/checks/promiseLanguage';

/** The largest adjustment the model layer may make to the rubric score (DESIGN §3). */
export const MAX_ADJUSTMENT = 10;

const clamp = (n: number) => Math.min(100, Math.max(0, n));
const isScore = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 100;

/** The rubric score the factors give, or undefined when they cannot give one. */
export function rubricScoreOf(factors: unknown): number | undefined {
  if (!Array.isArray(factors) || !factors.length) return undefined;
  for (const f of factors) {
    if (!isRecord(f) || typeof f.weight !== 'number' || typeof f.earned !== 'number' || f.weight <= 0 || f.earned < 0 || f.earned > 1) return undefined;
  }
  // The one formula (scoring/rubricScore.ts): factors without evidence are left out of the scale.
  return rubricScore(factors as Array<{ weight: number; earned: number; rating?: ScoredFactor['rating'] }>);
}

function scoreIssues(output: Record<string, unknown>): GateIssue[] {
  const issues: GateIssue[] = [];
  for (const field of ['rubricScore', 'defensibilityScore'] as const) {
    const value = output[field];
    if (typeof value === 'number' && !isScore(value)) {
      issues.push(gateError('strategist.score-out-of-range', `${field} is ${value}; scores are whole numbers from 0 to 100`, `report ${field} as an integer between 0 and 100`, [field]));
    }
  }

  const expectedRubric = rubricScoreOf(output.factors);
  if (Array.isArray(output.factors) && output.factors.length === 0) {
    issues.push(gateWarning('strategist.no-factors', 'the score rests on no rubric factor, so nobody can reproduce it', 'score the file against every factor of the rubric for its application type', ['factors']));
  }
  if (expectedRubric !== undefined && typeof output.rubricScore === 'number' && output.rubricScore !== expectedRubric) {
    issues.push(
      gateError('strategist.rubric-score-mismatch', `rubricScore is ${output.rubricScore} but its factors give ${expectedRubric} (round(100 × Σ weight·earned / Σ weight) over the factors that rest on evidence)`, `set rubricScore to ${expectedRubric}, or correct the factors that are wrong`, ['rubricScore', 'factors']),
    );
  }

  const adjustment = output.modelAdjustment;
  let points = 0;
  if (isRecord(adjustment)) {
    if (typeof adjustment.points === 'number') points = adjustment.points;
    if (typeof adjustment.points !== 'number' || !Number.isInteger(adjustment.points) || Math.abs(adjustment.points) > MAX_ADJUSTMENT) {
      issues.push(
        gateError('strategist.adjustment-out-of-range', `the model adjustment is ${String(adjustment.points)} points; it must be a whole number within ±${MAX_ADJUSTMENT}`, `keep the adjustment within ±${MAX_ADJUSTMENT} points, or leave the rubric score as it is`, ['modelAdjustment.points']),
      );
    }
    if (typeof adjustment.reason !== 'string' || !adjustment.reason.trim()) {
      issues.push(gateError('strategist.adjustment-without-reason', 'the rubric score was adjusted without a stated reason', 'state why the score was adjusted, in a sentence a lawyer can check, or drop the adjustment', ['modelAdjustment.reason']));
    }
  } else if (adjustment !== null && adjustment !== undefined) {
    issues.push(gateError('strategist.adjustment-malformed', 'modelAdjustment must be null or {points, reason}', 'set modelAdjustment to null in rules-only mode, or to {points, reason}', ['modelAdjustment']));
  }

  if (typeof output.rubricScore === 'number' && typeof output.defensibilityScore === 'number' && Number.isFinite(points)) {
    const expected = clamp(output.rubricScore + points);
    if (output.defensibilityScore !== expected) {
      issues.push(
        gateError('strategist.defensibility-score-mismatch', `defensibilityScore is ${output.defensibilityScore} but rubricScore ${output.rubricScore} adjusted by ${points} gives ${expected}`, `set defensibilityScore to ${expected} (rubricScore + adjustment, clamped to 0–100)`, ['defensibilityScore', 'rubricScore', 'modelAdjustment']),
      );
    }
  }
  return issues;
}

/**
 * The model adjustment's reason cites only authorities the detective retrieved and provisions the
 * rubric factors name: a model cannot bring a new authority into the audit through the strategist.
 */
async function adjustmentCitationIssues(output: Record<string, unknown>, outputOf: <T>(stageId: string) => Promise<T | undefined>): Promise<GateIssue[]> {
  const adjustment = output.modelAdjustment;
  if (!isRecord(adjustment) || typeof adjustment.reason !== 'string') return [];
  const allowed = researchedKeys(await outputOf('detective'));
  for (const f of Array.isArray(output.factors) ? output.factors : []) {
    if (isRecord(f) && Array.isArray(f.provisions)) f.provisions.forEach((p) => typeof p === 'string' && allowed.add(p));
  }
  return citationsOutside(adjustment.reason, allowed).map((c) =>
    gateError(
      'strategist.adjustment-cites-unresearched-authority',
      `the model adjustment's reason cites ${c.kind === 'case' ? 'a decision' : 'a provision'} that the detective did not retrieve`,
      'give the reason from the documents and the rubric only, or drop the adjustment',
      ['modelAdjustment.reason', c.citation],
    ),
  );
}

/**
 * Strategist: the output matches StrategistOutput, the scores are reproducible from the rubric factors
 * and the bounded adjustment (which cites nothing the detective did not retrieve), no passage promises
 * an outcome, and every quote is verbatim.
 */
export const strategistGate: GateCheck = {
  agent: 'strategist',
  async check({ output, blobs, outputOf }) {
    const issues = schemaIssues(StrategistOutput, output, 'strategist.schema', 'StrategistOutput');
    if (!isRecord(output)) return issues;
    issues.push(...scoreIssues(output));
    issues.push(...(await adjustmentCitationIssues(output, outputOf)));
    issues.push(...promiseIssues(proseOf(output), 'strategist.outcome-promise'));
    const docs = new CaseDocuments(blobs, await outputOf('intake'));
    issues.push(...(await checkEvidence(collectEvidence(output), docs, 'strategist')));
    return issues;
  },
};
