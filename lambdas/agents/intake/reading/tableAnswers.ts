/**
 * Form questions laid out as a table: a "Yes | No" header with the chosen column marked
 * ("| Have you ever been refused…? |   | X |"), a column per person ("Question | Sponsor | Spouse"
 * then "…before? | Yes | No"), or the answer alone in the next cell.
 */
import type { PartyRole } from '../../../contracts/caseFacts';
import { YES } from './lexicon';
import { roleOf } from './declarationLexicon';
import { topicOf, type FormAnswer } from './formAnswers';
import type { Segment } from './segments';

/** A ticked cell: "X", "✓", "☒", "■", "●". */
const TICK = /^(?:[xX✓✔☒■●]|\[[ \t]*[xX✓✔][ \t]*\])$/u;
const ANSWER_WORD = /^(yes|no|oui|non)$/iu;

/** The row's cells, empty ones kept, so that a mark stays under its column. */
function cellsOf(segment: Segment): string[] {
  if (!segment.text.includes('|')) return segment.cells ?? [];
  return segment.text.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
}

type Column = { answer: 'yes' | 'no' } | { person: PartyRole } | undefined;

function columnOf(heading: string): Column {
  const word = ANSWER_WORD.exec(heading)?.[1];
  if (word) return { answer: YES.test(word) ? 'yes' : 'no' };
  const person = roleOf(heading);
  return person ? { person } : undefined;
}

/** Answers from the table rows of a page. */
export function tableAnswers(segments: readonly Segment[]): FormAnswer[] {
  const out: FormAnswer[] = [];
  let columns: Column[] = [];
  for (const segment of segments) {
    if (!segment.cells) {
      columns = [];
      continue;
    }
    const cells = cellsOf(segment);
    const topic = topicOf(cells[0] ?? '');
    if (!topic) {
      // A header row names the answer or the person of each column.
      const heads = cells.map(columnOf);
      if (heads.some(Boolean)) columns = heads;
      continue;
    }
    const base = { topic, question: cells[0], start: segment.start, end: segment.end, confidence: 0.8 };
    cells.slice(1).forEach((cell, i) => {
      const column = columns[i + 1];
      const word = ANSWER_WORD.exec(cell)?.[1];
      if (column && 'answer' in column && TICK.test(cell)) out.push({ ...base, answer: column.answer });
      else if (word && (!column || 'person' in column)) out.push({ ...base, answer: YES.test(word) ? 'yes' : 'no', ...(column && 'person' in column ? { person: column.person } : {}) });
    });
  }
  return out;
}
