/**
 * The lines of a segment that open with a printed box, each as a segment of its own. A PDF's text
 * layer keeps no blank line between a letter's tick-box reasons ("In reaching this decision, I
 * considered the following factors:\n☒ travel history\n☐ family ties…"), so the sentence reader
 * runs them into one; each box is one choice, ticked or not, and is read on its own.
 */
import type { Segment } from './segments';

/** A line that opens with a box, empty or ticked: "☐", "☒", "☑", "□", "■", "[ ]", "[X]", "( )", "(x)". */
const BOX_LINE = /\n(?=[ \t]*(?:[☐☒☑□■]|\[[ \t]*[xX✓✔]?[ \t]*\]|\([ \t]*[xX✓✔]?[ \t]*\))[ \t]*\S)/gu;

/** The segment cut before each line that opens with a box; a segment without such a line is returned whole. */
export function boxedLines(segment: Segment): Segment[] {
  const cuts = [...segment.text.matchAll(BOX_LINE)].map((m) => m.index + 1);
  if (cuts.length === 0) return [segment];
  const out: Segment[] = [];
  let from = 0;
  for (const to of [...cuts, segment.text.length]) {
    const piece = segment.text.slice(from, to);
    const lead = piece.length - piece.trimStart().length;
    const text = piece.trim();
    if (text) out.push({ ...segment, start: segment.start + from + lead, end: segment.start + from + lead + text.length, text, field: undefined, cells: undefined });
    from = to;
  }
  return out;
}
