/**
 * The applicant's periods of work and full-time study as the economic classes count them, from the
 * `employment` and `study` events the reader filled (`detail`: "NOC 21232; 37.5 hours per week;
 * full-time; self-employed"), and the count of qualifying work in a window before the application.
 *
 * One year of full-time work is counted as 365 days at 30 hours or more a week (IRPR 73(1): full-time
 * is at least 30 hours a week); part-time counts in proportion (15 hours a week for two years is one
 * year's equivalent); simultaneous jobs count once (as IRPR 80(4) does for points). A day counts only
 * once its period is known to the day: a month-precision start is counted from its last possible day
 * for the sure count and from its first for the possible one, so a line that falls inside the month
 * becomes a check.
 */
import type { TimelineEvent } from '../../contracts/caseFacts';
import { addDays, dayRange, daysBetween, later, earlier } from '../calendar';
import { eventsOf, type CaseInput } from '../caseInput';
import skilledTrades from './skilledTrades.json';

export const FULL_TIME_HOURS = 30;
export const YEAR_DAYS = 365;

/** A period's first and last days on the sure and on the possible reading. */
interface PeriodBounds {
  first: { sure: string; possible: string };
  /** Absent for an open period (it runs to the day before the application). */
  last?: { sure: string; possible: string };
}

/**
 * The bounds of a dated period whose dates may be a month or a year. `inner` makes the sure reading the
 * shortest period the dates allow (days surely worked count towards a class); `outer` the longest (days
 * possibly studied are left out of the work, so the sure count leaves out the most).
 */
function periodBounds(event: TimelineEvent, sure: 'inner' | 'outer'): PeriodBounds {
  const start = dayRange(event.date!);
  const end = event.end ? dayRange(event.end) : undefined;
  const inner = sure === 'inner';
  return {
    first: inner ? { sure: start.last, possible: start.first } : { sure: start.first, possible: start.last },
    ...(end ? { last: inner ? { sure: end.first, possible: end.last } : { sure: end.last, possible: end.first } } : {}),
  };
}

export interface WorkPeriod extends PeriodBounds {
  event: TimelineEvent;
  hoursPerWeek?: number;
  partTime: boolean;
  fullTime: boolean;
  noc?: string;
  selfEmployed: boolean;
  inCanada: boolean;
}

const NOC_IN_DETAIL = /\bNOC (\d{5})\b/;
const HOURS_IN_DETAIL = /(\d+(?:\.\d+)?) hours per week/;

export function workPeriods(input: CaseInput): WorkPeriod[] {
  return eventsOf(input, 'employment', ['applicant'])
    .filter((e) => e.date)
    .map((event) => {
      const detail = event.detail ?? '';
      const hours = HOURS_IN_DETAIL.exec(detail);
      return {
        event,
        ...periodBounds(event, 'inner'),
        ...(hours ? { hoursPerWeek: Number(hours[1]) } : {}),
        partTime: /\bpart-time\b/.test(detail),
        fullTime: /\bfull-time\b/.test(detail),
        ...(NOC_IN_DETAIL.exec(detail) ? { noc: NOC_IN_DETAIL.exec(detail)![1] } : {}),
        selfEmployed: /\bself-employed\b/.test(detail),
        inCanada: /^canada$/i.test(event.country ?? ''),
      };
    });
}

/** The TEER category is the NOC 2021 code's second digit. */
export const teerOf = (noc: string | undefined): number | undefined => (noc ? Number(noc[1]) : undefined);

/** IRPR 87.2(1): a skilled trade occupation by its NOC groups. */
export function isSkilledTrade(noc: string): boolean {
  return skilledTrades.include.some((p) => noc.startsWith(p)) && !skilledTrades.exclude.some((p) => noc.startsWith(p));
}

/** Share of a full-time week a period's work is, or undefined when the file does not say. */
export function weeklyShare(p: WorkPeriod): number | undefined {
  if (p.hoursPerWeek !== undefined) return Math.min(1, p.hoursPerWeek / FULL_TIME_HOURS);
  if (p.fullTime && !p.partTime) return 1;
  return undefined;
}

export interface StudyPeriod extends PeriodBounds {
  event: TimelineEvent;
  /** The reader saw "full-time"; otherwise whether the study was full-time is not known. */
  fullTime: boolean;
}

export function studyPeriods(input: CaseInput): StudyPeriod[] {
  return eventsOf(input, 'study', ['applicant'])
    .filter((e) => e.date)
    .map((event) => ({
      event,
      ...periodBounds(event, 'outer'),
      fullTime: /\bfull-time\b/.test(event.detail ?? ''),
    }));
}

export interface Window {
  first: string;
  last: string;
}

/** The `years` before the application day: from the same day `years` earlier to the day before it. */
export function windowBefore(applicationDay: string, years: number): Window {
  const [y, m, d] = applicationDay.split('-').map(Number);
  const first = `${String(y - years).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d === 29 && m === 2 ? 28 : d).padStart(2, '0')}`;
  return { first, last: addDays(applicationDay, -1) };
}

export type Reading = 'sure' | 'possible';

export interface Count {
  /** Full-time-equivalent days in the window. */
  total: number;
  /** Full-time-equivalent days of the longest run of consecutive working days (a "continuous period"). */
  continuous: number;
}

/**
 * Full-time-equivalent days of the periods inside the window, each day counted once at the highest
 * share worked that day, with days of full-time study left out (IRPR 87.1(3)(a)). The sure reading
 * takes each period's narrowest bounds, counts a period of unstated hours as nothing and leaves out
 * study not known to be part-time; the possible reading takes the widest bounds, counts unstated
 * hours as full-time and leaves out only study known to be full-time.
 */
export function countDays(periods: readonly WorkPeriod[], window: Window, studies: readonly StudyPeriod[], reading: Reading): Count {
  const spans = periods
    .map((p) => ({ first: later(p.first[reading], window.first), last: earlier(p.last?.[reading] ?? window.last, window.last), share: weeklyShare(p) ?? (reading === 'sure' ? 0 : 1) }))
    .filter((s) => s.first <= s.last && s.share > 0);
  const excluded = studies
    .filter((s) => s.fullTime || reading === 'sure')
    // A study event without an end (a credential's date) is that day only, not study ever since.
    .map((s) => ({ first: s.first[reading], last: s.last ? s.last[reading] : s.first[reading === 'sure' ? 'possible' : 'sure'] }));
  let total = 0;
  let run = 0;
  let continuous = 0;
  const days = daysBetween(window.first, window.last);
  for (let i = 0, day = window.first; i <= days; i++, day = addDays(day, 1)) {
    const studying = excluded.some((s) => s.first <= day && day <= s.last);
    const share = studying ? 0 : Math.max(0, ...spans.filter((s) => s.first <= day && day <= s.last).map((s) => s.share));
    total += share;
    run = share > 0 ? run + share : 0;
    continuous = Math.max(continuous, run);
  }
  return { total, continuous };
}

/** "1 year and 40 days" / "310 days" of full-time-equivalent work. */
export function describeDays(days: number): string {
  const whole = Math.floor(days + 1e-9);
  if (whole < YEAR_DAYS) return `${whole} days`;
  const years = Math.floor(whole / YEAR_DAYS);
  const rest = whole - years * YEAR_DAYS;
  return `${years} year${years > 1 ? 's' : ''}${rest ? ` and ${rest} days` : ''}`;
}
