/** A line of a text with its offsets in that text (`end` excludes the line break). */
export interface TextLine {
  start: number;
  end: number;
  text: string;
}

/** The lines of `text`, each with its offsets, so a reader can match a line and quote the page. */
export function linesOf(text: string): TextLine[] {
  const out: TextLine[] = [];
  let start = 0;
  for (const line of text.split('\n')) {
    out.push({ start, end: start + line.length, text: line });
    start += line.length + 1;
  }
  return out;
}
