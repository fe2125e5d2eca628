/**
 * What a document looks like, independent of its words: a letter (a salutation or a closing line), an
 * e-mail or a thread of them (header blocks), a chat export (time-stamped message lines), a form or
 * certificate (mostly "Field: value" lines), a passport's machine-readable zone, a statement's
 * columns (lines of a date and several amounts). Layout is how a document in a language the lexicons
 * do not cover can still be typed. The words of salutations, closings and headers: lexicon/cues.json.
 */
import cuesJson from './lexicon/cues.json';
import { foldText } from './foldText';
import { phraseSource } from './phrasePattern';
import { LayoutCues as LayoutCuesSchema } from './typingLexiconSchema';

export const LAYOUT_CUES = ['letter', 'email', 'emailThread', 'chat', 'fieldBlock', 'mrz', 'statementColumns'] as const;
export type LayoutCue = (typeof LAYOUT_CUES)[number];

const cues = LayoutCuesSchema.parse(cuesJson);
const lineStart = (list: readonly string[]) => new RegExp(`^(?:${list.map((p) => phraseSource(p)).join('|')})(?![\p{L}\p{N}])`, 'u');
const SALUTATION = lineStart(cues.salutation);
const CLOSING = lineStart(cues.closing);
/** An e-mail header line: one of the header names, then its colon (French puts a space before it). */
const HEADER = new RegExp(`^(?:${cues.emailHeader.map((h) => phraseSource(h.replace(/:$/, ''))).join('|')}) ?:`, 'u');
const FROM_HEADER = /^(?:from|de|expediteur) ?:/u;

/** "[12/03/2024, 21:15] Lan:", "12/03/2024 21:15 - Lan:", "2024-03-12 21:15 Lan:". */
const CHAT_LINE = /^\[?\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4},? \d{1,2}:\d{2}(?::\d{2})?(?: ?[ap]\.?m\.?)?\]?(?: ?[-–]| ?:)? ?[^:\n]{1,40}:/u;
/** "Family name: OKAFOR", "Nom : NDIAYE": a short label, a colon, a value. */
const FIELD_LINE = /^[\p{L}][^:]{0,58}[^\s:] ?: ?\S/u;
const MRZ_LINE = /^[A-Z0-9<]{30,}$/;
const DATE_TOKEN = /\b(?:\d{1,4}[/.-]\d{1,2}(?:[/.-]\d{2,4})?|\d{1,2} (?:jan|feb|fev|mar|apr|avr|may|mai|jun|juin|jul|juil|aug|aou|sep|oct|nov|dec)\p{L}*\.?)\b/u;
const AMOUNT = /(?<![\d.,])\d{1,3}(?:[ ,.\u00a0]\d{3})*[.,]\d{2}(?![\d])/gu;

const MIN_FIELD_LINES = 4;
const FIELD_SHARE = 0.4;
const MIN_CHAT_LINES = 3;
const MIN_STATEMENT_LINES = 3;
/** A salutation or a closing this far into the text belongs to the letter itself, not to a quote in it. */
const LETTER_LINES = 40;

/** An e-mail header line ("From: …", « À : … »), folded: it names a sender or a recipient, not the document. */
export function isEmailHeader(folded: string): boolean {
  return HEADER.test(folded);
}

/** A salutation line: the body of a letter or e-mail starts here. */
export function startsLetterBody(line: string): boolean {
  return SALUTATION.test(foldText(line));
}

function emailBlocks(folded: readonly string[]): number {
  let blocks = 0;
  folded.forEach((line, i) => {
    if (!FROM_HEADER.test(line)) return;
    const near = folded.slice(Math.max(0, i - 3), i + 5).filter((l) => HEADER.test(l));
    if (near.length >= 3) blocks++;
  });
  return blocks;
}

/** The layout cues a document shows, each with our own words for why (never its text). */
export function layoutCues(text: string): Map<LayoutCue, string> {
  const raw = text.split('\n').map((l) => l.trim()).filter(Boolean);
  const folded = raw.map(foldText);
  const found = new Map<LayoutCue, string>();
  const head = folded.slice(0, LETTER_LINES);
  const tail = folded.slice(-LETTER_LINES);
  if (head.some((l) => SALUTATION.test(l)) || tail.some((l) => CLOSING.test(l))) found.set('letter', 'laid out as a letter (salutation or closing)');
  const blocks = emailBlocks(folded);
  if (blocks >= 2) found.set('emailThread', `a thread of ${blocks} e-mails`);
  else if (blocks === 1) found.set('email', 'an e-mail (header lines)');
  const chat = raw.filter((l) => CHAT_LINE.test(l.toLowerCase())).length;
  if (chat >= MIN_CHAT_LINES) found.set('chat', `${chat} time-stamped message lines`);
  const fields = raw.filter((l) => FIELD_LINE.test(l)).length;
  if (fields >= MIN_FIELD_LINES && fields / raw.length >= FIELD_SHARE) found.set('fieldBlock', 'mostly "Field: value" lines (a form or certificate)');
  if (raw.some((l) => MRZ_LINE.test(l.replace(/\s/g, '')) && (l.match(/</g) ?? []).length >= 5)) found.set('mrz', 'a machine-readable zone');
  const rows = raw.filter((l, i) => DATE_TOKEN.test(folded[i]) && (l.match(AMOUNT) ?? []).length >= 2).length;
  if (rows >= MIN_STATEMENT_LINES) found.set('statementColumns', `${rows} lines of a date and amounts (a statement's columns)`);
  return found;
}
