import type { RGB } from 'pdf-lib';
import { COLORS } from './pdfTheme';
import type { InlineRun } from './reportBlocks';
import type { StyledText, TextStyle } from './text/textLayout';

/** The styled text of Markdown runs: bold, italic and code spans over a base size and colour. */
export function spansOf(runs: readonly InlineRun[], size: number, color: RGB, options: { bold?: boolean; italic?: boolean } = {}): StyledText[] {
  const cache = new Map<string, TextStyle>();
  const styleFor = (run: InlineRun): TextStyle => {
    const bold = run.bold || options.bold === true;
    const italic = run.italic || options.italic === true;
    const role = bold ? 'bold' : italic ? 'italic' : 'regular';
    const key = `${role}|${run.code}`;
    let style = cache.get(key);
    if (!style) {
      style = { role, size, color: run.code ? COLORS.navy : color };
      cache.set(key, style);
    }
    return style;
  };
  return runs.map((run) => ({ text: run.text, style: styleFor(run) }));
}
