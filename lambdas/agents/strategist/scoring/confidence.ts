/**
 * Confidence in the score: how much of the rubric's weight rests on evidence found in the documents,
 * whether the application type was recognised, and whether every document could be read.
 */
import type { ScoredFactor, StrategistOutput } from '../../../contracts/strategistOutput';
import type { Rubric } from '../rubrics/rubricSchema';
import type { CaseFile } from '../text/caseFile';

export interface Confidence {
  confidence: StrategistOutput['confidence'];
  confidenceReason: string;
}

export function assessConfidence(file: CaseFile, rubric: Rubric, factors: readonly ScoredFactor[]): Confidence {
  const total = factors.reduce((s, f) => s + f.weight, 0);
  const evidenced = factors.filter((f) => f.rating !== 'no-evidence');
  const share = total ? evidenced.reduce((s, f) => s + f.weight, 0) / total : 0;
  const percent = Math.round(share * 100);
  const coverage = `${evidenced.length} of ${factors.length} factors (${percent}% of the rubric's weight) rest on evidence found in the documents`;
  if (file.applicationType === 'unknown') {
    return {
      confidence: 'low',
      confidenceReason: `The application type was not recognised (${file.applicationTypeReason}), so only the minimal rubric was applied; ${coverage}. Treat the score as indicative only.`,
    };
  }
  let confidence: Confidence['confidence'] = share >= rubric.confidence.high ? 'high' : share >= rubric.confidence.medium ? 'medium' : 'low';
  const reasons = [`The application type was recognised as ${rubric.label}`, coverage];
  if (file.unread.length && confidence === 'high') {
    confidence = 'medium';
    reasons.push(`${file.unread.length} document(s) could not be read, so part of the file was not assessed`);
  } else if (file.unread.length) {
    reasons.push(`${file.unread.length} document(s) could not be read`);
  }
  return { confidence, confidenceReason: `${reasons.join('; ')}.` };
}
