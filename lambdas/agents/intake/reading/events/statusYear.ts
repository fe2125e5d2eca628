/**
 * A civil status or a completion written with its year right after it, as a table cell or a short
 * form answer writes it ("Divorced 2018", « Divorcée 2021 », "Married 2019", "Graduated 2015"): the
 * date reader reads a year alone only where a date is expected ("in 2018", "(2018)"), so the year
 * the trigger itself leads to is read here, for the kinds whose trigger can be such a status word.
 */
import type { EventKind } from '../../../../contracts/caseFacts';
import type { DateInText } from '../textReaders';

const STATUS_KINDS = new Set<EventKind>(['marriage', 'divorce', 'study']);
/** The year right after the trigger, a dash or a colon between at most, not part of a longer figure or a date. */
const YEAR_AFTER = /^[ \t]*[:–-]?[ \t]*((?:19|20)\d{2})(?![\d/.-])/u;

/** `dates` with the year the trigger ending at `triggerEnd` leads to, when the sentence's dates lack it. */
export function withStatusYear(kind: EventKind, text: string, dates: DateInText[], triggerEnd: number): DateInText[] {
  if (!STATUS_KINDS.has(kind)) return dates;
  const m = YEAR_AFTER.exec(text.slice(triggerEnd));
  if (!m) return dates;
  const start = triggerEnd + m[0].length - 4;
  if (dates.some((d) => d.start <= start && d.end > start)) return dates;
  const year: DateInText = { iso: m[1], precision: 'year', start, end: start + 4 };
  return [...dates, year].sort((a, b) => a.start - b.start);
}
