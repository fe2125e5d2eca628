import type { Deadline, Forum } from '../../contracts/legalAnalysis';
import type { CaseInput } from '../caseInput';
import { reviewDeadlines } from './reviewDeadlines';
import { restorationDeadline } from './restorationDeadline';
import { expressEntryDeadline, misrepresentationDeadlines, passportDeadline, type PassportDates } from './statusDeadlines';

export type { PassportDates } from './statusDeadlines';

/** Every deadline and period the file's facts allow: the review's first, then the periods, then the documents'. */
export function computeDeadlines(input: CaseInput, forum: Forum | undefined, passport?: PassportDates): Deadline[] {
  return [...reviewDeadlines(input, forum), ...restorationDeadline(input), ...misrepresentationDeadlines(input), ...expressEntryDeadline(input), ...passportDeadline(input, passport)];
}
