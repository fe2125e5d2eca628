/**
 * The applicant's language test as the reader recorded it ("IELTS General Training; listening 8.5;
 * reading 8; writing 7.5; speaking 7.5") and the CLB level of each ability, from IRCC's equivalency
 * charts in `languageTables.json` for the tests whose charts it holds; for the others the levels are
 * left unknown (a check), never guessed.
 */
import type { TimelineEvent } from '../../contracts/caseFacts';
import { eventsOf, type CaseInput } from '../caseInput';
import tables from './languageTables.json';

export const ABILITIES = ['listening', 'reading', 'writing', 'speaking'] as const;
export type Ability = (typeof ABILITIES)[number];
export type ExpressEntryClass = 'cec' | 'fsw' | 'fst';

export interface LanguageTest {
  event: TimelineEvent;
  test: string;
  scores: Partial<Record<Ability, number>>;
  /** Whether the test is one IRCC designates for the economic classes. */
  designated: boolean;
  /** CLB per ability, when the test's chart is held and every score was read. */
  clb?: Record<Ability, number>;
}

type Chart = Record<string, Record<Ability, number>>;
const CHARTS = tables.clb as Record<string, Chart>;

function clbOf(chart: Chart, ability: Ability, score: number): number {
  const levels = Object.keys(chart).map(Number).sort((a, b) => b - a);
  return levels.find((level) => score >= chart[String(level)][ability]) ?? 0;
}

/** The most recent test in the file (the one an application would rely on). */
export function languageTest(input: CaseInput): LanguageTest | undefined {
  const events = eventsOf(input, 'language-test', ['applicant']);
  const event = events.filter((e) => e.date).pop() ?? events[0];
  if (!event) return undefined;
  const [test, ...parts] = (event.detail ?? '').split(';').map((s) => s.trim());
  const scores: Partial<Record<Ability, number>> = {};
  for (const part of parts) {
    const m = /^(listening|reading|writing|speaking) (\d+(?:\.\d+)?)$/.exec(part);
    if (m) scores[m[1] as Ability] = Number(m[2]);
  }
  const chart = CHARTS[test];
  const complete = ABILITIES.every((a) => scores[a] !== undefined);
  return {
    event,
    test,
    scores,
    designated: tables.designated.includes(test),
    ...(chart && complete ? { clb: Object.fromEntries(ABILITIES.map((a) => [a, clbOf(chart, a, scores[a]!)])) as Record<Ability, number> } : {}),
  };
}

/** The Minister's threshold for an ability in a class (and, for the Canadian experience class, the occupation's TEER). */
export function thresholdFor(cls: ExpressEntryClass, ability: Ability, teer: number | undefined): number | undefined {
  if (cls === 'fsw') return tables.thresholds.fsw.all;
  if (cls === 'fst') return tables.thresholds.fst.byAbility[ability];
  return teer === undefined ? undefined : (tables.thresholds.cec.byTeer as Record<string, number>)[String(teer)];
}

export const thresholdWording = (cls: ExpressEntryClass): string => tables.thresholds[cls].wording;

export const describeScores = (t: LanguageTest): string =>
  ABILITIES.filter((a) => t.scores[a] !== undefined)
    .map((a) => `${a} ${t.scores[a]}${t.clb ? ` (CLB ${t.clb[a]})` : ''}`)
    .join(', ');
