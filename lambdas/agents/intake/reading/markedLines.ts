/**
 * Tick-box factors whose boxes did not survive as boxes. A PDF's text layer often drops the printed
 * squares and keeps only the tick, an "X" or "✓" before the ticked factors, the others left bare:
 *
 *   …based on the following factors:
 *   X You have not shown that you have sufficient … as required by
 *   section 220 of the IRPR
 *   Your family ties in Canada and in your country of residence
 *
 * and a transcription says which box is ticked after each factor (« – Le but de votre visite (case
 * cochée) », "(not checked)"). Each factor line is given back as a segment of its own, written as the
 * box it was ("☒ …" ticked, "☐ …" not), so the reader weighs a ticked factor and drops an empty one as
 * it does for printed boxes; its offsets stay the document's, for the quote. Vocabulary:
 * lexicons/officerFindings.json (`tickMarks`).
 */
import words from './lexicons/officerFindings.json';
import type { Segment } from './segments';
import { linesOf } from '../../../core/text/lines';

/** A lone tick opening a line, then the factor, which starts with a capital ("X Your travel history"). */
const LEADING_TICK = new RegExp(String.raw`^([ \t]*)(?:${words.tickMarks.leading.join('|')})[ \t]+(?=[\p{Lu}«"“])`, 'u');
const TRAILING = (list: string[]) => new RegExp(String.raw`[ \t]*[(\[](?:${list.join('|')})[)\]][ \t]*[.;,]?[ \t]*$`, 'iu');
const TRAILING_TICKED = TRAILING(words.tickMarks.trailingTicked);
const TRAILING_EMPTY = TRAILING(words.tickMarks.trailingEmpty);
/** A list item's own bullet, kept out of the factor's words. */
const BULLET = /^[ \t]*(?:[-–—•*▪]|\(?[a-z0-9]{1,2}[.)])[ \t]+/u;
/** A factor left bare: short, capitalised, no full stop of a sentence of prose. */
const BARE_FACTOR = /^[ \t]*[\p{Lu}][^\n]{2,100}$/u;
const ENDS_SENTENCE = /[.!?]["»”)]*[ \t]*$/u;
/** A wrapped factor's next line goes on in lower case or with a number ("section 220 of the IRPR"). */
const CONTINUES = /^[ \t]*[\p{Ll}\d(]/u;

type Mark = 'ticked' | 'empty' | 'bare' | 'continues' | undefined;

function markOf(line: string, inRun: boolean, leadingTicks: boolean): Mark {
  if (LEADING_TICK.test(line)) return 'ticked';
  if (TRAILING_TICKED.test(line) && !TRAILING_EMPTY.test(line)) return 'ticked';
  if (TRAILING_EMPTY.test(line)) return 'empty';
  if (!inRun) return undefined;
  if (CONTINUES.test(line) && line.trim() !== '') return 'continues';
  // Bare lines are empty boxes only where the ticks lead the line (a trailing mark is written on each line).
  if (leadingTicks && BARE_FACTOR.test(line) && !ENDS_SENTENCE.test(line)) return 'bare';
  return undefined;
}

/** The factor's words, its tick, bullet and trailing mark left out, written behind a box. */
function boxed(text: string, ticked: boolean): string {
  const words_ = text.replace(LEADING_TICK, '').replace(BULLET, '').replace(TRAILING_TICKED, '').replace(TRAILING_EMPTY, '').trim();
  return `${ticked ? '☒' : '☐'} ${words_}`;
}

/**
 * The segment cut into the lines of its marked factor list, each written as a box, where a line
 * ending in a colon introduces a list holding at least one tick; any other segment is returned whole.
 */
export function markedLines(segment: Segment): Segment[] {
  if (!segment.text.includes('\n')) return [segment];
  const lines = linesOf(segment.text);
  // The line that introduces the list ends in a colon; the factor after it carries a mark, or is left
  // bare where the list's ticks lead their lines ("Your travel history" above "X Your family ties").
  const ticksAfter = (i: number) => lines.slice(i + 1).some((l) => LEADING_TICK.test(l.text));
  const intro = lines.findIndex((l, i) => /:[ \t]*$/.test(l.text) && i + 1 < lines.length && markOf(lines[i + 1].text, ticksAfter(i), ticksAfter(i)) !== undefined);
  if (intro < 0) return [segment];
  const leadingTicks = ticksAfter(intro);
  const items: Array<{ from: number; to: number; ticked: boolean; text: string }> = [];
  let end = intro + 1;
  for (; end < lines.length; end++) {
    const mark = markOf(lines[end].text, items.length > 0 || leadingTicks, leadingTicks);
    if (mark === undefined) break;
    const line = lines[end];
    if (mark === 'continues') {
      if (items.length === 0) break;
      const last = items[items.length - 1];
      last.to = line.end;
      last.text += ` ${line.text.trim()}`;
    } else {
      items.push({ from: line.start, to: line.end, ticked: mark === 'ticked', text: line.text });
    }
  }
  if (!items.some((i) => i.ticked)) return [segment];
  const piece = (from: number, to: number, text: string): Segment => ({ ...segment, start: segment.start + from, end: segment.start + to, text, field: undefined, cells: undefined });
  const head = lines[intro].end;
  const out: Segment[] = [piece(0, head, segment.text.slice(0, head))];
  for (const item of items) out.push(piece(item.from, item.to, boxed(item.text, item.ticked)));
  const restFrom = end < lines.length ? lines[end].start : segment.text.length;
  const rest = segment.text.slice(restFrom);
  if (rest.trim()) out.push(piece(restFrom, segment.text.length, rest));
  return out;
}
