/**
 * Trips in the lines of one block of text, where no line is a table row of its own: a travel table
 * whose header and rows a transcription or a PDF's text layer ran together with single spaces or
 * slashes ("Country / From / To / Purpose" above "Cyprus / 06/2019 / 06/2019 / Tourism", "Country
 * City From To Purpose" above "South Africa Cape Town 2018-02-11 2018-02-25 Tourism"). Below a
 * header line that names a country column and a dating column, each line that names a country and
 * a date is one trip, dated by its first date (a year alone between separators, "Armenia / 2017 /
 * 2017", is a date there); the first line that is neither ends the table. A sentence that lists
 * trips after a colon ("Other trips: Singapore 2018, Seoul 2023", « Mes voyages : Maroc (2019),
 * Sénégal (2022) ») holds one trip per piece that names a country and a date.
 */
import type { FactDate, TimelineEvent } from '../../../../contracts/caseFacts';
import { COUNTRIES, countryIn, phrases } from '../lexicon';
import eventsJson from '../lexicons/events.json';
import { quoteOf, type ReadingDocument, type ReadingPage } from '../readingDocument';
import type { Segment } from '../segments';
import { datesIn, type DateInText } from '../textReaders';

const COUNTRY_COLUMN = phrases(eventsJson.tableColumns.travel);
/** A column that dates the rows ("From", "To", "Date", « Du », « Au », « Période »). */
const PERIOD_COLUMN = /(?<![\p{L}])(?:from|to|date|dates|period|du|au|de|période|départ|arrivée|departure|arrival)(?![\p{L}])/iu;
/** A list of trips opened by its words and a colon (events.json `tripLists`); the list runs to the sentence's end. */
const TRIP_LIST = new RegExp(`(?<![\\p{L}])(?:${eventsJson.tripLists.join('|')})[ \\t]*:[ \\t]*([^.;\\n]+)`, 'giu');
/** A year alone in a list's piece ("Dubai 2018"). */
const YEAR = /(?<![\p{N}])(?:19[5-9]|20\d)\d(?![\p{N}])/u;

/** Words of a header line at most; more is a sentence. */
const HEADER_WORDS = 10;
/** A year alone between a row's separators ("Armenia / 2017 / 2017 / …", "Turquie | 2017 | …"). */
const YEAR_CELL = /(?<=^|[|/\t]|[ \t]{2,})[ \t]*((?:19[5-9]|20\d)\d)[ \t]*(?=$|[|/\t]|[ \t]{2,})/u;

interface TripLine {
  /** Offsets of the line in the text. */
  start: number;
  end: number;
  /** The line's first date, or its lone year. */
  date: DateInText;
  /** The line's second date: the trip's end. */
  until?: DateInText;
}

type Order = ReadingDocument['dateOrder'];

const namesCountry = (line: string) => COUNTRIES.some((c) => c.patterns.some((p) => p.test(line)));

/** A header line: a few words without dates or sentence punctuation, naming a country column and a dating column. */
function isHeader(line: string, order: Order): boolean {
  const t = line.trim();
  if (!t || /[.,;:?!]/u.test(t) || datesIn(t, order).length > 0) return false;
  const words = t.split(/[\s|/]+/u).filter(Boolean);
  return words.length >= 3 && words.length <= HEADER_WORDS && COUNTRY_COLUMN.test(t) && PERIOD_COLUMN.test(t);
}

/** A table row's lone year (also for rows the segments kept as cells: "Turquie | 2017 | 2017 | affaires"). */
export function yearCell(row: string): DateInText | undefined {
  const year = YEAR_CELL.exec(row);
  return year ? { iso: year[1], precision: 'year', start: year.index, end: year.index + year[0].length } : undefined;
}

/** The dates of a row: its dates, else its lone year. */
function rowDates(line: string, order: Order): DateInText[] {
  const dates = datesIn(line, order);
  const year = dates.length === 0 ? yearCell(line) : undefined;
  return year ? [year] : dates;
}

/** The trips of the lists in `text` that a colon opens: a piece per comma, each naming a country and a date. */
function listedTrips(text: string, order: Order): TripLine[] {
  const out: TripLine[] = [];
  for (const m of text.matchAll(TRIP_LIST)) {
    let start = (m.index ?? 0) + m[0].length - m[1].length;
    for (const piece of m[1].split(',')) {
      const dates = datesIn(piece, order);
      const year = dates.length === 0 ? YEAR.exec(piece) : null;
      const date = dates[0] ?? (year ? { iso: year[0], precision: 'year' as const, start: year.index, end: year.index + year[0].length } : undefined);
      if (date && namesCountry(piece)) out.push({ start, end: start + piece.length, date, ...(dates[1] ? { until: dates[1] } : {}) });
      start += piece.length + 1;
    }
  }
  return out;
}

/** The rows of the run-together tables in `text` (a segment's text, lines kept). */
function travelLines(text: string, order: Order): TripLine[] {
  const out: TripLine[] = [];
  let inTable = false;
  let start = 0;
  for (const line of text.split('\n')) {
    const end = start + line.length;
    if (isHeader(line, order)) inTable = true;
    else if (inTable) {
      const dates = namesCountry(line) ? rowDates(line, order) : [];
      if (dates.length === 0) inTable = false;
      else out.push({ start, end, date: dates[0], ...(dates[1] ? { until: dates[1] } : {}) });
    }
    start = end + 1;
  }
  return out;
}

const plain = (d: DateInText): FactDate => ({ iso: d.iso, precision: d.precision, ...(d.ambiguous ? { ambiguous: d.ambiguous } : {}) });

/** The trips a segment's run-together travel table or its list of trips names: the document's author's, each quoted by its line or piece. */
export function tripsInLines(doc: ReadingDocument, page: ReadingPage, segment: Segment): TimelineEvent[] {
  return [...travelLines(segment.text, doc.dateOrder), ...listedTrips(segment.text, doc.dateOrder)].map((row) => {
    const line = segment.text.slice(row.start, row.end);
    const country = countryIn(line);
    return {
      kind: 'travel' as const,
      person: doc.author,
      date: plain(row.date),
      ...(row.until ? { end: plain(row.until) } : {}),
      ...(country ? { country } : {}),
      evidence: quoteOf(doc, page, segment.start + row.start, segment.start + row.end),
      confidence: 0.7,
      source: 'rules' as const,
    };
  });
}
