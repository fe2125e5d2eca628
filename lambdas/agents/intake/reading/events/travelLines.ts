/**
 * Trips in the lines of one block of text, where no line is a table row of its own: a travel table
 * whose header and rows a transcription or a PDF's text layer ran together with single spaces or
 * slashes ("Country / From / To / Purpose" above "Cyprus / 06/2019 / 06/2019 / Tourism", "Country
 * City From To Purpose" above "South Africa Cape Town 2018-02-11 2018-02-25 Tourism"). Below a
 * header line that names a country column and a dating column, each line that names a country and
 * a date is one trip, dated by its first date (a year alone between separators, "Armenia / 2017 /
 * 2017", is a date there); the first line that is neither ends the table. A sentence that lists
 * trips after a colon ("Other trips: Singapore 2018, Seoul 2023", « Mes voyages : Maroc (2019),
 * Sénégal (2022) ») holds one trip per piece that names a country and a date. A travel verb whose
 * sentence lists the trips after a colon, one per ";" ("I travelled outside India as follows: to
 * Thailand from 3 to 12 January 2017; to …", « j'ai voyagé … aux dates suivantes : en France du … ;
 * au Maroc en … »), wrapped over lines or not, holds one trip per piece that names a place and a date.
 * A list's place may be a city the gazetteer knows ("Seoul 2023", lexicons/places.json).
 */
import type { FactDate, TimelineEvent } from '../../../../contracts/caseFacts';
import { COUNTRIES, phrases } from '../lexicon';
import { placeIn } from '../places';
import eventsJson from '../lexicons/events.json';
import { quoteOf, type ReadingDocument, type ReadingPage } from '../readingDocument';
import type { Segment } from '../segments';
import { datesIn, type DateInText } from '../textReaders';

const COUNTRY_COLUMN = phrases(eventsJson.tableColumns.travel);
/** A column that dates the rows ("From", "To", "Date", « Du », « Au », « Période », "Departed" / "Returned", « Départ » / « Retour »). */
const PERIOD_COLUMN = /(?<![\p{L}])(?:from|to|date|dates|period|du|au|de|période|départ|arrivée|departure|arrival|departed|arrived|returned|return|retour)(?![\p{L}])/iu;
/** A list of trips opened by its words and a colon (events.json `tripLists`); the list runs to the sentence's end. */
const TRIP_LIST = new RegExp(`(?<![\\p{L}])(?:${eventsJson.tripLists.join('|')})[ \\t]*:[ \\t]*([^.;\\n]+)`, 'giu');
/** A travel verb and the words up to the colon that opens its list (events.json `tripSeries`); the list runs to the sentence's end. */
const TRIP_SERIES = new RegExp(`(?<![\\p{L}])(?:${eventsJson.tripSeries.join('|')})[^.:;?!\\n]{0,80}(?:\\n[^.:;?!\\n]{0,80})?:((?:[^.?!]|\\.(?=\\S))+)`, 'giu');
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

/** The pieces of a list that name a place and a date, each a trip; `list` starts at `from` in the text. */
function tripPieces(list: string, from: number, separator: string, order: Order): TripLine[] {
  const out: TripLine[] = [];
  let start = from;
  for (const wrapped of list.split(separator)) {
    // A piece wrapped over lines ("the United⏎States", « du 11⏎au 15 novembre ») is read as one line, offsets kept.
    const piece = wrapped.replace(/\n/g, ' ');
    const dates = datesIn(piece, order);
    const year = dates.length === 0 ? YEAR.exec(piece) : null;
    const date = dates[0] ?? (year ? { iso: year[0], precision: 'year' as const, start: year.index, end: year.index + year[0].length } : undefined);
    if (date && placeIn(piece)) out.push({ start, end: start + piece.length, date, ...(dates[1] ? { until: dates[1] } : {}) });
    start += piece.length + separator.length;
  }
  return out;
}

/** The trips of the lists in `text` that a colon opens after a list's words: a piece per comma. */
function listedTrips(text: string, order: Order): TripLine[] {
  return [...text.matchAll(TRIP_LIST)].flatMap((m) => tripPieces(m[1], (m.index ?? 0) + m[0].length - m[1].length, ',', order));
}

/**
 * The trips a travel verb's sentence lists after its colon, one per ";", read on the whole page: a
 * line wrapped right before the colon ("…on the following⏎occasions: to Chile …") makes the list a
 * segment of its own, which a segment alone would not know for a list of trips.
 */
function seriesTrips(pageText: string, order: Order): TripLine[] {
  return [...pageText.matchAll(TRIP_SERIES)].flatMap((m) => (m[1].includes(';') ? tripPieces(m[1], (m.index ?? 0) + m[0].length - m[1].length, ';', order) : []));
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
  const own = [...travelLines(segment.text, doc.dateOrder), ...listedTrips(segment.text, doc.dateOrder)].map((r) => ({ ...r, start: r.start + segment.start, end: r.end + segment.start }));
  const series = seriesTrips(page.text, doc.dateOrder).filter((r) => r.start >= segment.start && r.start < segment.end);
  return [...own, ...series].map((row) => {
    const line = page.text.slice(row.start, row.end).replace(/\n/g, ' ');
    const country = placeIn(line);
    return {
      kind: 'travel' as const,
      person: doc.author,
      date: plain(row.date),
      ...(row.until ? { end: plain(row.until) } : {}),
      ...(country ? { country } : {}),
      evidence: quoteOf(doc, page, row.start, row.end),
      confidence: 0.7,
      source: 'rules' as const,
    };
  });
}
