/**
 * A history of visa applications told as a table whose columns give each application's outcome
 * ("Country | Type | Result | Date", « Pays | Type de visa | Résultat | Date »), with its cells kept
 * or, in a PDF's text layer, closed up to single spaces ("USA B1/B2 Refused 2018"). A row whose
 * outcome is a refusal ("Refused", « Refusé ») is a refusal, dated by the row's own date and placed
 * in the country the row names; a row issued, withdrawn or pending states no refusal, and no row of
 * such a table is a trip (a visa applied for is not a journey made). The header states nothing.
 * Phrases: lexicons/refusalRows.json.
 */
import type { TimelineEvent } from '../../../../contracts/caseFacts';
import { countryIn, phrases } from '../lexicon';
import lexicon from '../lexicons/refusalRows.json';
import { quoteOf, type ReadingDocument, type ReadingPage } from '../readingDocument';
import type { Segment } from '../segments';
import { datesIn } from '../textReaders';

const OUTCOME_COLUMN = new RegExp(`^(?:${lexicon.outcomeColumn.join('|')})$`, 'iu');
const CROSSING_COLUMN = new RegExp(`^(?:${lexicon.crossingColumn.join('|')})$`, 'iu');
const APPLICATION_COLUMN = new RegExp(`^(?:${lexicon.applicationColumn.join('|')})$`, 'iu');
const REFUSED = phrases(lexicon.refusedOutcome);
/** A column naming the rows' dates. */
const DATE_COLUMN = /^(?:date|dates|year|année|an|when|quand|date of decision|date de (?:la )?décision)$/iu;
/** A year alone in a row ("USA B1/B2 Refused 2018"): the row's date where it gives no fuller one. */
const YEAR = /(?<![\d/.-])(?:19[5-9]\d|20\d\d)(?![\d/.-])/u;
/** A row of a closed-up table: a short line without a sentence's end. */
const FLAT_ROW = /^[^.!?]{3,90}$/u;
/** The words of a header whose column gaps the PDF closed up ("Country Type Result Date"): at most this many. */
const FLAT_HEADER_WORDS = 8;

/** Whether the cells name an outcome column beside a column of the application (its country, its type). */
function outcomeHeader(cells: readonly string[]): boolean {
  const names = cells.map((c) => c.trim());
  // A border-crossing log ("Direction | Date | Port | Status"): its status is the status on entry.
  if (names.some((c) => CROSSING_COLUMN.test(c))) return false;
  return names.some((c) => OUTCOME_COLUMN.test(c)) && names.some((c) => APPLICATION_COLUMN.test(c) || DATE_COLUMN.test(c)) && names.length >= 3;
}

/** A header closed up to single spaces: the words of an outcome header, no punctuation, no date. */
function flatHeader(line: string, order: ReadingDocument['dateOrder']): boolean {
  const words = line.trim().split(/\s+/u);
  if (words.length < 3 || words.length > FLAT_HEADER_WORDS || /[.,;:?!|]/u.test(line) || datesIn(line, order).length > 0) return false;
  return outcomeHeader(words);
}

/** The refusal a row states, if its outcome is one; `null` for a row of the table that states none. */
function rowRefusal(doc: ReadingDocument, page: ReadingPage, segment: Segment, row: string, rowStart: number): TimelineEvent | null {
  const refused = REFUSED.exec(row);
  if (!refused) return null;
  const year = YEAR.exec(row);
  const date = datesIn(row, doc.dateOrder)[0] ?? (year ? { iso: year[0], precision: 'year' as const, ambiguous: undefined } : undefined);
  const country = countryIn(row);
  return {
    kind: 'refusal',
    person: doc.author,
    ...(date ? { date: { iso: date.iso, precision: date.precision, ...(date.ambiguous ? { ambiguous: date.ambiguous } : {}) } } : {}),
    ...(country ? { country } : {}),
    evidence: quoteOf(doc, page, segment.start + rowStart, segment.start + rowStart + row.length),
    confidence: date ? 0.75 : 0.6,
    source: 'rules',
  };
}

/**
 * The refusals of the page's outcome tables, by segment index: the refusals each row states (none
 * for the header and for rows issued or pending). A segment in the map is the table's: no other
 * reading of it applies.
 */
export function refusalRows(doc: ReadingDocument, page: ReadingPage): Map<number, TimelineEvent[]> {
  const out = new Map<number, TimelineEvent[]>();
  let inTable = false;
  let inFlat = false;
  page.segments.forEach((segment, i) => {
    if (segment.cells) {
      inFlat = false;
      if (outcomeHeader(segment.cells)) {
        inTable = true;
        out.set(i, []);
        return;
      }
      if (inTable) {
        const refusal = rowRefusal(doc, page, segment, segment.text, 0);
        out.set(i, refusal ? [refusal] : []);
      }
      return;
    }
    const lines = segment.text.split('\n');
    // A flat table: the header line, then one row per line, in its segment and the next ones while they are rows.
    const at = inFlat ? -1 : lines.findIndex((l) => flatHeader(l, doc.dateOrder));
    inTable = false;
    inFlat = inFlat ? lines.every((l) => FLAT_ROW.test(l.trim()) && (YEAR.test(l) || datesIn(l, doc.dateOrder).length > 0)) : at >= 0;
    if (!inFlat) return;
    const events: TimelineEvent[] = [];
    let offset = lines.slice(0, at + 1).reduce((n, l) => n + l.length + 1, 0);
    for (const line of lines.slice(at + 1)) {
      const refusal = rowRefusal(doc, page, segment, line, offset);
      if (refusal) events.push(refusal);
      offset += line.length + 1;
    }
    out.set(i, events);
  });
  return out;
}
