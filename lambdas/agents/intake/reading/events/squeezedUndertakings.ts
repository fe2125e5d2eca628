/**
 * A table of previous undertakings as a PDF's text layer gives it, its columns closed up to single
 * spaces: the header on one line ("Name of person sponsored Relationship Undertaking signed Became a
 * permanent resident", « Nom de la personne parrainée Lien avec le répondant Engagement signé Devenue
 * résidente permanente »), each row on a line below ("Manpreet Kaur Gill Wife 2012 2013"). The cells
 * cannot be told apart, but the dates can: a row's dates fill the header's date columns in their
 * order (the undertaking, the landing), a partner word before them says the row is a spouse's or a
 * partner's. A row with fewer dates than date columns is a previous sponsorship left undated: which
 * column is empty cannot be told. What each row states is the same as in a table whose cells are
 * kept (events/priorSponsorship.ts). Vocabulary: lexicons/priorSponsorship.json.
 */
import type { FactDate, TimelineEvent } from '../../../../contracts/caseFacts';
import { phrases } from '../lexicon';
import lexicon from '../lexicons/priorSponsorship.json';
import { quoteOf, type ReadingDocument, type ReadingPage } from '../readingDocument';
import { datesIn } from '../textReaders';
import { linesOf } from '../../../../core/text/lines';

const SPONSORED = phrases(lexicon.sponsoredColumn);
const UNDERTAKING = phrases(lexicon.undertakingColumn);
const LANDED = phrases(lexicon.landedColumn);
const RELATIONSHIP = phrases(lexicon.relationshipColumn);
const PARTNER = phrases(lexicon.partnerWords);
/** A year on its own in a squeezed row ("… Wife 2012 2013"): the column says what it dates. */
const YEAR = /(?<![\p{L}\d-])(?:19|20)\d\d(?![\p{L}\d-])/gu;

/** The longest piece of a header cell that a PDF wraps onto the next line. */
const WRAPPED_HEADER = 30;

type DateColumn = 'undertaking' | 'landed';

/** The date columns of a squeezed header line, in their order; undefined if the line is no such header. */
function dateColumns(line: string): { columns: DateColumn[]; relationship: boolean } | undefined {
  if (/\d/u.test(line) || !SPONSORED.test(line)) return undefined;
  // The column naming the persons sponsored is blanked first: "personne parrainée" holds no date column.
  const rest = line.replace(new RegExp(SPONSORED.source, 'giu'), (m) => ' '.repeat(m.length));
  const found = [
    { column: 'undertaking' as const, at: rest.search(UNDERTAKING) },
    { column: 'landed' as const, at: rest.search(LANDED) },
  ].filter((c) => c.at >= 0);
  if (found.length === 0) return undefined;
  return { columns: found.sort((a, b) => a.at - b.at).map((c) => c.column), relationship: RELATIONSHIP.test(rest) };
}

/** A row's dates, left to right, if the line is a row: a name first, nothing after its last date. */
function rowDates(line: string, order: ReadingDocument['dateOrder']): FactDate[] | undefined {
  const dates = datesIn(line, order);
  const spans = dates.length
    ? dates.map((d) => ({ start: d.start, end: d.end, date: { iso: d.iso, precision: d.precision, ...(d.ambiguous ? { ambiguous: d.ambiguous } : {}) } as FactDate }))
    : [...line.matchAll(YEAR)].map((m) => ({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, date: { iso: m[0], precision: 'year' } as FactDate }));
  if (spans.length === 0) return undefined;
  const head = line.slice(0, spans[0].start);
  if (!/\p{L}{2}/u.test(head) || line.slice(spans[spans.length - 1].end).trim() !== '') return undefined;
  return spans.map((s) => s.date);
}

/** The events of the page's squeezed previous-undertakings tables, by the segment each row stands in (headers give none). */
export function squeezedUndertakings(doc: ReadingDocument, page: ReadingPage): Map<number, TimelineEvent[]> {
  const out = new Map<number, TimelineEvent[]>();
  const segmentAt = (offset: number) => page.segments.findIndex((s) => s.start <= offset && offset < Math.max(s.end, s.start + 1));
  const lines = linesOf(page.text);
  lines.forEach((line, i) => {
    // A header cell wrapped onto a line of its own ("Devenue résidente" / "permanente") belongs to the header.
    const next = lines[i + 1];
    const wrapped = next !== undefined && next.text.trim() !== '' && !/\d/u.test(next.text) && next.text.trim().length <= WRAPPED_HEADER;
    const header = (wrapped ? dateColumns(`${line.text} ${next.text}`) : undefined) ?? dateColumns(line.text);
    if (!header) return;
    const headerSegment = segmentAt(line.start);
    if (headerSegment < 0) return;
    if (!out.has(headerSegment)) out.set(headerSegment, []);
    for (const row of lines.slice(i + (wrapped ? 2 : 1))) {
      if (row.text.trim() === '') continue;
      const dates = rowDates(row.text, doc.dateOrder);
      if (!dates || dates.length > header.columns.length) break;
      const at = segmentAt(row.start);
      if (at < 0) break;
      const head = row.text.slice(0, row.text.search(/\d/u));
      const partner = !header.relationship || PARTNER.test(head);
      // Only a row that fills every date column says which date is which.
      const dated = dates.length === header.columns.length ? (column: DateColumn) => dates[header.columns.indexOf(column)] : () => undefined;
      const undertaking = dated('undertaking');
      const landed = dated('landed');
      const evidence = quoteOf(doc, page, row.start, row.end);
      const events = out.get(at) ?? [];
      if (partner) events.push({ kind: 'previous-sponsorship', person: 'sponsor', ...(undertaking ? { date: undertaking } : {}), evidence, confidence: undertaking ? 0.7 : 0.55, source: 'rules' });
      if (landed) events.push({ kind: 'sponsored-person-landed', person: partner ? 'previous-spouse' : 'other', date: landed, evidence, confidence: 0.7, source: 'rules' });
      out.set(at, events);
    }
  });
  return out;
}
