/**
 * A civil status or a completion written with its year right after it, as a table cell or a short
 * form answer writes it ("Divorced 2018", « Divorcée 2021 », "Married 2019", "Graduated 2015"): the
 * date reader reads a year alone only where a date is expected ("in 2018", "(2018)"), so the year
 * the trigger itself leads to is read here, for the kinds whose trigger can be such a status word;
 * so is a year used as an adjective before a one-off event ("a 2008 conviction"), and a refusal's
 * year after its country on a history line ("Refused: USA 2018").
 */
import type { EventKind } from '../../../../contracts/caseFacts';
import type { DateInText } from '../textReaders';

const STATUS_KINDS = new Set<EventKind>(['marriage', 'divorce', 'study', 'refusal']);
/** The year right after the trigger, a dash or a colon between at most, not part of a longer figure or a date. */
const YEAR_AFTER = /^[ \t]*[:–-]?[ \t]*((?:19|20)\d{2})(?![\d/.-])/u;
/** A refusal's country between the word and its year, as a history line writes it ("Refused: USA 2018", « Refusé : Canada 2016 »). */
const YEAR_AFTER_COUNTRY = /^[ \t]*[:–-]?[ \t]*(?:\p{Lu}[\p{L}.]*[ \t,]+){1,2}((?:19|20)\d{2})(?![\d/.-])/u;
/** A year as an adjective before the event's noun ("a 2008 conviction", "my 2019 refusal"), or « de » after it (« sa condamnation de 2008 »). */
const YEAR_BEFORE = /(?<![\p{L}\d])(?:a|an|the|my|his|her|their|our|your|this|that)[ \t]+((?:19|20)\d{2})[ \t]+$/iu;
const YEAR_OF = /^[ \t]+de[ \t]+((?:19|20)\d{2})(?![\d/.-])/u;
/** One-off events a year can qualify that way: not periods, whose year is their start. */
const ONE_OFF = new Set<EventKind>(['marriage', 'divorce', 'refusal', 'conviction', 'charge', 'acquittal', 'removal-order', 'engagement']);

const withYear = (dates: DateInText[], iso: string, start: number): DateInText[] =>
  dates.some((d) => d.start <= start && d.end > start) ? dates : [...dates, { iso, precision: 'year' as const, start, end: start + 4 }].sort((a, b) => a.start - b.start);

/** `dates` with the year the trigger (from `triggerStart` to `triggerEnd`) is told with, when the sentence's dates lack it. */
export function withStatusYear(kind: EventKind, text: string, dates: DateInText[], triggerEnd: number, triggerStart = triggerEnd): DateInText[] {
  if (ONE_OFF.has(kind)) {
    const lead = text.slice(Math.max(0, triggerStart - 12), triggerStart);
    const before = YEAR_BEFORE.exec(lead);
    if (before) return withYear(dates, before[1], triggerStart - lead.length + before.index + before[0].indexOf(before[1]));
    const of = YEAR_OF.exec(text.slice(triggerEnd));
    if (of) return withYear(dates, of[1], triggerEnd + of[0].length - 4);
  }
  if (!STATUS_KINDS.has(kind)) return dates;
  const m = YEAR_AFTER.exec(text.slice(triggerEnd)) ?? (kind === 'refusal' ? YEAR_AFTER_COUNTRY.exec(text.slice(triggerEnd)) : null);
  return m ? withYear(dates, m[1], triggerEnd + m[0].length - 4) : dates;
}
