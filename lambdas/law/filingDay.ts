/**
 * The day the application was made, which most bars are tested on: the latest dated `application`
 * event of the applicant or the sponsor. When the file does not date it, the rules test a filing on
 * the day of the analysis and say so.
 */
import type { TimelineEvent } from '../contracts/caseFacts';
import { dayRange, type DayRange } from './calendar';
import { latestOf, type CaseInput } from './caseInput';

export interface FilingDay {
  range: DayRange;
  /** The dated event, or none when the analysis day stands in for it. */
  event?: TimelineEvent;
  /** "this application, dated 2024-11-02" / "an application filed today (2026-11-28)". */
  phrase: string;
}

export function filingDay(input: CaseInput): FilingDay {
  const event = latestOf(input, ['application'], ['applicant', 'sponsor']);
  if (event?.date) {
    const range = dayRange(event.date);
    return { range, event, phrase: `this application, dated ${range.day ?? event.date.iso}` };
  }
  return { range: { first: input.asOf, last: input.asOf, day: input.asOf }, phrase: `an application filed today (${input.asOf})` };
}

/** Added to a check when the filing day was not in the file. */
export const FILING_DAY_UNKNOWN = 'The file does not date the application: the rule was tested on a filing today; confirm the day it was (or will be) filed.';
