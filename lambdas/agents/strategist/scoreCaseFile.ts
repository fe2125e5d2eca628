/**
 * The Strategist's deterministic core: the rubric of the file's application type, every factor rated
 * from the documents, the score, the confidence, strengths, weaknesses, rationale and evidence plan.
 * Rules only: the model adjustment is null and the defensibility score equals the rubric score.
 */
import { StrategistOutput } from '../../contracts/strategistOutput';
import { refusedKindOf } from '../../core/caseKind/answersRefusal';
import { loadRefusalRubric, loadRubric } from './rubrics/loadRubric';
import { assessConfidence } from './scoring/confidence';
import { evidencePlanOf } from './scoring/evidencePlan';
import { rationaleOf, strengthsOf, weaknessesOf } from './scoring/pointsAndRationale';
import { defensibilityScore, rubricScore } from './scoring/rubricScore';
import { scoreFactors } from './scoring/scoreFactors';
import type { CaseFile } from './text/caseFile';

export interface ScoreOptions {
  /** Issue descriptions the detective researched; mentioned in the rationale only. */
  researchedIssues?: readonly string[];
}

export function scoreCaseFile(file: CaseFile, options: ScoreOptions = {}): StrategistOutput {
  // An old audit typed 'refusal-response' answers a refusal too, with the refused kind unknown.
  const refusal = file.respondsToRefusal || file.applicationType === 'refusal-response';
  const rubric = refusal ? loadRefusalRubric(refusedKindOf(file.applicationType)) : loadRubric(file.applicationType);
  const rated = scoreFactors(file, rubric);
  const factors = rated.map((r) => r.scored);
  const score = rubricScore(factors);
  const modelAdjustment = null;
  return StrategistOutput.parse({
    applicationType: file.applicationType,
    rubric: { id: rubric.id, version: rubric.version },
    factors,
    rubricScore: score,
    modelAdjustment,
    defensibilityScore: defensibilityScore(score, modelAdjustment),
    ...assessConfidence(file, rubric, factors),
    rationale: rationaleOf({ rubric, factors, rubricScore: score, researchedIssues: options.researchedIssues ?? [] }),
    strengths: strengthsOf(factors),
    weaknesses: weaknessesOf(factors),
    evidencePlan: evidencePlanOf(file, rated),
  });
}
