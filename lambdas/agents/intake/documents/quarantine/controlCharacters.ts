/**
 * Invisible Unicode characters used to smuggle text past a human reader: zero-width characters that
 * split words so a filter misses them, bidirectional overrides that make text display differently from
 * how a program reads it, and tag characters that spell whole sentences no one can see. Legitimate
 * uses stay untouched (joiners inside Arabic or Indic words, emoji sequences, bidi marks in
 * right-to-left text); on a page where a class is out of place in suspicious amounts, its characters
 * are removed and the passage is recorded.
 */
import { cutSpans, type Span } from '../../../../core/caseText/cutSpans';
import type { CompiledControlClass, HiddenTextRules } from './hiddenTextRules';
import { boundText, MAX_QUARANTINE_EXCERPT, MAX_QUARANTINED_TEXT, type QuarantinedPassage } from '../../../../contracts/quarantinedPassage';

interface Occurrence {
  at: number;
  length: number;
  cp: number;
  inPlace: boolean;
  insideLatinWord: boolean;
}

const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const BOM = 0xfeff;
const POP_DIRECTIONAL_FORMATTING = 0x202c;
const OPENS_EMBEDDING = new Set([0x202a, 0x202b, 0x202d, 0x202e]);
const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;

const RIGHT_TO_LEFT_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const LATIN_LETTER = /\p{Script=Latin}/u;
/** Letters of scripts whose shaping uses joiners (anything but Latin, Greek and Cyrillic). */
const JOINING_LETTER = /[\p{L}\p{M}]/u;
const NON_JOINING_SCRIPT = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}]/u;
const EMOJI_PART = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\u{FE0F}]/u;

function charBefore(text: string, at: number): string {
  if (at <= 0) return '';
  const low = text.charCodeAt(at - 1);
  return low >= 0xdc00 && low <= 0xdfff && at >= 2 ? text.slice(at - 2, at) : text.slice(at - 1, at);
}

function charAfter(text: string, at: number): string {
  const cp = text.codePointAt(at);
  return cp === undefined ? '' : String.fromCodePoint(cp);
}

const isJoiningLetter = (ch: string) => ch !== '' && JOINING_LETTER.test(ch) && !NON_JOINING_SCRIPT.test(ch);

/** Whether the character at `at` does a legitimate job there. */
function inPlace(text: string, occurrence: Pick<Occurrence, 'at' | 'length' | 'cp'>, classId: string, pageHasRtl: boolean): boolean {
  const { at, length, cp } = occurrence;
  const before = charBefore(text, at);
  const after = charAfter(text, at + length);
  if (cp === BOM) return at === 0;
  if (cp === ZWJ || cp === ZWNJ) {
    if (isJoiningLetter(before) && isJoiningLetter(after)) return true;
    if (cp === ZWJ && EMOJI_PART.test(before) && EMOJI_PART.test(after)) return true;
    return false;
  }
  if (classId === 'bidi-control') return pageHasRtl;
  if (cp >= 0xe0000 && cp <= CANCEL_TAG) {
    // Subdivision flags (England, Scotland, Wales) are a black flag followed by tag characters.
    let i = at;
    while (i > 0) {
      const prev = charBefore(text, i);
      const prevCp = prev.codePointAt(0)!;
      if (prevCp === BLACK_FLAG) return true;
      if (prevCp < 0xe0000 || prevCp > CANCEL_TAG) return false;
      i -= prev.length;
    }
    return false;
  }
  return false;
}

function occurrences(text: string, cls: CompiledControlClass, pageHasRtl: boolean): Occurrence[] {
  const found: Occurrence[] = [];
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const length = cp > 0xffff ? 2 : 1;
    if (cls.has(cp)) {
      const before = charBefore(text, i);
      const after = charAfter(text, i + length);
      found.push({
        at: i,
        length,
        cp,
        inPlace: inPlace(text, { at: i, length, cp }, cls.id, pageHasRtl),
        insideLatinWord: LATIN_LETTER.test(before) && LATIN_LETTER.test(after),
      });
    }
    i += length;
  }
  return found;
}

const marker = (cp: number) => `⟨U+${cp.toString(16).toUpperCase().padStart(4, '0')}⟩`;

/** The text around `[from, to)` with the class's characters shown as markers, whitespace collapsed. */
function markedExcerpt(text: string, from: number, to: number, cls: CompiledControlClass, max: number): string {
  const start = Math.max(0, text.lastIndexOf(' ', Math.max(0, from - 40)) + 1);
  const stopAt = text.indexOf(' ', Math.min(text.length, to + 40));
  const end = stopAt === -1 ? text.length : stopAt;
  let shown = '';
  for (const ch of text.slice(start, end)) shown += cls.has(ch.codePointAt(0)!) ? marker(ch.codePointAt(0)!) : ch;
  const body = shown.replace(/\s+/g, ' ').trim();
  return boundText(`${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`, max);
}

