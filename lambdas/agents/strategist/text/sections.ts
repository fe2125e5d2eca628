/**
 * Sections of forms and letters: the lines under a heading ("EMPLOYMENT (past 10 years)",
 * "## Travel history") up to the next heading. Separator lines (----, ====) are skipped.
 */
import type { PageRef } from './caseFile';
import { linesOf } from '../../../core/text/lines';

export interface SectionLine {
  ref: PageRef;
  text: string;
  start: number;
  end: number;
}

const SEPARATOR = /^[ \t]*[-=_*~]{3,}[ \t]*$/;
const MARKDOWN_HEADING = /^[ \t]*#{1,6}[ \t]/;
const CAPS_HEADING = /^[ \t]*(?:\d{1,2}[.)][ \t]*)?[A-Z][A-Z0-9 ,()/&'’-]{3,}(?:[ \t]*\([^)\n]*\))?[ \t]*:?[ \t]*$/;

function isHeading(line: string): boolean {
  if (MARKDOWN_HEADING.test(line)) return true;
  if (!CAPS_HEADING.test(line)) return false;
  // A heading has at least one word of three capitals ("PASSPORT", "SECTION B - CHILDREN").
  return /[A-Z]{3,}/.test(line.replace(/\([^)]*\)/g, ''));
}

/** The lines of every section whose heading matches `heading`, on the given pages. */
export function sectionLines(pages: readonly PageRef[], heading: RegExp): SectionLine[] {
  const out: SectionLine[] = [];
  for (const ref of pages) {
    const lines = linesOf(ref.page.text);
    let inside = false;
    for (const line of lines) {
      if (isHeading(line.text)) {
        inside = heading.test(line.text);
        continue;
      }
      if (!inside || SEPARATOR.test(line.text) || line.text.trim() === '') continue;
      out.push({ ref, text: line.text, start: line.start, end: line.end });
    }
  }
  return out;
}
