/**
 * The day the economic classes count back from: the application's day when the file dates it,
 * otherwise the day of the analysis (an application made today), said so in every sentence.
 */
import { filingDay } from '../filingDay';
import type { CaseInput } from '../caseInput';

export interface ApplicationDay {
  day: string;
  /** "this application, dated 2026-03-02" / "an application filed today (2026-11-06)". */
  phrase: string;
}

export function applicationDay(input: CaseInput): ApplicationDay {
  const filing = filingDay(input);
  return { day: filing.range.day ?? filing.range.last, phrase: filing.phrase };
}
