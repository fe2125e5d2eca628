/**
 * The federal skilled worker class: one continuous year of full-time (or equivalent) work in a TEER
 * 0–3 occupation within the ten years before the application (IRPR 75(2)(a), whose failure refuses
 * the application, 75(3)); the credential and its assessment (75(2)(e)); the selection points
 * (76(1)(a)), which this audit does not award and so always leaves as a check; and funds (76(1)(b)).
 */
import type { ProvisionFinding } from '../../contracts/legalAnalysis';
import { hasDocument, type CaseInput } from '../caseInput';
import { findingOf } from '../provisions/ruleData';
import type { ApplicationDay } from './applicationDay';
import { eligibilityRule } from './eligibilityData';
import { settlementFunds } from './settlementFunds';
import { countDays, describeDays, teerOf, windowBefore, workPeriods, YEAR_DAYS } from './workPeriods';

function experience(input: CaseInput, day: ApplicationDay): ProvisionFinding[] {
  const rule = eligibilityRule('ee:fsw-experience');
  const periods = workPeriods(input);
  const window = windowBefore(day.day, 10);
  if (periods.length === 0) {
    return [findingOf(rule, 'check', `The file dates no work experience, so the continuous year of skilled work within the ten years before ${day.phrase} that IRPR 75(2)(a) requires cannot be counted.`, input.facts.application.evidence.slice(0, 1))];
  }
  const skilled = (t: number | undefined) => t !== undefined && t <= 3;
  // Study does not interrupt or reduce a skilled worker's experience: IRPR 75 has no rule like 87.1(3)(a).
  const sure = countDays(periods.filter((p) => skilled(teerOf(p.noc))), window, [], 'sure').continuous;
  if (sure >= YEAR_DAYS) return [];
  const possible = countDays(periods.filter((p) => teerOf(p.noc) === undefined || skilled(teerOf(p.noc))), window, [], 'possible').continuous;
  const facts = periods.map((p) => p.event.evidence).slice(0, 4);
  if (possible < YEAR_DAYS) {
    return [findingOf(rule, 'engaged', `The longest continuous period of skilled work the file dates between ${window.first} and ${window.last} (the ten years before ${day.phrase}) comes to at most ${describeDays(possible)} of full-time work: less than the continuous year IRPR 75(2)(a) requires, and IRPR 75(3) then requires refusal.`, facts, rule.check)];
  }
  return [findingOf(rule, 'check', `The file's dated work reaches a continuous year within the ten years before ${day.phrase} only if its open points (hours per week, the occupation's NOC code, dates to the day) are resolved in the applicant's favour: ${describeDays(sure)} surely qualify, up to ${describeDays(possible)} may.`, facts, rule.check)];
}

function credential(input: CaseInput): ProvisionFinding[] {
  if (hasDocument(input, 'educational-credential-assessment')) return [];
  const rule = eligibilityRule('ee:fsw-credential');
  return [findingOf(rule, 'check', 'The file holds no educational credential assessment: IRPR 75(2)(e) requires a Canadian credential, or a foreign one with a designated organisation\'s equivalency assessment less than five years old on the day the application is made.', input.facts.application.evidence.slice(0, 1))];
}

function points(input: CaseInput): ProvisionFinding[] {
  const rule = eligibilityRule('ee:fsw-points');
  return [findingOf(rule, 'check', 'The federal skilled worker selection grid (education, language, experience, age, arranged employment, adaptability: IRPR 78–83) is not scored by this audit, so whether the minimum the Minister fixes under IRPR 76(2) is reached is not assessed.', input.facts.application.evidence.slice(0, 1))];
}

export function federalSkilledWorker(input: CaseInput, day: ApplicationDay): ProvisionFinding[] {
  return [...experience(input, day), ...credential(input), ...points(input), ...settlementFunds(input, 'fsw')];
}

/** The TEER of the primary occupation (the latest coded job), for the language threshold. */
export const primaryTeer = (input: CaseInput): number | undefined => {
  const coded = workPeriods(input).filter((p) => p.noc);
  return teerOf(coded[coded.length - 1]?.noc);
};
