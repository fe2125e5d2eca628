/**
 * Questions answered Yes or No on forms ("Have you ever been refused a visa …? No",
 * "(d) been refused … to Canada or any other country or territory? No", "… déjà été refusé ? Non"),
 * including questions that wrap over several lines and several questions on one line.
 */
import type { Evidence } from '../../../contracts/intakeOutput';
import type { CaseFile, PageRef } from './caseFile';
import { lineBounds, MAX_QUOTE, quoteSpan } from './evidenceQuotes';

export interface AnsweredQuestion {
  ref: PageRef;
  /** The question, whitespace collapsed. */
  question: string;
  answer: 'yes' | 'no';
  /** Offsets of question and answer in the page text (for quoting). */
  start: number;
  end: number;
  /** Offsets of the answer alone. */
  answerStart: number;
}

const ANSWER = /[ \t]?\?[ \t]*(?:\n[ \t]*)?(?:\[[ \t]*[xX✓✔]?[ \t]*\][ \t]*)?(?:Answer[ \t]*:[ \t]*|R[ée]ponse[ \t]*:[ \t]*)?(Yes|No|YES|NO|Oui|Non|OUI|NON)(?![\p{L}])/gu;
/** Where a question begins: a blank line, a list marker, or the end of the previous sentence or question. */
const QUESTION_START = /(?:^|\n[ \t]*\n|\n[ \t]*(?:\d{1,2}[.)]|\(?[a-z]\)|[a-z]\.)[ \t]+|[.?!:][ \t]+|\n(?=[ \t]*[A-Z(]))/g;
const MAX_QUESTION = 400;

/** Every Yes/No answer on the page. */
export function findAnswers(ref: PageRef): AnsweredQuestion[] {
  const text = ref.page.text;
  const out: AnsweredQuestion[] = [];
  for (const m of text.matchAll(ANSWER)) {
    const mark = m.index ?? 0;
    const window = text.slice(Math.max(0, mark - MAX_QUESTION), mark);
    const offset = Math.max(0, mark - MAX_QUESTION);
    let start = offset;
    for (const s of window.matchAll(QUESTION_START)) start = offset + (s.index ?? 0) + s[0].length;
    while (start < mark && /\s/.test(text[start])) start++;
    const question = text.slice(start, mark).replace(/\s+/g, ' ').trim();
    if (question.length < 8) continue;
    const answerStart = mark + m[0].length - m[1].length;
    out.push({ ref, question: `${question}?`, answer: /^(?:yes|oui)$/i.test(m[1]) ? 'yes' : 'no', start, end: mark + m[0].length, answerStart });
  }
  return out;
}

/** Answers to questions that match `topic`, across the given pages. */
export function answersAbout(pages: readonly PageRef[], topic: RegExp): AnsweredQuestion[] {
  return pages.flatMap(findAnswers).filter((a) => topic.test(a.question));
}

/** Answers across every document of the file. */
export function allAnswers(file: CaseFile): AnsweredQuestion[] {
  return file.documents.flatMap((doc) => doc.extracted.pages.flatMap((page) => findAnswers({ doc, page })));
}

/** The question with its answer as a quote; a long question is quoted from the line that holds its answer. */
export function quoteAnswer(a: AnsweredQuestion): Evidence | undefined {
  if (a.end - a.start <= MAX_QUOTE) return quoteSpan(a.ref, a.start, a.end);
  const questionMark = a.ref.page.text.lastIndexOf('?', a.answerStart);
  return quoteSpan(a.ref, Math.max(a.start, lineBounds(a.ref.page.text, questionMark).start), a.end);
}
