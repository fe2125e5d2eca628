/**
 * IRPR 130(3): a sponsor who became a permanent resident (or citizen) after being sponsored as a
 * spouse or partner may sponsor a spouse or partner only after five years of status immediately
 * preceding the filing. The first day such a sponsorship may be filed is the fifth anniversary of
 * the sponsor's landing. Only a sponsor whose own landing as a sponsored spouse or partner is in
 * the timeline is tested: a sponsor born in Canada, or who landed otherwise, is never.
 */
import type { ProvisionFinding } from '../../contracts/legalAnalysis';
import { addDays, addYears, dayRange, describeDate } from '../calendar';
import { eventsOf, evidenceOf, isPartnerSponsorship, type CaseInput } from '../caseInput';
import { FILING_DAY_UNKNOWN, filingDay } from '../filingDay';
import { findingOf, provisionRule } from './ruleData';
import { onOrBefore, shifted, spoken } from './window';

export function sponsoredSponsorFiveYears(input: CaseInput): ProvisionFinding[] {
  if (!isPartnerSponsorship(input)) return [];
  const landings = eventsOf(input, 'landed-as-sponsored-partner', ['sponsor']);
  if (landings.length === 0) return [];
  const rule = provisionRule('bar:sponsored-sponsor-five-years');
  const landing = landings.find((e) => e.date);
  if (!landing) {
    return [findingOf(rule, 'check', 'The sponsor became a permanent resident as a sponsored spouse or partner, on a day the file does not give; a new spousal sponsorship is barred until five years of status have passed (IRPR 130(3)).', evidenceOf(...landings))];
  }
  const allowed = shifted(dayRange(landing.date!), (d) => addYears(d, 5));
  const filing = filingDay(input);
  // Barred when filed before the fifth anniversary, i.e. on or before the day before it.
  const barred = onOrBefore(filing.range, shifted(allowed, (d) => addDays(d, -1)));
  if (barred === 'no') return [];
  const arithmetic = `The sponsor became a permanent resident as a sponsored spouse or partner on ${describeDate(landing.date!)}; five years of status are complete on ${spoken(allowed)}`;
  if (barred === 'unclear') {
    return [findingOf(rule, 'check', `${arithmetic}; ${filing.phrase} may fall before that day: the sponsor may not sponsor a spouse or partner until then (IRPR 130(3)).`, evidenceOf(landing))];
  }
  return [
    findingOf(rule, 'engaged', `${arithmetic}; ${filing.phrase} comes before that day: the sponsor may not sponsor a spouse or partner yet (IRPR 130(3)).`, evidenceOf(landing), filing.event ? undefined : FILING_DAY_UNKNOWN),
  ];
}
