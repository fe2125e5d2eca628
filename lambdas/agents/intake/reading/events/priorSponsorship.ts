/**
 * Previous sponsorships the sponsor's papers tell, and the sponsor's own landing as a sponsored
 * partner (phrases: lexicons/priorSponsorship.json):
 * - a table of previous undertakings ("Name of person sponsored | Relationship | Undertaking signed |
 *   Became a permanent resident"): each row of a spouse or partner is a previous sponsorship, dated
 *   by its undertaking, and that person's landing, which starts the undertaking's three years
 *   (IRPR 132(1)(b)(i); while they run, a new spouse is an excluded relationship, IRPR 117(9)(b));
 *   the header row states no event; a relationship cell that dates a divorce ("Spouse (divorced 2021)")
 *   is the sponsor's divorce from that person; its columns closed up to single spaces, see events/squeezedUndertakings.ts;
 * - a writer who was themselves sponsored as a spouse or partner ("who sponsored me as her spouse",
 *   a form's "… after being sponsored as a spouse …? Yes"): their own landing is the one IRPR
 *   130(3) counts five years from, a `landed-as-sponsored-partner` event, not a sponsored person's.
 */
import type { FactDate, TimelineEvent } from '../../../../contracts/caseFacts';
import { phrases } from '../lexicon';
import eventsJson from '../lexicons/events.json';
import lexicon from '../lexicons/priorSponsorship.json';
import { quoteOf, type ReadingDocument, type ReadingPage } from '../readingDocument';
import type { Segment } from '../segments';
import { datesIn } from '../textReaders';
import { squeezedUndertakings } from './squeezedUndertakings';

const SPONSORED = phrases(lexicon.sponsoredColumn);
const UNDERTAKING = phrases(lexicon.undertakingColumn);
const LANDED = phrases(lexicon.landedColumn);
const RELATIONSHIP = phrases(lexicon.relationshipColumn);
const PARTNER = phrases(lexicon.partnerWords);
const SPONSORED_AS_PARTNER = phrases(lexicon.sponsoredAsPartner);
const DIVORCED = phrases(eventsJson.othersDates.divorce);

/** The longest piece of a header cell that a PDF wraps onto the next line. */
const WRAPPED_HEADER = 30;

interface Columns {
  count: number;
  undertaking: number;
  landed: number;
  relationship: number;
}

/** The columns of a previous-undertakings header row, if the row is one (no dates, a column naming the persons sponsored). */
function headerColumns(segment: Segment, order: ReadingDocument['dateOrder']): Columns | undefined {
  const cells = segment.cells;
  if (!cells || datesIn(segment.text, order).length > 0 || !cells.some((c) => SPONSORED.test(c))) return undefined;
  const find = (pattern: RegExp) => cells.findIndex((c) => pattern.test(c) && !SPONSORED.test(c));
  const columns = { count: cells.length, undertaking: find(UNDERTAKING), landed: find(LANDED), relationship: find(RELATIONSHIP) };
  return columns.undertaking >= 0 || columns.landed >= 0 ? columns : undefined;
}

/** A cell that holds only a year ("2012"): the table's column says what it dates. */
const YEAR_CELL = /^[ \t]*((?:19|20)\d\d)[ \t]*$/u;

function dateIn(cell: string | undefined, order: ReadingDocument['dateOrder']): FactDate | undefined {
  const d = cell === undefined ? undefined : datesIn(cell, order)[0];
  if (!d) {
    const year = cell === undefined ? null : YEAR_CELL.exec(cell);
    return year ? { iso: year[1], precision: 'year' } : undefined;
  }
  return { iso: d.iso, precision: d.precision, ...(d.ambiguous ? { ambiguous: d.ambiguous } : {}) };
}

/** The date a relationship cell gives a divorce ("Spouse (divorced 2021)", « Épouse (divorcée le 3 mai 2019) »), a year alone included. */
function divorceDate(cell: string, order: ReadingDocument['dateOrder']): FactDate | undefined {
  const word = DIVORCED.exec(cell);
  if (!word) return undefined;
  const after = cell.slice(word.index);
  const year = /(?<!\d)(?:19|20)\d\d(?!\d)/u.exec(after);
  return dateIn(after, order) ?? (year ? { iso: year[0], precision: 'year' } : undefined);
}

