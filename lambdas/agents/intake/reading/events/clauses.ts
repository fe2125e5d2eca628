/**
 * Where a trigger stands in its text: the clause and the sentence it opens in, whether it is asked
 * (a form's question) rather than told, and whether its clause denies it.
 */
import { ELIDED_NEGATION, NEGATION, phrases } from '../lexicon';
import eventsJson from '../lexicons/events.json';

const CLAUSE_BREAK = /[;,:]|[.!?](?=\s)|\b(?:but|however|although|whereas|mais|cependant|toutefois|alors que)\b/giu;
/** A segment that ends in a question mark (and at most a short answer mark): a question, not a statement. */
export const QUESTION = /\?\s*(?:\S{0,12})?\s*$/u;
/** A form's question ("Have you ever been refused …", "Avez-vous déjà été …"): what it names is asked, not told. */
const QUESTION_OPENER = phrases(eventsJson.questionOpeners);
const SENTENCE_BREAK = /[.!?](?=\s|$)/gu;
/** A line that opens a form's next question ("Have you ever…", "7. Avez-vous…"). */
export const QUESTION_LINE = new RegExp(`\n[ \t]*(?:\\d{1,2}[.)][ \t]*)?(?:${eventsJson.questionOpeners.join('|')})(?![\\p{L}])`, 'iu');

export function clauseStart(text: string, index: number): number {
  let start = 0;
  for (const m of text.slice(0, index).matchAll(CLAUSE_BREAK)) start = (m.index ?? 0) + m[0].length;
  return start;
}

export function sentenceStartAt(text: string, index: number): number {
  let start = 0;
  for (const m of text.slice(0, index).matchAll(SENTENCE_BREAK)) start = (m.index ?? 0) + m[0].length;
  return start;
}

/**
 * Whether the trigger at `index` sits in a question: its sentence opens with a question's words, or
 * ends with "?" before any full stop, unless that "?" ends the next question of a form, on a line of
 * its own after the answer (`raw` keeps the segment's line breaks).
 */
export function asked(text: string, index: number, raw = text): boolean {
  if (QUESTION_OPENER.test(text.slice(sentenceStartAt(text, index), index))) return true;
  const ahead = /^[^.!?]*\?/u.exec(text.slice(index));
  return ahead !== null && !QUESTION_LINE.test(raw.slice(index, index + ahead[0].length));
}

/** The sentence the text at `index` is in (a question's "?" ends one). */
export function sentenceAt(text: string, index: number): string {
  const end = text.slice(index).search(/[.!?](?=\s|$)/u);
  return text.slice(sentenceStartAt(text, index), end < 0 ? text.length : index + end);
}

/** Whether a clause's words before a trigger deny it ("never", « n'a jamais »). */
export function negated(prefix: string): boolean {
  // "Case No. 1442", "N° 12": a number sign is not a negation.
  const words = prefix.replace(/\b(?:no|nos|n)[.°º]\s*\d*/giu, ' ');
  return NEGATION.test(words) || ELIDED_NEGATION.test(words);
}

/**
 * A negation carried along a list whose last item is the trigger ("has never been arrested, charged
 * or convicted", "was not refused, detained or removed"): the list's commas do not end the clause
 * the negation opens, so its last item is denied too.
 */
const NEGATED_LIST = /(?<![\p{L}])(?:never|not|jamais|pas)[ \t]+(?:(?:been|été)[ \t]+)?[\p{L}-]+(?:[ \t]*,[ \t]*[\p{L}-]+)*[ \t]*,?[ \t]*(?:or|nor|ou|ni)[ \t]+$/iu;

/** Whether the trigger at `index` is the last item of a list a negation opens (see above). */
export function negatedList(text: string, index: number): boolean {
  return NEGATED_LIST.test(text.slice(sentenceStartAt(text, index), index));
}

/**
 * Whether the trigger (`words`, at `at` on the page) is written in capitals on a line without a figure or a colon — a title
 * ("REFUS DE VISA (formulaire type)", "NOTICE OF REFUSAL") that names the document, which a PDF's
 * text may run into the sentences below it. The sentences state the event; the title does not.
 * A history row in capitals keeps its year ("USA 2016 REFUSED") and a label its colon.
 */
export function inTitle(pageText: string, at: number, words: string): boolean {
  if (!/\p{Lu}{2}/u.test(words) || words !== words.toUpperCase()) return false;
  const end = pageText.indexOf('\n', at);
  const line = pageText.slice(pageText.lastIndexOf('\n', at) + 1, end < 0 ? pageText.length : end);
  return !/[\d:]/u.test(line);
}
