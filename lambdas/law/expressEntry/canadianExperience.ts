/**
 * IRPR 87.1(2)(a) with 87.1(3): at least one year of full-time (or equivalent part-time) work in
 * Canada in TEER 0–3 occupations within the three years before the application, not counting
 * self-employment or work while a full-time student. Engaged when even the most generous reading of
 * the file's dated work falls short; silent when the sure reading reaches the year; otherwise a check
 * naming what the file leaves open (hours, occupation code, place, study overlapping the work).
 */
import type { ProvisionFinding } from '../../contracts/legalAnalysis';
import type { CaseInput } from '../caseInput';
import { findingOf } from '../provisions/ruleData';
import type { ApplicationDay } from './applicationDay';
import { eligibilityRule } from './eligibilityData';
import { countDays, describeDays, studyPeriods, teerOf, weeklyShare, windowBefore, workPeriods, YEAR_DAYS, type WorkPeriod } from './workPeriods';

const SKILLED = (teer: number | undefined) => teer !== undefined && teer <= 3;

/** What keeps a period out of the sure count, in words. */
function openQuestions(periods: readonly WorkPeriod[], studies: ReturnType<typeof studyPeriods>): string[] {
  const out = new Set<string>();
  for (const p of periods) {
    if (p.selfEmployed) continue;
    if (weeklyShare(p) === undefined) out.add('the hours per week of a job are not stated (full-time is 30 hours a week, IRPR 73(1))');
    if (teerOf(p.noc) === undefined) out.add("a job's NOC code (and so its TEER category) is not stated");
    if (!p.inCanada) out.add('a job is not shown to have been in Canada');
    if (p.first.sure !== p.first.possible || (p.last && p.last.sure !== p.last.possible)) out.add('a period is dated only to the month or year');
  }
  if (studies.some((s) => !s.fullTime)) out.add('a period of study overlaps the work and is not shown to have been part-time (IRPR 87.1(3)(a))');
  return [...out];
}

export function canadianExperience(input: CaseInput, day: ApplicationDay): ProvisionFinding[] {
  const rule = eligibilityRule('ee:cec-experience');
  const periods = workPeriods(input);
  const window = windowBefore(day.day, 3);
  if (periods.length === 0) {
    return [findingOf(rule, 'check', `The file dates no work in Canada, so the one year of skilled Canadian work in the three years before ${day.phrase} (${window.first} to ${window.last}) that IRPR 87.1(2)(a) requires cannot be counted.`, input.facts.application.evidence.slice(0, 1))];
  }
  const studies = studyPeriods(input).filter((s) => (s.last?.sure ?? window.last) >= window.first && s.first.sure <= window.last);
  const sureSet = periods.filter((p) => p.inCanada && !p.selfEmployed && SKILLED(teerOf(p.noc)));
  const possibleSet = periods.filter((p) => !p.selfEmployed && (p.inCanada || !p.event.country) && (teerOf(p.noc) === undefined || SKILLED(teerOf(p.noc))));
  const sure = countDays(sureSet, window, studies, 'sure').total;
  if (sure >= YEAR_DAYS) return [];
  const possible = countDays(possibleSet, window, studies, 'possible').total;
  const facts = [...periods.map((p) => p.event.evidence), ...studies.map((s) => s.event.evidence)].slice(0, 4);
  const left = [
    periods.some((p) => p.selfEmployed) ? 'self-employment left out (IRPR 87.1(3)(b))' : undefined,
    studies.some((s) => s.fullTime) ? 'days of full-time study left out (IRPR 87.1(3)(a))' : undefined,
  ].filter(Boolean);
  const counted = `${left.length ? `, with ${left.join(' and ')}` : ''}`;
  if (possible < YEAR_DAYS) {
    return [
      findingOf(
        rule,
        'engaged',
        `The qualifying Canadian work the file dates between ${window.first} and ${window.last} (the three years before ${day.phrase}) comes to at most ${describeDays(possible)} of full-time work${counted}: less than the one year IRPR 87.1(2)(a) requires, so the applicant is not yet a member of the Canadian experience class.`,
        facts,
        `Confirm every period of Canadian work in the window with its hours; if none is missing, the application should wait until one full year is reached.`,
      ),
    ];
  }
  const questions = openQuestions(periods, studies);
  return [
    findingOf(
      rule,
      'check',
      `The Canadian work the file dates between ${window.first} and ${window.last} (the three years before ${day.phrase}) comes to ${describeDays(sure)} of full-time work that surely qualifies${counted}, and up to ${describeDays(possible)} if the open points are resolved in the applicant's favour: whether one year is reached (IRPR 87.1(2)(a)) depends on them.`,
      facts,
      `${questions.length ? `Establish: ${questions.join('; ')}. ` : ''}${rule.check}`,
    ),
  ];
}
