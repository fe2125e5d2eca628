/**
 * The one date reader of the product, English and French. Case files write dates every way there is:
 * 2021-03-14, 2021/03/14, 14/03/2021, 03/14/2021, 14-MAR-21, March 14, 2021, 14 mars 2021,
 * 1er mars 2021, March 2021, 03/2021, 2021-03, "in 2019", "from March 2019 to June 2021",
 * "de mars 2019 à juin 2021", "2019–2021", "since May 2018", "depuis 2018".
 *
 * Written dates with a day (a month name, a day and a year) are read by chrono-node's strict English
 * and French parsers, keeping only readings whose day, month and year are all written (never a
 * relative date such as "yesterday" resolved against today). Numeric dates are read here, because
 * their order is a property of the document, not of a date: 03/04/2021 is 3 April in a file that
 * also writes 25/12/2020 and 4 March in one that writes 12/25/2020; with no cue it is `ambiguous`,
 * with both readings. A bare number is a date only where a date is expected (a year after "in",
 * "since", "en", "depuis", a year label, or in a range), so amounts, pages, sections, phone numbers
 * and form numbers are never read as dates.
 */
export type { DateLanguage, DateOrder, DateParts, DatePrecision, FoundDate, ReadDatesOptions } from './types';
export { DATE_SOURCE } from './patterns';
export { isoOf } from './calendar';
export { dateOrderOf } from './dateOrder';
export { dateAt, parseCertainDate, parseDate, readDates } from './readDates';
export { compareDates, dayOf, daysBetween, differentDays, monthIndex, monthsBetween, sameDay } from './compare';
