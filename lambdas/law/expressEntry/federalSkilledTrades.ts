/**
 * The federal skilled trades class: two years of full-time (or equivalent) work in a skilled trade
 * (the NOC groups of IRPR 87.2(1)) within the five years before the application (87.2(3)(b)); a
 * certificate of qualification or a qualifying offer (87.2(3)(d)); and funds (87.2(5)).
 */
import type { ProvisionFinding } from '../../contracts/legalAnalysis';
import { hasDocument, type CaseInput } from '../caseInput';
import { findingOf } from '../provisions/ruleData';
import type { ApplicationDay } from './applicationDay';
import { eligibilityRule } from './eligibilityData';
import { settlementFunds } from './settlementFunds';
import { countDays, describeDays, isSkilledTrade, windowBefore, workPeriods, YEAR_DAYS } from './workPeriods';

const TWO_YEARS = 2 * YEAR_DAYS;

function experience(input: CaseInput, day: ApplicationDay): ProvisionFinding[] {
  const rule = eligibilityRule('ee:fst-experience');
  const periods = workPeriods(input);
  const window = windowBefore(day.day, 5);
  if (periods.length === 0) {
    return [findingOf(rule, 'check', `The file dates no work in a trade, so the two years in the five years before ${day.phrase} that IRPR 87.2(3)(b) requires cannot be counted.`, input.facts.application.evidence.slice(0, 1))];
  }
  const sure = countDays(periods.filter((p) => p.noc && isSkilledTrade(p.noc)), window, [], 'sure').total;
  if (sure >= TWO_YEARS) return [];
  const possible = countDays(periods.filter((p) => !p.noc || isSkilledTrade(p.noc)), window, [], 'possible').total;
  const facts = periods.map((p) => p.event.evidence).slice(0, 4);
  if (possible < TWO_YEARS) {
    return [findingOf(rule, 'engaged', `The work in a skilled trade the file dates between ${window.first} and ${window.last} (the five years before ${day.phrase}) comes to at most ${describeDays(possible)} of full-time work: less than the two years IRPR 87.2(3)(b) requires.`, facts, rule.check)];
  }
  return [findingOf(rule, 'check', `The file's dated work reaches two years in a skilled trade within the five years before ${day.phrase} only if its open points (hours, the trade's NOC code, dates to the day, when the applicant qualified to practise) are resolved in the applicant's favour: ${describeDays(sure)} surely qualify, up to ${describeDays(possible)} may.`, facts, rule.check)];
}

function offerOrCertificate(input: CaseInput): ProvisionFinding[] {
  if (hasDocument(input, 'job-offer') || hasDocument(input, 'lmia')) return [];
  const rule = eligibilityRule('ee:fst-offer-or-certificate');
  return [findingOf(rule, 'check', 'The file shows neither an offer of employment in the trade nor is a certificate of qualification typed among its documents: IRPR 87.2(3)(d) requires one of them.', input.facts.application.evidence.slice(0, 1))];
}

export function federalSkilledTrades(input: CaseInput, day: ApplicationDay): ProvisionFinding[] {
  return [...experience(input, day), ...offerOrCertificate(input), ...settlementFunds(input, 'fst')];
}