/** Bidi override runs: from the override to its matching pop, or to the end of the line. */
function overrideRuns(text: string, starts: readonly Occurrence[]): Span[] {
  const runs: Span[] = [];
  for (const o of starts) {
    if (runs.length && o.at < runs[runs.length - 1].end) continue;
    let depth = 0;
    let end = text.length;
    for (let i = o.at; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x0a || c === 0x0d || c === 0x2029) {
        end = i;
        break;
      }
      if (OPENS_EMBEDDING.has(c)) depth++;
      else if (c === POP_DIRECTIONAL_FORMATTING && --depth === 0) {
        end = i + 1;
        break;
      }
    }
    runs.push({ start: o.at, end });
  }
  return runs;
}

function withoutClass(text: string, cls: CompiledControlClass): string {
  let out = '';
  for (const ch of text) if (!cls.has(ch.codePointAt(0)!)) out += ch;
  return out;
}

export interface ControlScreening {
  text: string;
  passages: QuarantinedPassage[];
}

/** Screens one page's text; returns the text without the suspicious characters and what was removed. */
export function screenControlCharacters(text: string, page: number, rules: Pick<HiddenTextRules, 'controlClasses'>): ControlScreening {
  // Most pages hold none of these characters: one native scan per class instead of a walk per character.
  if (!rules.controlClasses.some((cls) => cls.pattern.test(text))) return { text, passages: [] };
  const pageHasRtl = RIGHT_TO_LEFT_LETTER.test(text);
  const plainCuts: Span[] = [];
  const runCuts: Span[] = [];
  const passages: QuarantinedPassage[] = [];
  for (const cls of rules.controlClasses) {
    const outOfPlace = occurrences(text, cls, pageHasRtl).filter((o) => !o.inPlace);
    const insideWords = outOfPlace.filter((o) => o.insideLatinWord).length;
    const suspicious = outOfPlace.length >= cls.minCount || (cls.minCountInsideLatinWord !== undefined && insideWords >= cls.minCountInsideLatinWord);
    if (!suspicious) continue;

    if (cls.quarantineRun) {
      for (const run of overrideRuns(text, outOfPlace)) {
        runCuts.push(run);
        const read = withoutClass(text.slice(run.start, run.end), cls).replace(/[\u202a-\u202e\u2066-\u2069]/g, '').trim();
        passages.push({
          page,
          reason: 'control-characters',
          pattern: `control-${cls.id}`,
          text: boundText(read || marker(text.codePointAt(run.start)!), MAX_QUARANTINED_TEXT),
          detail: `${cls.label} make this text display differently from how it is read`,
          excerpt: markedExcerpt(text, run.start, run.end, cls, MAX_QUARANTINE_EXCERPT),
        });
      }
      continue;
    }
    if (cls.decodeAsAscii) {
      // One passage per unbroken run of tag characters: what they spell.
      let i = 0;
      while (i < outOfPlace.length) {
        let j = i;
        while (j + 1 < outOfPlace.length && outOfPlace[j + 1].at === outOfPlace[j].at + outOfPlace[j].length) j++;
        const run = outOfPlace.slice(i, j + 1);
        run.forEach((o) => plainCuts.push({ start: o.at, end: o.at + o.length }));
        const spelled = run.map((o) => o.cp - 0xe0000).filter((c) => c >= 0x20 && c <= 0x7e).map((c) => String.fromCharCode(c)).join('').trim();
        passages.push({
          page,
          reason: 'control-characters',
          pattern: `control-${cls.id}`,
          text: boundText(spelled || run.map((o) => marker(o.cp)).join(''), MAX_QUARANTINED_TEXT),
          detail: `${run.length} ${cls.label} (invisible) spelling hidden text`,
        });
        i = j + 1;
      }
      continue;
    }
    outOfPlace.forEach((o) => plainCuts.push({ start: o.at, end: o.at + o.length }));
    const first = outOfPlace[0];
    const last = outOfPlace[Math.min(outOfPlace.length - 1, 5)];
    const excerpt = markedExcerpt(text, first.at, last.at + last.length, cls, MAX_QUARANTINE_EXCERPT);
    passages.push({
      page,
      reason: 'control-characters',
          pattern: `control-${cls.id}`,
      text: boundText(markedExcerpt(text, first.at, last.at + last.length, cls, MAX_QUARANTINED_TEXT), MAX_QUARANTINED_TEXT),
      detail: `${cls.label}: ${outOfPlace.length}${insideWords ? ` (${insideWords} inside words)` : ''}`,
      excerpt,
    });
  }
  if (!plainCuts.length && !runCuts.length) return { text, passages };
  const singles = plainCuts.filter((c) => !runCuts.some((r) => c.start >= r.start && c.end <= r.end)).map((c) => ({ ...c, tidy: false }));
  return { text: cutSpans(text, [...runCuts, ...singles]).text, passages };
}
