/**
 * One-off events listed in one line, one entry per ";" ("UK visitor visa refused March 2019;
 * Australian visitor visa refused on 14 November 2021", « refusé en 2017 ; refusé de nouveau le
 * 3 mai 2022 »): each entry that states the event with a date of its own is one more event of that
 * kind, where the sentence otherwise gives one event per kind.
 */
import type { DateInText } from '../textReaders';

/** Kinds whose entries a list may repeat: each refusal is its own. */
export const LISTED = new Set(['refusal']);

/** The entry of the list holding `index`: from the ";" before it to the one after it. */
export function entryAt(text: string, index: number): { start: number; end: number } {
  const next = text.indexOf(';', index);
  return { start: text.lastIndexOf(';', index) + 1, end: next < 0 ? text.length : next };
}

/**
 * Whether the trigger at `index` opens a new entry of the list: a ";" stands between it and the
 * trigger read before (at `previous`), and a date of its own follows it within its entry.
 */
export function anotherEntry(text: string, previous: number, index: number, dates: readonly DateInText[]): boolean {
  return previous < index && text.slice(previous, index).includes(';') && entryDate(text, index, dates) !== undefined;
}

/** The date of the entry holding `index`, if it has one (the entry's event takes it, not another entry's). */
export function entryDate(text: string, index: number, dates: readonly DateInText[]): DateInText | undefined {
  const entry = entryAt(text, index);
  return dates.find((d) => d.start >= entry.start && d.end <= entry.end);
}
