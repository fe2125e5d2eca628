/**
 * Events a form's question and its answer tell together: "When did you first meet in person?
 * 2017-10-08", "Have you lived together? Yes. From 2018-04-01 to 2019-09-30", « Y a-t-il eu une
 * cérémonie de fiançailles ? Oui, le 25 décembre 2018 », or the answer on the line below the
 * question. The question names the kind (events.json `questionKinds`), the answer gives the date:
 * an answer without a date, a "No", or a question about a plan ("When will the wedding take place?")
 * tells no event.
 */
import type { EventKind, FactDate, TimelineEvent } from '../../../../contracts/caseFacts';
import { countryIn, phrases } from '../lexicon';
import eventsJson from '../lexicons/events.json';
import { COUPLE_EVENTS, roleIn } from '../people';
import { quoteOf, type ReadingDocument, type ReadingPage } from '../readingDocument';
import type { Segment } from '../segments';
import { datesIn, type DateInText } from '../textReaders';

const KINDS = Object.entries(eventsJson.questionKinds).map(([kind, list]) => ({ kind: kind as EventKind, pattern: phrases(list) }));
const PLAN = phrases(eventsJson.questionPlans);
/**
 * Questions whose answer tells something else than their event words: a refusal ("refused a visa …,
 * denied entry or ordered to leave"), a previous relationship ("previously married or in a
 * common-law relationship?" is answered by a divorce).
 */
const SKIP = phrases(eventsJson.questionSkip);
/** An answer that denies: nothing happened. */
const DENIES = /^[\s.:–—-]*(?:no|non|never|jamais|none|aucune?|n\/a|s\.o\.|néant|nil)(?![\p{L}])/iu;
/** Kinds with a place: the answer's country is where it happened. */
const PLACED = new Set<EventKind>(['removal-order', 'overstay', 'entry']);
/** Kinds that are periods: the answer's second date, joined to the first, ends it. */
const PERIODS = new Set<EventKind>(['cohabitation-start', 'overstay']);
/** Longest answer read on the line below its question. */
const NEXT_LINE_ANSWER = 100;

export interface AnsweredQuestion {
  kind: EventKind;
  /** The question's words, before its "?". */
  question: string;
  /** Where the answer starts on its page, and its text. */
  at: number;
  answer: string;
  segment: Segment;
}

const plain = (d: DateInText | FactDate): FactDate => ({ iso: d.iso, precision: d.precision });

/** A line that answers yes or no, at the head of a segment that runs into the next question. */
const ANSWER_LINE = /^[ \t]*(?:yes|no|oui|non)(?![\p{L}])/iu;
/** A bare yes, whose details follow on the next line ("Yes." then "From 2018-04-01 to 2019-09-30"). */
const BARE_YES = /^[\s.:–—-]*(?:yes|oui)[\s.,;:–—-]*$/iu;

/**
 * The question of `text` (up to its last "?", without the previous answer's lines it was run into),
 * if it names an event kind and no plan, and what follows its "?".
 */
function split(text: string): { question: string; kind: EventKind; after: number } | undefined {
  const mark = text.lastIndexOf('?');
  if (mark < 0) return undefined;
  const lines = text.slice(0, mark).split('\n');
  while (lines.length > 1 && ANSWER_LINE.test(lines[0])) lines.shift();
  const question = lines.join(' ').split(/[.!](?=\s)/u).pop() ?? '';
  if (PLAN.test(question) || SKIP.test(question)) return undefined;
  const kind = KINDS.find((k) => k.pattern.test(question))?.kind;
  return kind ? { question, kind, after: mark + 1 } : undefined;
}

/** The first line of a segment: an answer run into the next question ends at its line. */
const firstLine = (s: Segment) => ({ at: s.start, text: s.text.split('\n')[0], segment: s });

/** The question the segment at `i` asks and the answer it gets, after its "?" or on the lines below. */
export function answeredQuestion(segments: readonly Segment[], i: number, order: ReadingDocument['dateOrder']): AnsweredQuestion | undefined {
  const segment = segments[i];
  const asked = split(segment.text);
  if (!asked) return undefined;
  const own = segment.text.slice(asked.after);
  const below = (k: number) => {
    const s = segments[k];
    return s && !s.text.split('\n')[0].includes('?') && s.text.split('\n')[0].trim().length <= NEXT_LINE_ANSWER ? firstLine(s) : undefined;
  };
  let answer = own.trim() !== '' ? { at: segment.start + asked.after, text: own, segment } : below(i + 1);
  // A bare "Yes" gives its details on the next line, unless the next question follows it on its own line.
  if (answer && BARE_YES.test(answer.text)) answer = answer.segment === segment ? below(i + 1) : answer.segment.text.includes('\n') ? undefined : below(i + 2);
  if (!answer || DENIES.test(answer.text) || datesIn(answer.text, order).length === 0) return undefined;
  return { kind: asked.kind, question: asked.question, at: answer.at, answer: answer.text, segment: answer.segment };
}

/** The event an answered question tells: dated by its answer's first date, whose by the question's subject. */
export function answeredEvent(doc: ReadingDocument, page: ReadingPage, spousal: boolean, answered: AnsweredQuestion): TimelineEvent {
  const [first] = datesIn(answered.answer, doc.dateOrder);
  const end = PERIODS.has(answered.kind) && first.until && first.until !== 'present' ? first.until : undefined;
  const country = PLACED.has(answered.kind) ? countryIn(answered.answer) : undefined;
  const person = COUPLE_EVENTS.has(answered.kind) ? 'applicant' : roleIn(answered.question, doc, spousal);
  return {
    kind: answered.kind,
    person,
    date: plain(first),
    ...(end ? { end: plain(end) } : {}),
    ...(country ? { country } : {}),
    evidence: quoteOf(doc, page, answered.segment.start, answered.segment.end, answered.at),
    confidence: 0.8,
    source: 'rules',
  };
}

/** Whether `date` falls in the span an answered event covers (its date, to its end), at the answer's precision. */
function within(date: FactDate, answer: TimelineEvent): boolean {
  if (!answer.date) return false;
  const from = answer.date.iso;
  const to = answer.end?.iso ?? from;
  const at = date.iso.slice(0, Math.max(from.length, to.length));
  return at.slice(0, from.length) >= from && at.slice(0, to.length) <= to;
}

/**
 * Whether an answered question restates an event the document tells elsewhere ("Yes (United Kingdom,
 * 2015-2016)" beside the details that date the overstay): an event of the same kind and person dated
 * within the answer's span.
 */
export function restates(answer: TimelineEvent, others: readonly TimelineEvent[]): boolean {
  return others.some((o) => o !== answer && o.kind === answer.kind && o.person === answer.person && o.evidence.docId === answer.evidence.docId && o.date !== undefined && within(o.date, answer));
}
