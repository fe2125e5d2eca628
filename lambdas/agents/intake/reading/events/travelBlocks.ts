/**
 * Trips a form transcribes as blocks of stacked fields under a travel title ("Previous travel" /
 * "Country: Japan" / "From: 2019-04-02" / "To: 2019-04-15" / "Purpose: Tourism"; « Pays : Maroc » /
 * « Du : 12/05/2021 »): no line names both the country and the date, so no line is a row; the block
 * is the trip. A block ends at a blank line or where a second country field starts the next trip.
 */
import type { FactDate, TimelineEvent } from '../../../../contracts/caseFacts';
import { countryIn, phrases } from '../lexicon';
import eventsJson from '../lexicons/events.json';
import { quoteOf, type ReadingDocument, type ReadingPage } from '../readingDocument';
import type { Segment } from '../segments';
import { datesIn } from '../textReaders';

const TRAVEL_SECTION = phrases(eventsJson.sections.travel);
const COUNTRY_LABEL = phrases(eventsJson.tableColumns.travel);
/** A label that dates the trip: its start first ("From", "Date of departure", « Du », « Date d'arrivée »). */
const START_LABEL = /(?<![\p{L}])(?:from|start|departure|arrival|date|dates|period|du|début|départ|arrivée|période)(?![\p{L}])/iu;
const END_LABEL = /^(?:to|until|end|return|au|jusqu['’]au|fin|retour)(?![\p{L}])/iu;

interface Block {
  fields: Segment[];
  country?: string;
}

const plain = (d: { iso: string; precision: FactDate['precision']; ambiguous?: FactDate['ambiguous'] }): FactDate => ({ iso: d.iso, precision: d.precision, ...(d.ambiguous ? { ambiguous: d.ambiguous } : {}) });

/** The trip a block states: its country field's country and its first dating field's date, if it has both. */
function tripOf(doc: ReadingDocument, page: ReadingPage, block: Block): TimelineEvent | undefined {
  if (!block.country) return undefined;
  const dated = block.fields.filter((f) => datesIn(f.field!.value, doc.dateOrder).length > 0);
  const start = dated.find((f) => !END_LABEL.test(f.field!.label.trim()) && START_LABEL.test(f.field!.label));
  if (!start) return undefined;
  const date = datesIn(start.field!.value, doc.dateOrder)[0];
  const endField = dated.find((f) => f !== start && END_LABEL.test(f.field!.label.trim()));
  const end = endField ? datesIn(endField.field!.value, doc.dateOrder)[0] : undefined;
  const first = block.fields[0];
  const last = block.fields[block.fields.length - 1];
  return {
    kind: 'travel',
    person: doc.author,
    date: plain(date),
    ...(end ? { end: plain(end) } : {}),
    country: block.country,
    evidence: quoteOf(doc, page, first.start, last.end, start.start),
    confidence: 0.7,
    source: 'rules',
  };
}

/** The trips of the page's stacked-field blocks under a travel title. */
export function travelBlocks(doc: ReadingDocument, page: ReadingPage): TimelineEvent[] {
  const out: TimelineEvent[] = [];
  let block: Block | undefined;
  let previous: Segment | undefined;
  const close = () => {
    const trip = block && tripOf(doc, page, block);
    if (trip) out.push(trip);
    block = undefined;
  };
  for (const segment of page.segments) {
    const parted = previous !== undefined && /\n[ \t]*\n/u.test(page.text.slice(previous.end, segment.start));
    previous = segment;
    if (parted) close();
    if (!segment.field || !segment.heading || !TRAVEL_SECTION.test(segment.heading)) {
      close();
      continue;
    }
    // A one-line row ("Japan: 2019-04-02 to 2019-04-15") is the tables' reading (events/tables.ts).
    const country = COUNTRY_LABEL.test(segment.field.label) ? countryIn(segment.field.value) : undefined;
    if (country && block?.country) close();
    block ??= { fields: [] };
    block.fields.push(segment);
    if (country) block.country = country;
  }
  close();
  return out;
}
