/**
 * Choices a PDF's text layer sets one or two to a line under their question, as it extracts each
 * box and each word of a form on its own ("…territory?\n☐\nYes\n☒\nNo", "…pays ?\nNon\n☐\nOui\n☒"):
 * read together they are one choice line, and the box ticked beside a word is the answer.
 */
import { choiceOf, detailsAfter, detailsOf, plainSpaces, questionBefore, topicOf, type FormAnswer } from './formAnswers';

const TOKEN = String.raw`(?:[☐□☒■☑✓✔]|\[[ \t]*[xX✓✔]?[ \t]*\]|\([ \t]*[xX✓✔]?[ \t]*\)|[xX]|yes|no|oui|non)`;
/** A line of one or two choice tokens and nothing else. */
const TOKEN_LINE = new RegExp(String.raw`^[ \t]*${TOKEN}(?:[ \t]+${TOKEN})?[ \t]*$`, 'iu');
/** Two words and their boxes take at most four lines. */
const MAX_LINES = 4;

/** The choices stacked on the lines from `from`, as one line, and the line after them. */
function choicesFrom(lines: readonly string[], from: number): { answer: 'yes' | 'no'; next: number } | undefined {
  let j = from;
  while (j < lines.length && j - from < MAX_LINES && TOKEN_LINE.test(lines[j])) j++;
  // A single line of choices is read by the line readers (formAnswers); stacked means two lines or more.
  if (j - from < 2) return undefined;
  const answer = choiceOf(lines.slice(from, j).map((l) => l.trim()).join('   '));
  return answer ? { answer, next: j } : undefined;
}

/**
 * Every question on the page whose choices stand stacked on the lines below it, and the one the
 * page before ends with when its choices open this page (a page break between a question and its boxes).
 */
export function stackedAnswers(page: string, previousPage?: string): FormAnswer[] {
  const text = plainSpaces(page);
  const out: FormAnswer[] = [];
  const before = previousPage === undefined ? '' : plainSpaces(previousPage).trimEnd();
  const carried = /\?$/.test(before) ? choicesFrom(text.split('\n'), 0) : undefined;
  if (carried) {
    const { question } = questionBefore(before, before.length - 1);
    const topic = topicOf(question);
    const lines = text.split('\n');
    const end = lines.slice(0, carried.next).join('\n').length;
    if (topic) out.push({ topic, answer: carried.answer, question, start: 0, end, confidence: 0.8 });
  }
  const lines = text.split('\n');
  let offset = 0;
  const starts = lines.map((l) => {
    const at = offset;
    offset += l.length + 1;
    return at;
  });
  for (let i = 0; i < lines.length; i++) {
    if (!/\?[ \t]*$/.test(lines[i])) continue;
    const choices = choicesFrom(lines, i + 1);
    if (!choices) continue;
    const { answer, next: j } = choices;
    const mark = starts[i] + lines[i].lastIndexOf('?');
    const { start, question } = questionBefore(text, mark);
    const topic = topicOf(question);
    if (!topic) continue;
    const end = starts[j - 1] + lines[j - 1].length;
    const rest = detailsAfter(text, end);
    const details = answer === 'yes' ? detailsOf(rest) : undefined;
    out.push({ topic, answer, question, start, end: rest ? end + rest.length : end, ...(details ? { details } : {}), confidence: 0.85 });
  }
  return out;
}
