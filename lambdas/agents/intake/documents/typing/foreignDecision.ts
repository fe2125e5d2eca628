/**
 * A decision of another country. A Canadian immigration decision names Canada, its department, Act
 * or Regulations somewhere (lexicon/canadianAuthority.json); a consular refusal of another country
 * (a US 214(b) notice, a Schengen or Home Office refusal) names none of them. Such a notice is still a
 * refusal letter by type (the contracts have one type for a refusal, and the applicant's refusal
 * history is read from it), but it is never the Canadian decision a refusal file answers.
 */
import * as z from 'zod';
import { foldText } from './foldText';
import { phrasePattern } from './phrasePattern';
import authorityJson from './lexicon/canadianAuthority.json';

const CanadianAuthority = z.strictObject({ $comment: z.string(), phrases: z.array(z.string().min(1)).min(1) });
const CANADIAN = phrasePattern(CanadianAuthority.parse(authorityJson).phrases);

/** True when a decision's text names no Canadian authority, Act, Regulations or provision anywhere. */
export function decidedByAnotherCountry(text: string): boolean {
  return foldText(text).search(CANADIAN) < 0;
}