/**
 * The events of the page's previous-undertakings tables, by segment index: the events of each row,
 * and none for the header (its words name columns, not events).
 */
export function previousUndertakings(doc: ReadingDocument, page: ReadingPage): Map<number, TimelineEvent[]> {
  const out = new Map<number, TimelineEvent[]>();
  let columns: Columns | undefined;
  page.segments.forEach((segment, i) => {
    const header = headerColumns(segment, doc.dateOrder);
    if (header) {
      columns = header;
      out.set(i, []);
      return;
    }
    // A header cell wrapped onto a line of its own ("Became a permanent" / "resident") belongs to the header.
    if (columns && out.get(i - 1)?.length === 0 && !segment.cells && !/\d/u.test(segment.text) && segment.text.trim().length <= WRAPPED_HEADER) {
      out.set(i, []);
      return;
    }
    if (!columns || !segment.cells || segment.cells.length !== columns.count) {
      columns = undefined;
      return;
    }
    const cell = (at: number) => (at >= 0 ? segment.cells![at] : undefined);
    // Without a relationship column the table is one of spouses and partners (the sponsorship form's).
    const partner = columns.relationship < 0 || PARTNER.test(cell(columns.relationship) ?? '');
    const evidence = quoteOf(doc, page, segment.start, segment.end);
    const undertaking = dateIn(cell(columns.undertaking), doc.dateOrder);
    const landed = dateIn(cell(columns.landed), doc.dateOrder);
    const events: TimelineEvent[] = [];
    if (partner) events.push({ kind: 'previous-sponsorship', person: 'sponsor', ...(undertaking ? { date: undertaking } : {}), evidence, confidence: undertaking ? 0.75 : 0.6, source: 'rules' });
    if (landed) events.push({ kind: 'sponsored-person-landed', person: partner ? 'previous-spouse' : 'other', date: landed, evidence, confidence: 0.75, source: 'rules' });
    // "Spouse (divorced 2021)": the relationship cell dates the sponsor's divorce from that spouse.
    const relationship = cell(columns.relationship) ?? '';
    const divorced = partner ? divorceDate(relationship, doc.dateOrder) : undefined;
    if (divorced) events.push({ kind: 'divorce', person: 'sponsor', date: divorced, evidence, confidence: 0.7, source: 'rules' });
    out.set(i, events);
  });
  // The same tables with their columns closed up (a PDF's text layer), where no row was read by its cells.
  for (const [i, events] of squeezedUndertakings(doc, page)) if (!out.has(i)) out.set(i, events);
  return out;
}

/** Whether the writer was themselves sponsored as a spouse or partner (see above). */
export function sponsoredAsPartner(doc: ReadingDocument): boolean {
  return doc.pages.some((p) => SPONSORED_AS_PARTNER.test(p.text.replace(/[ \t]+/g, ' ')));
}

/** The writer's own landing, where the writer was sponsored as a partner: the landing IRPR 130(3) counts from. */
export function asOwnLanding(event: TimelineEvent, doc: ReadingDocument, sponsored: boolean): TimelineEvent {
  return sponsored && event.kind === 'sponsored-person-landed' && event.person === 'sponsor' && doc.author === 'sponsor' ? { ...event, kind: 'landed-as-sponsored-partner' } : event;
}

/** An immigration class other than the family class (priorSponsorship.json `nonFamilyClass`). */
const NON_FAMILY_CLASS = phrases(lexicon.nonFamilyClass);

/**
 * Whether a landing read as a sponsored person's is none: a landing of someone other than the sponsor
 * told in a class that sponsors no one ("landed … as a permanent resident in the skilled worker
 * class"), an economic or humanitarian landing. The sponsor's own landing stays one, whatever the
 * class: it is the sponsor's status (and, sponsored as a partner, the landing IRPR 130(3) counts from).
 */
export function notSponsoredLanding(event: TimelineEvent): boolean {
  return event.kind === 'sponsored-person-landed' && event.person !== 'sponsor' && NON_FAMILY_CLASS.test(event.evidence.quote);
}
