/**
 * Form questions whose answers stand in columns, as a PDF's text keeps its layout (IMM 5669 section
 * 6, IMM 0008 schedules): a heading line ends in the answer words ("YES      NO", "OUI   NON"), and
 * each question, wrapped over as many lines as it needs, ends on a line whose last mark ("X", "✓",
 * "☒") stands under one of them. The column the mark stands under is the answer; a mark under neither
 * is not read.
 */
import { topicOf, type FormAnswer } from './formAnswers';

/** A heading that ends in the two answer columns, set apart by wide gaps. */
const HEADER = /^(.*?)[ \t]{2,}(yes|oui)[ \t]{2,}(no|non)[ \t]*$/iu;
/** A question line that ends in a lone mark, set apart by a wide gap. */
const MARKED = /^(.*\S)?[ \t]{2,}(?:[xX✓✔☒■]|\[[ \t]*[xX✓✔][ \t]*\])[ \t]*$/u;
/** How far from a column's word a mark may stand and still be under it. */
const SLACK = 3;

interface Columns {
  yes: { from: number; to: number };
  no: { from: number; to: number };
}

function columnsOf(line: string): Columns | undefined {
  const m = HEADER.exec(line);
  if (!m) return undefined;
  const yesAt = line.indexOf(m[2], m[1].length);
  const noAt = line.lastIndexOf(m[3]);
  return { yes: { from: yesAt, to: yesAt + m[2].length }, no: { from: noAt, to: noAt + m[3].length } };
}

/** The answer a mark at `at` gives: the column it stands under. */
function answerAt(columns: Columns, at: number): 'yes' | 'no' | undefined {
  const near = (c: { from: number; to: number }) => at >= c.from - SLACK && at < c.to + SLACK;
  const yes = near(columns.yes);
  const no = near(columns.no);
  if (yes === no) return undefined;
  return yes ? 'yes' : 'no';
}

/** Every question answered in columns on the page. */
export function layoutAnswers(text: string): FormAnswer[] {
  const out: FormAnswer[] = [];
  let columns: Columns | undefined;
  let question: { start: number; lines: string[] } | undefined;
  let offset = 0;
  for (const line of text.split('\n')) {
    const start = offset;
    offset += line.length + 1;
    const heading = columnsOf(line);
    if (heading) {
      columns = heading;
      question = undefined;
      continue;
    }
    if (!columns) continue;
    // A blank line ends a question that was never marked; the columns go on.
    if (line.trim() === '') {
      question = undefined;
      continue;
    }
    const marked = MARKED.exec(line);
    const own = marked ? (marked[1] ?? '') : line;
    question = question ?? { start, lines: [] };
    if (own.trim()) question.lines.push(own.trim());
    if (!marked) continue;
    const answer = answerAt(columns, line.search(/[xX✓✔☒■](?=[ \t\]]*$)/u));
    const asked = question.lines.join(' ');
    const topic = answer ? topicOf(asked) : undefined;
    if (answer && topic) out.push({ topic, answer, question: asked, start: question.start, end: start + line.trimEnd().length, confidence: 0.85 });
    question = undefined;
  }
  return out;
}
