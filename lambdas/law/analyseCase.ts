/**
 * The legal analysis of a file (`LegalAnalysis`): the provision rules over the case-fact model,
 * the deadlines and periods, and for a refusal the forum and the grounds of review. Pure: the same
 * facts and day give the same analysis.
 */
import type { LegalAnalysis } from '../contracts/legalAnalysis';
import type { CaseInput } from './caseInput';
import { computeDeadlines, type PassportDates } from './deadlines';
import { applyProvisions } from './provisions';
import { forumOf } from './review/forum';
import { groundsOfReview } from './review/groundsOfReview';

export type { CaseInput } from './caseInput';
export type { PassportDates } from './deadlines';

export interface AnalyseCaseInput extends CaseInput {
  /** The passport's expiry and the end of the intended stay, as the gatekeeper read them. */
  passport?: PassportDates;
}

export function analyseCase(input: AnalyseCaseInput): LegalAnalysis {
  const forum = forumOf(input);
  return {
    asOf: input.asOf,
    findings: applyProvisions(input),
    deadlines: computeDeadlines(input, forum, input.passport),
    ...(forum ? { review: { forum, grounds: groundsOfReview(input) } } : {}),
  };
}
