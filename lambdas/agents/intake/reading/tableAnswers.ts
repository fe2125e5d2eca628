/**
 * Form questions laid out as a table: a "Yes | No" header with the chosen column marked
 * ("| Have you ever been refused…? |   | X |"), a column per person ("Question | Sponsor | Spouse"
 * then "…before? | Yes | No"; "Principal applicant | Spouse | Dependent child" on a family's form, each
 * member's answer theirs alone), or the answer alone in the next cell.
 */
import type { PartyRole } from '../../../contracts/caseFacts';
import { YES } from './lexicon';
import { householdColumns, roleOf } from './declarationLexicon';
import { choiceOf, topicOf, type FormAnswer } from './formAnswers';
import type { Segment } from './segments';

/** A ticked cell: "X", "✓", "☒", "■", "●". */
const TICK = /^(?:[xX✓✔☒■●]|\[[ \t]*[xX✓✔][ \t]*\])$/u;
const ANSWER_WORD = /^(yes|no|oui|non)$/iu;
/** An answer cell: the word or its letter, and a note after it ("Y (see attached)", "Yes – UK 2019", "N"). */
const ANSWER_CELL = /^(yes|no|oui|non|y|n)(?![\p{L}])[ \t]*(?:\(([^)]*)\)|[-–—:][ \t]*(\S.*))?$/iu;
/** A cell that is a whole field: "Refus antérieurs : Non", "Previous refusals: Yes - UK 2019". */
const LABELLED_ANSWER = /^([\p{L}][^:：\n]{1,60}?)[ \t]*[:：][ \t]*(yes|no|oui|non)(?![\p{L}])(.*)$/iu;

/** The row's cells, empty ones kept, so that a mark stays under its column. */
function cellsOf(segment: Segment): string[] {
  if (!segment.text.includes('|')) return segment.cells ?? [];
  return segment.text.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
}

type Column = { answer: 'yes' | 'no' } | { person: PartyRole } | { details: true } | undefined;

interface Span {
  from: number;
  to: number;
}

/** Where each cell stands on its line (a row set out with spaces keeps its columns by position). */
function spansOf(line: string, cells: readonly string[]): Span[] {
  const out: Span[] = [];
  let from = 0;
  for (const cell of cells) {
    const at = line.indexOf(cell, from);
    out.push(at < 0 ? { from: -1, to: -1 } : { from: at, to: at + cell.length });
    if (at >= 0) from = at + cell.length;
  }
  return out;
}

/** How far a cell may stand from its heading and still be under it. */
const SLACK = 6;

/** The header column a cell stands under: the one it overlaps, else the nearest within a few characters. */
function columnUnder(heads: readonly Span[], cell: Span): number {
  let best = -1;
  let bestGap = SLACK + 1;
  heads.forEach((h, i) => {
    if (h.from < 0) return;
    const gap = Math.max(h.from - cell.to, cell.from - h.to, -1);
    if (gap < bestGap) {
      best = i;
      bestGap = gap;
    }
  });
  return best;
}

/** A details column ("Details", "If yes, give details", "Précisions"): what a "Yes" discloses. */
const DETAILS_HEADING = /^(?:details?|if yes\b.*|explanation|remarks?|précisions?|détails?|si oui\b.*)$/iu;

function columnOf(heading: string): Column {
  const word = ANSWER_WORD.exec(heading)?.[1];
  if (word) return { answer: YES.test(word) ? 'yes' : 'no' };
  if (DETAILS_HEADING.test(heading)) return { details: true };
  const person = roleOf(heading);
  return person ? { person } : undefined;
}

/**
 * Answers from the table rows of a page. The question is the first cell that asks about a topic (a
 * number or item label may stand before it); the cells after it are read under their columns.
 */
export function tableAnswers(segments: readonly Segment[]): FormAnswer[] {
  const out: FormAnswer[] = [];
  let columns: Column[] = [];
  // A header set out with spaces: where its columns stand, to read the rows below by position (an empty cell leaves no gap marker).
  let headSpans: Span[] | undefined;
  for (const segment of segments) {
    if (!segment.cells) {
      columns = [];
      headSpans = undefined;
      continue;
    }
    const cells = cellsOf(segment);
    // A form line of several fields set apart by wide gaps ("Durée : 2 ans   Refus antérieurs : Non"):
    // each "Label : Yes/No" field answers its own question.
    const fields = cells.flatMap((cell) => {
      const m = LABELLED_ANSWER.exec(cell);
      const topic = m ? topicOf(m[1]) : undefined;
      if (!m || !topic) return [];
      const details = m[3].replace(/^[ \t]*[-–—:;,.]?[ \t]*/, '').trim();
      return [{ topic, question: m[1], start: segment.start, end: segment.end, answer: YES.test(m[2]) ? ('yes' as const) : ('no' as const), ...(details.length > 3 ? { details } : {}), confidence: 0.8 }];
    });
    if (fields.length) {
      out.push(...fields);
      continue;
    }
    const at = cells.findIndex((c) => topicOf(c) !== undefined);
    if (at < 0) {
      // A header row names the answer, the details or the person of each column.
      const household = householdColumns(cells);
      const heads = cells.map((c, i): Column => (household?.[i] ? { person: household[i]! } : columnOf(c)));
      if (heads.some(Boolean)) {
        columns = heads;
        headSpans = segment.text.includes('|') ? undefined : spansOf(segment.text, cells);
      }
      continue;
    }
    const topic = topicOf(cells[at])!;
    const detailsAt = columns.findIndex((c) => c !== undefined && 'details' in c);
    const details = detailsAt > at && !headSpans ? cells[detailsAt]?.trim() : undefined;
    const base = { topic, question: cells[at], start: segment.start, end: segment.end, confidence: 0.8 };
    const answers: FormAnswer[] = [];
    // Without answer or person columns, a row that prints both choices ("… ?   Oui     Non  X") is answered by its mark, not by its first word.
    const after = cells.slice(at + 1).join('   ');
    if (!columns.some((c) => c && ('answer' in c || 'person' in c)) && (after.match(/(?<![\p{L}])(?:yes|no|oui|non)(?![\p{L}])/giu) ?? []).length >= 2) {
      const answer = choiceOf(after);
      if (answer) out.push({ ...base, answer });
      continue;
    }
    const rowSpans = headSpans && !segment.text.includes('|') ? spansOf(segment.text, cells) : undefined;
    cells.slice(at + 1).forEach((cell, i) => {
      const under = rowSpans && headSpans ? columnUnder(headSpans, rowSpans[at + 1 + i]) : at + 1 + i;
      const column = under >= 0 ? columns[under] : undefined;
      const said = ANSWER_CELL.exec(cell);
      const word = said?.[1];
      const note = (said?.[2] ?? said?.[3])?.trim();
      if (column && 'answer' in column && TICK.test(cell)) answers.push({ ...base, answer: column.answer });
      else if (word && (!column || 'person' in column)) {
        const answer = YES.test(word) ? ('yes' as const) : ('no' as const);
        answers.push({ ...base, answer, ...(answer === 'yes' && note && note.length > 3 ? { details: note } : {}), ...(column && 'person' in column ? { person: column.person } : {}) });
      }
    });
    // The details column speaks for a "Yes"; a "No" discloses nothing.
    out.push(...answers.map((a) => (a.answer === 'yes' && details && details.length > 3 ? { ...a, details } : a)));
  }
  return out;
}
