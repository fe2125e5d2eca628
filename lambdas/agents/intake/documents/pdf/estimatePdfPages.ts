/**
 * A quick estimate of how many pages a PDF has, from its bytes alone, to decide whether reading it
 * (or a folder of them) on worker threads is worth starting them. Never used for anything a person
 * sees: the page count reported is the one PDF.js reads.
 *
 * Page objects written in the clear (`/Type /Page`) are counted. Most PDFs written today keep them in
 * compressed object streams, invisible without inflating; those are estimated from their size, at
 * about 3 KiB per page (text pages made by office software and form generators run 2–8 KiB).
 */

const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
/** How far into the file a PDF header may start (PDF readers accept leading junk). */
const HEADER_WINDOW = 1024;
const BYTES_PER_PAGE = 3 * 1024;

const TYPE = [0x2f, 0x54, 0x79, 0x70, 0x65]; // /Type
const PAGE = [0x2f, 0x50, 0x61, 0x67, 0x65]; // /Page

function matchesAt(bytes: Uint8Array, at: number, pattern: readonly number[]): boolean {
  if (at + pattern.length > bytes.length) return false;
  for (let i = 0; i < pattern.length; i++) if (bytes[at + i] !== pattern[i]) return false;
  return true;
}

const isWhitespace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09 || b === 0x0c || b === 0x00;
const isNameCharacter = (b: number | undefined) =>
  b !== undefined && !isWhitespace(b) && ![0x2f, 0x3c, 0x3e, 0x5b, 0x5d, 0x28, 0x29, 0x7b, 0x7d, 0x25].includes(b);

export function looksLikePdf(bytes: Uint8Array): boolean {
  const window = Math.min(bytes.length, HEADER_WINDOW);
  for (let at = 0; at < window; at++) if (bytes[at] === 0x25 && matchesAt(bytes, at, PDF_HEADER)) return true;
  return false;
}

/** `/Type /Page` entries written in the clear (not `/Pages`, the page-tree nodes). */
function clearPageObjects(bytes: Uint8Array): number {
  let count = 0;
  for (let at = bytes.indexOf(0x2f); at !== -1; at = bytes.indexOf(0x2f, at + 1)) {
    if (!matchesAt(bytes, at, TYPE) || isNameCharacter(bytes[at + TYPE.length])) continue;
    let next = at + TYPE.length;
    while (next < bytes.length && isWhitespace(bytes[next])) next++;
    if (matchesAt(bytes, next, PAGE) && !isNameCharacter(bytes[next + PAGE.length])) count++;
    at = next;
  }
  return count;
}

/** Estimated pages of a PDF (0 when the bytes are not a PDF). */
export function estimatePdfPages(bytes: Uint8Array): number {
  if (!looksLikePdf(bytes)) return 0;
  return clearPageObjects(bytes) || Math.max(1, Math.ceil(bytes.length / BYTES_PER_PAGE));
}
