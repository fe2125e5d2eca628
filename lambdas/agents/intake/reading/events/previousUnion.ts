/**
 * A previous union as the forms list it (IMM 0008 « Union antérieure », a family or relationship
 * form's "Previous relationships"): a "Type of relationship" field that names a marriage, and the
 * union's period on its own line or field below it (« Du 2012-05-19 au 2019-11-04 », "From
 * 2008-06-14 to 2015-02-01"). Where the type says the marriage ended in a divorce (« mariage,
 * dissous par divorce », "Married — divorced"), the period's start is the marriage and its end the
 * divorce. Nothing else is dated: a type without a period ("Type of relationship: Married") says no
 * when, a marriage that ended by a death is no divorce, and a "Married" type with a period may be the
 * current relationship, whose "From" is when the couple began. Whose union it is: the form part's person (sectionPerson.ts),
 * else the document's author. Vocabulary: events.json `previousUnion` and `othersDates`.
 */
import type { EventKind, FactDate, PartyRole, TimelineEvent } from '../../../../contracts/caseFacts';
import eventsJson from '../lexicons/events.json';
import { quoteOf, type ReadingDocument, type ReadingPage } from '../readingDocument';
import { partsOf, personAt } from '../sectionPerson';
import type { Segment } from '../segments';
import { datesIn, type DateInText } from '../textReaders';

const words = (list: readonly string[]) => new RegExp(`(?<![\\p{L}])(?:${list.join('|')})(?![\\p{L}])`, 'iu');
const TYPE_LABEL = new RegExp(`^[ \\t]*(?:${eventsJson.previousUnion.typeLabels.join('|')})[ \\t]*$`, 'iu');
const MARRIED = words(eventsJson.othersDates.marriage);
const DIVORCED = words(eventsJson.othersDates.divorce);
/** How far below the type its period may stand (the ex-spouse's name or birth date may come between). */
const PERIOD_REACH = 3;

const plain = (d: DateInText): FactDate => ({ iso: d.iso, precision: d.precision, ...(d.ambiguous ? { ambiguous: d.ambiguous } : {}) });

/** The union's period in a line: a range, or two dates joined by "to", « au », a dash. */
function periodIn(text: string, order: ReadingDocument['dateOrder']): { start: FactDate; end?: FactDate } | undefined {
  const [first, second] = datesIn(text, order);
  if (!first) return undefined;
  if (first.until) return { start: plain(first), ...(first.until !== 'present' ? { end: first.until } : {}) };
  // Between the two: a joining word, and at most a format note and a colon ("To (YYYY-MM-DD): ").
  const between = second ? text.slice(first.end, second.start).replace(/\([^)]*\)|:/gu, ' ') : '';
  const joined = second && /^[ \t]*(?:[-–—]|to|until|au|à|jusqu['’]au)[ \t]*$/iu.test(between);
  return { start: plain(first), ...(joined ? { end: plain(second) } : {}) };
}

const BORN = words(eventsJson.othersDates.born);
/** A label that opens a period ("From", « Du », "Dates"). */
const PERIOD_LABEL = /^[ \t]*(?:from|du|de|dates?|period|période|start|début)(?![\p{L}])/iu;

/**
 * The union's period a line below its type gives: two joined dates, or one after a period label
 * ("From: 2008-06-14"). A birth date (the former spouse's) or another dated field is no period.
 */
function unionPeriod(segment: Segment, order: ReadingDocument['dateOrder']): { start: FactDate; end?: FactDate } | undefined {
  if (BORN.test(segment.text)) return undefined;
  const period = periodIn(segment.field?.value ?? segment.text, order);
  if (!period) return undefined;
  return period.end || PERIOD_LABEL.test(segment.field?.label ?? segment.text) ? period : undefined;
}

/** The marriages (and divorces) the page's previous-union blocks date. */
export function previousUnions(doc: ReadingDocument, page: ReadingPage): TimelineEvent[] {
  const out: TimelineEvent[] = [];
  const parts = partsOf(page.text);
  page.segments.forEach((segment, i) => {
    if (!segment.field || !TYPE_LABEL.test(segment.field.label) || !MARRIED.test(segment.field.value)) return;
    const below = page.segments.slice(i + 1, i + 1 + PERIOD_REACH);
    const at = below.findIndex((s) => unionPeriod(s, doc.dateOrder) !== undefined);
    if (at < 0) return;
    const periodSegment = below[at];
    const period = unionPeriod(periodSegment, doc.dateOrder)!;
    const person: PartyRole = personAt(parts, segment.start, undefined) ?? doc.author;
    const event = (kind: EventKind, date: FactDate): TimelineEvent => ({
      kind,
      person,
      date,
      evidence: quoteOf(doc, page, segment.start, periodSegment.end),
      confidence: 0.8,
      source: 'rules',
    });
    // Only a union the type says ended in a divorce is dated here: a "Married" type with a period may be the
    // current relationship, whose "From" is when the couple began (the form dates the marriage elsewhere).
    if (!period.end || !DIVORCED.test(segment.field.value)) return;
    out.push(event('marriage', period.start), event('divorce', period.end));
  });
  return out;
}
