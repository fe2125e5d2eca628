/**
 * Rows of history tables and lists: a travel history ("03/2015  03/2015  Japan  Tourism"), an
 * employment or education history. A row states an event of the table's kind without any trigger
 * word; the kind comes from the section's title or from the table's header row ("From To Country
 * Purpose", "Période Pays Motif").
 */
import type { EventKind, FactDate, TimelineEvent } from '../../../../contracts/caseFacts';
import { COUNTRIES, countryIn, phrases } from '../lexicon';
import eventsJson from '../lexicons/events.json';
import { quoteOf, type ReadingDocument, type ReadingPage } from '../readingDocument';
import type { Segment } from '../segments';
import { datesIn, type DateInText } from '../textReaders';

type RowKind = Extract<EventKind, 'travel' | 'employment' | 'study'>;
const KINDS: RowKind[] = ['travel', 'employment', 'study'];
const SECTIONS = KINDS.map((kind) => ({ kind, pattern: phrases(eventsJson.sections[kind]) }));
const COLUMNS = KINDS.map((kind) => ({ kind, pattern: phrases(eventsJson.tableColumns[kind]) }));
const ONGOING = phrases(['present', 'current', 'now', 'today', 'ongoing', 'à ce jour', 'aujourd[\'’]hui', 'présent', 'en cours', 'actuel']);
/** Segments above a table searched for its title (a title line, then an "Applicant: …" line, then the header). */
const TITLE_LOOKBACK = 3;

/** A signature line ("Signature: … Date: …") closes a form's section; its date is the signing, not a row's. */
const SIGNATURE = /^[ \t]*(?:signature|signed|signé|attestation)/iu;
/** A list item ("- Thailand, April 2016", "2. …"). */
const LIST_ITEM = /^[ \t]*(?:[-•*▪]|\d{1,2}[.)])[ \t]/u;

/** A line that can be a row of a section: a table row, a list item, or a form line other than the signature. */
const rowLike = (s: Segment) => !SIGNATURE.test(s.text) && (Boolean(s.cells) || LIST_ITEM.test(s.text) || s.field !== undefined);

const sectionKind = (text: string | undefined): RowKind | undefined => (text ? SECTIONS.find((s) => s.pattern.test(text))?.kind : undefined);

/** A column heading is a few words ("Country visited", "Name of school"); a longer cell is a row's text. */
const HEADING_CHARS = 40;

/** A header row: short cells without dates, one of them naming the table's kind. */
function headerKind(segment: Segment, order: ReadingDocument['dateOrder']): RowKind | undefined {
  if (!segment.cells || datesIn(segment.text, order).length > 0) return undefined;
  if (segment.cells.some((cell) => cell.trim().length > HEADING_CHARS)) return undefined;
  return COLUMNS.find((c) => segment.cells!.some((cell) => c.pattern.test(cell)))?.kind;
}

/** The kind of event each row of the page states, by segment index. */
export function rowKinds(doc: ReadingDocument, page: ReadingPage): Map<number, RowKind> {
  const out = new Map<number, RowKind>();
  let table: RowKind | undefined;
  page.segments.forEach((segment, i) => {
    if (!segment.cells) table = undefined;
    const header = headerKind(segment, doc.dateOrder);
    if (header) {
      table = header;
      return;
    }
    if (segment.cells && table === undefined && i > 0 && !page.segments[i - 1].cells) {
      // A table without a header naming its kind takes the kind of its title.
      const above = page.segments.slice(Math.max(0, i - TITLE_LOOKBACK), i).reverse();
      table = above.map((s) => sectionKind(s.heading ?? s.text)).find((k) => k !== undefined);
    }
    const kind = !rowLike(segment) ? undefined : segment.cells ? (table ?? sectionKind(segment.heading)) : segment.heading !== segment.text ? sectionKind(segment.heading) : undefined;
    if (kind) out.set(i, kind);
  });
  return out;
}

const plain = (d: DateInText): FactDate => ({ iso: d.iso, precision: d.precision, ...(d.ambiguous ? { ambiguous: d.ambiguous } : {}) });

/** The event a row states: dated by its first date (and its second, for the end), a trip only where it names a country. */
export function rowEvent(doc: ReadingDocument, page: ReadingPage, segment: Segment, kind: RowKind): TimelineEvent | undefined {
  const row = segment.text;
  const dates = datesIn(row, doc.dateOrder);
  if (dates.length === 0) return undefined;
  const named = COUNTRIES.some((c) => c.patterns.some((p) => p.test(row)));
  const country = named ? countryIn(row) : undefined;
  if (kind === 'travel' && !country) return undefined;
  const end = dates[1] && !ONGOING.test(row) ? dates[1] : undefined;
  return {
    kind,
    person: doc.author,
    date: plain(dates[0]),
    ...(end ? { end: plain(end) } : {}),
    ...(country ? { country } : {}),
    evidence: quoteOf(doc, page, segment.start, segment.end),
    confidence: 0.7,
    source: 'rules',
  };
}
