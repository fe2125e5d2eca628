/**
 * The part of a document that typing reads, in the two forms the lexicons are matched on (folded and
 * letter-cased), with where its title zone and heading end. The title zone is the first lines of the
 * first page with text: where a document names itself, its issuer and its form number. Long documents
 * are read from their beginning only.
 */
import type { ExtractedDocument } from '../../../../contracts/intakeOutput';
import { hasText } from '../../../../core/caseText/hasText';
import { collapseSpace, foldText } from './foldText';
import { isEmailHeader, startsLetterBody } from './layoutCues';
import { readOcrDigits } from './ocrDigits';
import { SUBJECT_LINE } from './typingLexicon';

const MAX_PAGES = 10;
const MAX_CHARS = 60_000;
const TITLE_LINES = 6;
const TITLE_CHARS = 400;
/** A line this long is a sentence of the body, not a title, letterhead or reference line. */
const TITLE_LINE_CHARS = 100;
const HEADING_LINES = 2;
const HEADING_CHARS = 160;

export interface DocumentText {
  /** The text as read, pages joined (for layout). */
  raw: string;
  folded: string;
  cased: string;
  /** End of the title zone and of the heading, in `folded` and in `cased`. */
  titleEnd: { folded: number; cased: number };
  headingEnd: { folded: number; cased: number };
  /**
   * Where a letter's subject lines ("Re: …", « Objet : … ») and an e-mail's header lines ("To: …",
   * « À : … ») stand in the title zone, in `folded` and in `cased`: they name what the letter is
   * about and whom it is from or to, not what the document is.
   */
  subjects: { folded: Array<[number, number]>; cased: Array<[number, number]> };
  /**
   * The document's own words: the text without the passages it quotes (lines opened by '>', text in
   * quotation marks). A letter quoting an officer's notes is not the notes: what it quotes is weak
   * evidence of what it is.
   */
  own: { folded: string; cased: string };
}

/** A quoted line of an e-mail or a submission ("> PA has weak ties"). */
const QUOTED_LINE = /^[ \t]*>.*$/gmu;
/** Text in quotation marks, within one paragraph and of sentence length ("…", “…”, « … »). */
const QUOTED_SPAN = /“[^”\n]{1,600}”|«[^»\n]{1,600}»|"[^"\n]{1,600}"/gu;

function withoutQuotes(raw: string): string {
  return raw.replace(QUOTED_LINE, ' ').replace(QUOTED_SPAN, ' ');
}

/** A line in capitals ("SOLVENCY CERTIFICATE"): a title wherever it stands among the first lines. */
function isCapitals(line: string): boolean {
  const letters = line.match(/\p{L}/gu) ?? [];
  return letters.length >= 4 && letters.filter((c) => c === c.toUpperCase()).length / letters.length >= 0.8;
}

/**
 * The leading short lines of the first page, up to the first sentence-long line; after a salutation
 * ("To whom it may concern") only a title in capitals still belongs to it.
 */
function zoneEnd(firstPage: string, lines: number, chars: number): { folded: number; cased: number } {
  const leading: string[] = [];
  let saluted = false;
  const all = firstPage.split('\n').map((l) => l.trim()).filter(Boolean).slice(0, lines);
  for (const [i, line] of all.entries()) {
    // A quoted line is someone else's words, and the line that introduces it ("The notes read:") reports them: the title zone ends before either.
    const quoted = (l: string | undefined) => l?.startsWith('>') ?? false;
    if (line.length > TITLE_LINE_CHARS || quoted(line) || (line.endsWith(':') && quoted(all[i + 1])) || (saluted && !isCapitals(line))) break;
    saluted ||= startsLetterBody(line);
    leading.push(line);
  }
  const zone = leading.join('\n');
  return { folded: Math.min(foldText(zone).length, chars), cased: Math.min(collapseSpace(zone).length, chars) };
}

function subjectSpans(firstPage: string, folded: string, cased: string, end: { folded: number; cased: number }): DocumentText['subjects'] {
  const spans: DocumentText['subjects'] = { folded: [], cased: [] };
  for (const line of firstPage.split('\n')) {
    const f = foldText(line);
    if (!f || !(SUBJECT_LINE.test(f) || isEmailHeader(f))) continue;
    const c = collapseSpace(line);
    const at = { folded: folded.indexOf(f), cased: cased.indexOf(c) };
    if (at.folded >= 0 && at.folded < end.folded) spans.folded.push([at.folded, at.folded + f.length]);
    if (at.cased >= 0 && at.cased < end.cased) spans.cased.push([at.cased, at.cased + c.length]);
  }
  return spans;
}

export function documentText(doc: ExtractedDocument): DocumentText | undefined {
  const pages = doc.pages.filter((p) => hasText(p.text)).slice(0, MAX_PAGES);
  if (pages.length === 0) return undefined;
  const raw = pages.map((p) => p.text).join('\n\n').slice(0, MAX_CHARS);
  // The lexicons are matched on the words as written, OCR's digits for letters read back ("emp1oyment"); the layout on the text as read.
  const words = readOcrDigits(raw);
  const first = readOcrDigits(pages[0].text);
  const own = withoutQuotes(words);
  const folded = foldText(words);
  const cased = collapseSpace(words);
  const titleEnd = zoneEnd(first, TITLE_LINES, TITLE_CHARS);
  return {
    raw,
    folded,
    cased,
    titleEnd,
    headingEnd: zoneEnd(first, HEADING_LINES, HEADING_CHARS),
    subjects: subjectSpans(first, folded, cased, titleEnd),
    own: { folded: foldText(own), cased: collapseSpace(own) },
  };
}

/** "Marriage_Certificate-2019.pdf" → "marriage certificate 2019": the file name as words. */
export function fileNameWords(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  return foldText(
    base
      .replace(/(?:\.[a-z0-9]{1,5})+$/i, '')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/[_\-.+]+/g, ' '),
  );
}
