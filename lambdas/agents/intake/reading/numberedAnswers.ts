/**
 * Questions printed as a numbered list and answered further on by their numbers, as schedules and
 * transcriptions keep them apart ("(d) been refused …?" then "6(d): Yes (see attached)";
 * "a) été reconnu(e) coupable …?" then "a) N   b) N   d) O"): each answer is its question's.
 */
import { plainSpaces, topicOf, type FormAnswer } from './formAnswers';

/** "6. a) …", "(b) …", "c) …": a lettered item, under the section number it may carry. */
const LETTER_ITEM = /^[ \t]*(?:(\d{1,2})[.)]?[ \t]*)?\(?([a-z])\)[ \t]+(\S.*)$/u;
/** "3. Are you …", "Q4) Avez-vous …": a numbered item. */
const NUMBER_ITEM = /^[ \t]*(?:Q(?:uestion)?[ \t]?)?(\d{1,2})[.)][ \t]+(\S.*)$/iu;
/**
 * An answer given by its question's number: "6(d): Yes", "(b) No", "a) N", "Q3: Oui", "Question 4 – Non".
 * A letter alone (Y, N, O) answers only here, where nothing else can follow a question's number.
 */
const ANSWER_REF = /(?<![\p{L}\d(])(?:(?:Q(?:uestion)?[ \t]?)?(\d{1,2})[ \t]*)?(?:\(([a-z])\)|([a-z])\))?[ \t]*([:：–—-])?[ \t]*([Yy][Ee][Ss]|[Nn][Oo][Nn]?|[Oo][Uu][Ii]|[YNO])(?![\p{L}\d])/gu;

export interface NumberedAnswer extends FormAnswer {
  /** The page the answer is written on (0-based). */
  pageIndex: number;
}

interface Item {
  number?: string;
  letter?: string;
  question: string;
  /** Where the item ends, in the document's pages joined. */
  end: number;
}

const keyOf = (number: string | undefined, letter: string | undefined) => `${number ?? ''}${letter ?? ''}`;

/** The lettered and numbered questions of the document, in order, each with the section number it stands under. */
function itemsOf(text: string): Item[] {
  const items: Item[] = [];
  let section: string | undefined;
  let current: Item | undefined;
  let offset = 0;
  for (const line of text.split('\n')) {
    const lineEnd = offset + line.length;
    offset = lineEnd + 1;
    const lettered = LETTER_ITEM.exec(line);
    const numbered = lettered ? null : NUMBER_ITEM.exec(line);
    if (lettered || numbered) {
      if (numbered) section = numbered[1];
      if (lettered?.[1]) section = lettered[1];
      current = lettered ? { number: lettered[1] ?? section, letter: lettered[2], question: lettered[3], end: lineEnd } : { number: numbered![1], question: numbered![2], end: lineEnd };
      items.push(current);
    } else if (current && line.trim() !== '' && !/\?[ \t]*$/.test(current.question)) {
      // A question wrapped over several lines goes on until its question mark.
      current.question += ` ${line.trim()}`;
      current.end = lineEnd;
    } else current = undefined;
  }
  return items.filter((i) => topicOf(i.question) !== undefined);
}

/** Every question of the document answered by its number further on. */
export function numberedAnswers(pages: readonly string[]): NumberedAnswer[] {
  const texts = pages.map(plainSpaces);
  const whole = texts.join('\n');
  const items = itemsOf(whole);
  if (items.length === 0) return [];
  const out: NumberedAnswer[] = [];
  let pageStart = 0;
  texts.forEach((text, pageIndex) => {
    for (const m of text.matchAll(ANSWER_REF)) {
      const [, number, inParens, bare, separator, word] = m;
      const letter = inParens ?? bare;
      // A bare number is an answer's only with a separator ("3: Yes"), not a list's "1. No …".
      if (!letter && !(number && separator)) continue;
      const at = pageStart + m.index;
      // The answer comes after its question, and is not the question's own label ("a) non-…").
      const candidates = items.filter((i) => i.end < at && (keyOf(i.number, i.letter) === keyOf(number, letter) || (!number && i.letter === letter && letter !== undefined)));
      const distinct = new Set(candidates.map((i) => keyOf(i.number, i.letter)));
      if (candidates.length === 0 || distinct.size > 1) continue;
      const item = candidates[candidates.length - 1];
      const lineEnd = text.indexOf('\n', m.index);
      const after = text.slice(m.index + m[0].length, lineEnd === -1 ? text.length : lineEnd);
      // "Yes (see attached)", "Yes – Australia 2021": what follows on the line, up to the next reference.
      const details = /^[ \t]*(?:\(|[-–—:;,])/.test(after) ? after.split(/[ \t]{2,}|(?<![\p{L}\d(])(?:\d{1,2})?\(?[a-z]\)[ \t]*[:：]?[ \t]*(?:yes|no|oui|non|[YNO])(?![\p{L}])/u)[0].replace(/^[ \t]*[-–—:;,]?[ \t]*/, '').trim().replace(/^\((.*)\)$/u, '$1') : '';
      const answer = /^n/iu.test(word) ? 'no' : 'yes';
      out.push({ topic: topicOf(item.question)!, answer, question: item.question, start: m.index, end: m.index + m[0].length, ...(answer === 'yes' && details.length > 3 ? { details } : {}), confidence: 0.8, pageIndex });
    }
    pageStart += text.length + 1;
  });
  return out;
}
