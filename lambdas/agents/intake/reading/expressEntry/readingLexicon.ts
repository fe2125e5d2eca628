/**
 * The Express Entry reader's lexicon (`expressEntryReading.json`), compiled once: each list of
 * patterns becomes one case-insensitive regular expression.
 */
import raw from './expressEntryReading.json';

export const ABILITIES = ['listening', 'reading', 'writing', 'speaking'] as const;
export type Ability = (typeof ABILITIES)[number];

const anyOf = (patterns: readonly string[], flags = 'iu') => new RegExp(patterns.map((p) => `(?:${p})`).join('|'), flags);

export const TESTS: ReadonlyArray<{ test: string; cue: RegExp }> = raw.tests.map((t) => ({ test: t.test, cue: anyOf(t.cues) }));
export const ABILITY_LABELS: Readonly<Record<Ability, RegExp>> = Object.fromEntries(ABILITIES.map((a) => [a, anyOf(raw.abilities[a], 'giu')])) as Record<Ability, RegExp>;
export const TEST_DATE = anyOf(raw.testDate);
export const PERIOD_START = anyOf(raw.periodStart, 'giu');
export const PERIOD_END = anyOf(raw.periodEnd);
export const ONGOING = anyOf(raw.ongoing);
export const HOURS_PER_WEEK = anyOf(raw.hoursPerWeek);
export const FULL_TIME = anyOf(raw.fullTime);
export const PART_TIME = anyOf(raw.partTime);
export const NOC = anyOf(raw.noc);
export const SELF_EMPLOYED = anyOf(raw.selfEmployed);
export const FULL_TIME_STUDY = anyOf(raw.fullTimeStudy);
export const CANADA = anyOf(raw.canada);
