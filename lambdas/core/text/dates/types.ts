/** The shapes of dates the one date reader finds. */
export type DateOrder = 'day-first' | 'month-first' | 'unknown';
export type DateLanguage = 'en' | 'fr';
export type DatePrecision = 'year' | 'month' | 'day';

/** A date to the precision it is written: a year, a month of a year, or a day. */
export interface DateParts {
  year: number;
  month?: number;
  day?: number;
}

export interface FoundDate extends DateParts {
  /** `YYYY`, `YYYY-MM` or `YYYY-MM-DD` by precision (the day-first reading when `ambiguous`). */
  iso: string;
  precision: DatePrecision;
  /** Both readings (day-first first) of a numeric date the document's order cannot settle. */
  ambiguous?: string[];
  /** Milliseconds since the epoch at 00:00 UTC of the first day the date can mean. */
  time: number;
  /** Offsets of the written date in the text. */
  start: number;
  end: number;
  /** Its place in a period: the opening date ("from X", "X–Y", "since X") or the closing one. */
  range?: 'from' | 'to' | 'since';
  /** For a period's opening date: its closing date, or `present` ("2019 to present"). */
  until?: Pick<FoundDate, 'iso' | 'precision' | 'time'> | 'present';
}

export interface ReadDatesOptions {
  /** How the document writes numeric dates; inferred from the text itself (`dateOrderOf`) when not given. */
  order?: DateOrder;
  /** Restricts the written-date parsers to one language; both are used when not given. */
  language?: DateLanguage;
}
