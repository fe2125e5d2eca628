/**
 * A page cut into the units the reader reasons about: sentences of prose, and the lines of forms,
 * tables and lists. Each keeps its offsets in the page text, so that every fact's quote is a slice
 * of the page (verbatim by construction).
 */
import { linesOf } from '../../../core/text/lines';

export interface Segment {
  start: number;
  end: number;
  text: string;
  /** A "Label: value" line of a form or certificate. */
  field?: { label: string; value: string; valueStart: number };
  /** A row of a table (cells separated by `|`, tabs or runs of spaces). */
  cells?: string[];
  /** The nearest heading above (a short line without a final full stop), for tables and lists. */
  heading?: string;
}

const FIELD = /^[ \t]*(?:[-•*▪][ \t]*)?([\p{L}][^:\n]{1,90}?)[ \t]*[:：][ \t]*(\S[^\n]*)$/u;
const CELL_SPLIT = /[ \t]*\|[ \t]*|\t+|[ \t]{3,}/;
const SENTENCE_END = /(?<=[.!?])["»”’)]*[ \t]+(?=["«“(]?[\p{Lu}\d])|(?<=[.!?;])[ \t]*\n|\n(?=[ \t]*(?:[-•*▪]|\d{1,2}[.)]|\(?[a-z]\))[ \t])/gu;

/**
 * A line that opens with its date or period, as CVs and history lists write their rows ("2015-2019
 * Comptable, …", "sept. 2017 – juin 2020 : BTS …", "Depuis 2021 : …", "03/2016 – 11/2019 …"): each
 * is a row of its own, not a line of a paragraph run into the next row.
 */
const DATED_ROW = /^[ \t]*(?:(?:Since|From|Depuis|De|Du)[ \t]+)?(?:\p{L}{3,9}\.?[ \t]+)?(?:\d{1,2}[/.-])?\d{4}(?:[ \t]*(?:[-–—:]|to[ \t]|à[ \t]|au[ \t])|[ \t]{2,}|\t)/u;

/**
 * Abbreviations that always lead what follows them, and what they lead: a title its name ("Mr.⏎Smith",
 * « M.⏎Jean-Baptiste »), "No." or a provision's unit its number ("No.⏎12", « l'al.⏎40(1)a) »), a
 * currency its figure ("Rs.⏎18,50,000").
 */
const LEADING_ABBREVIATIONS: ReadonlyArray<[RegExp, RegExp]> = [
  [/(?:^|[\s(])(?:Mr|Mrs|Ms|Dr|Me|Mme|Mlle|M|Prof|Hon|St)\.?$/, /^[ \t]*\p{Lu}[\p{L}'’-]*\p{L}/u],
  [/(?:^|[\s('’])(?:No|Nos|s|ss|para|art|p|pp|c|ch|al|par|sec|r)\.?$/i, /^[ \t]*(?:\d|\(?[a-z]\))/],
  // A currency written with a full stop leads its figure ("a sum of Rs.⏎18,50,000/-").
  [/(?:^|[\s(])(?:Rs|Kshs|Shs|Tk)\.$/i, /^[ \t]*\d/],
];

/**
 * A line ending with the word that leads its date ("… as Procurement Officer from", "… du", "… on 14 February"), or
 * with a date's day ("… née le 11" / "octobre 1993 à Hanoï"): the next line's date is that sentence's.
 */
const DATE_LEAD_END = /(?<![\p{L}])(?:(?:le|du|au|on|the)[ \t]+\d{1,2}(?:er|st|nd|rd|th)?|from|since|to|until|till|through|between|on|in|as of|effective|du|de|depuis|dès|au|à|jusqu['’](?:au|à|en)|entre|le|en|,|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)\.?[ \t]*$/iu;

/** A numbered section title in capitals ("4. PERSONAL HISTORY (past 10 years)"): it opens a section even where a PDF kept no blank line above it. */
const NUMBERED_TITLE = /^[ \t]*\d{1,2}[.)][ \t]+\p{Lu}[\p{Lu}\p{N} '’&/-]{3,}(?:[ \t]*\([^)\n]*\))?[ \t]*:?[ \t]*$/u;

function isHeading(line: string): boolean {
  const t = line.trim();
  return t.length >= 3 && t.length <= 70 && !/[.;,]$/.test(t) && !FIELD.test(t) && !/\d{3,}/.test(t) && /\p{L}/u.test(t);
}

/** Shortest line taken for one a narrow page or an e-mail client wrapped (it ran to the width, then broke). */
const WRAPPED_WIDTH = 55;

/**
 * Whether a form's value goes on onto the next line: the line ends mid-phrase and the next is no new
 * label, bullet or title, and either starts in lower case and holds no further sentence ("…: infirmière" /
 * "principale depuis le 3 janvier 2017."), or follows a line that ran to the width or ends with its date's
 * lead word ("Details: I was refused a visitor visa by the United" / "States Embassy in Accra on" /
 * "12 May 2018 under section 214(b).").
 */
function valueGoesOn(line: string, next: string): boolean {
  if (/[.!?;:]\s*$/u.test(line) || !next.trim() || FIELD.test(next) || NUMBERED_TITLE.test(next) || /^[ \t]*(?:[-•*▪]|\d{1,2}[.)])[ \t]/.test(next)) return false;
  if (/^[ \t]*\p{Ll}/u.test(next) && !/[.!?]\s+\S/u.test(next)) return true;
  // A row of its own (a CV's dated row, a table's row) is no wrapped value.
  if ((DATED_ROW.test(next) && !DATE_LEAD_END.test(line)) || /\||\t|\S[ \t]{3,}\S/.test(next)) return false;
  return (line.trim().length >= WRAPPED_WIDTH || DATE_LEAD_END.test(line)) && /[\p{L},]\s*$/u.test(line) && /^[ \t]*[\p{L}\d«"“(]/u.test(next);
}

/**
 * The text with the breaks a narrow page or an e-mail client made inside its sentences read as spaces
 * (one for one: offsets stay the page's): a break after a line that ran to the width and ends mid-phrase,
 * before a line that goes on with a word. For cues sought across a document ("I, …, of the City of Winnipeg,
 * in the Province of⏎Manitoba, sponsor of my wife …").
 */
export function softBreaksAsSpaces(text: string): string {
  return text.replace(new RegExp(`(?<=^[^\\n]{${WRAPPED_WIDTH - 1},}[\\p{L},])\\n(?=[ \\t]*\\p{L})`, 'gmu'), ' ');
}

/**
 * A sentence with its words hyphenated at a line's end whole again ("employ-⏎ment", « d'em-⏎ploi »),
 * each padded after the word so that every later offset is still the page's. Only a break between two
 * lower-case letters is undone: "Port-au-⏎Prince" and "2019-⏎2021" keep their hyphen.
 */
export function dehyphenated(text: string): string {
  return text.replace(/(\p{Ll})-\n[ \t]*(\p{Ll}+)/gu, (all: string, a: string, b: string) => (a + b).padEnd(all.length, ' '));
}

/** A sentence read as one line: its words hyphenated at a line's end whole, its other breaks spaces (offsets stay the page's). */
export function asOneLine(text: string): string {
  return dehyphenated(text).replace(/\n/g, ' ');
}

/** Sentences of one paragraph (offsets relative to the page). */
function sentencesOf(text: string, from: number, to: number, heading: string | undefined): Segment[] {
  const slice = text.slice(from, to);
  const out: Segment[] = [];
  let last = 0;
  const push = (a: number, b: number) => {
    let s = a;
    let e = b;
    while (s < e && /\s/.test(slice[s])) s++;
    while (e > s && /\s/.test(slice[e - 1])) e--;
    if (e > s) out.push({ start: from + s, end: from + e, text: slice.slice(s, e), ...(heading ? { heading } : {}) });
  };
  for (const m of slice.matchAll(SENTENCE_END)) {
    const cut = (m.index ?? 0) + m[0].length;
    // "Mr. Smith", "No. 12", "s. 40": an abbreviation does not end a sentence ("Me", « M. » in capitals only: "against me. I left" ends one).
    // One that always leads what follows (a title, "No.", "s.", « l'al. ») does not end it at a line's end either ("Mr.⏎Smith", « l'al.⏎40(1)a) »).
    const before = slice.slice(Math.max(last, (m.index ?? 0) - 8), m.index);
    if (/\n/.test(m[0]) && LEADING_ABBREVIATIONS.some(([abbreviation, led]) => abbreviation.test(before) && led.test(slice.slice(cut)))) continue;
    if (/(?:^|[\s(])(?:Mr|Mrs|Ms|Dr|No|Nos|s|ss|para|art|St|Me|Mme|Mlle|M|Inc|Ltd|Corp|Co|Pvt|Pty|Bros|Jr|Sr|Prof|Hon|Dept|Ave|Rd|Blvd|Rs|Sté|Cie|p|pp|vol|c|ch|al|cf|e\.g|i\.e|etc|approx|[BM]\.(?:Sc|Eng|Com|Ed|Tech|Pharm)|Ph\.D|LL\.[BM])\.?$/i.test(before) && !/(?:^|[\s(])(?:me|m)\.?$/u.test(before) && !/\n/.test(m[0])) continue;
    // A month's abbreviation before its year ("12 avr. 2019", "Feb. 2018") does not end a sentence.
    if (/(?:^|[\s(\d])(?:jan|janv|feb|fév|févr|mar|apr|avr|jun|jul|juil|aug|sep|sept|oct|nov|dec|déc)\.$/iu.test(before) && /^\d/u.test(slice.slice(cut)) && !/\n/.test(m[0])) continue;
    // A leader of dots joins a label to its value on its line ("Salaire de base ........ 185 000 FCFA"): no sentence ends there.
    if (/\.\.$/.test(slice.slice(0, m.index ?? 0)) && !/\n/.test(m[0]) && /^[ \t]*\d/.test(slice.slice(cut))) continue;
    // Initials and dotted abbreviations ("U.S. Embassy", "J. Smith") do not end a sentence.
    if (/(?:^|[\s(])(?:\p{Lu}\.){1,3}$|(?:^|[\s(])\p{Lu}\.\p{Lu}$/u.test(slice.slice(Math.max(last, (m.index ?? 0) - 6), m.index ?? 0)) && !/\n/.test(m[0])) continue;
    push(last, cut);
    last = cut;
  }
  push(last, slice.length);
  return out;
}

/** The page as segments, in order. */
export function segmentsOf(text: string): Segment[] {
  const out: Segment[] = [];
  const lines = linesOf(text);
  let heading: string | undefined;
  let paragraph: { start: number; end: number; row?: boolean } | undefined;
  const flush = () => {
    if (paragraph) out.push(...sentencesOf(text, paragraph.start, paragraph.end, heading));
    paragraph = undefined;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const trimmed = line.text.trim();
    const next = lines[i + 1]?.text.trim() ?? '';
    if (!trimmed) {
      flush();
      continue;
    }
    const field = FIELD.exec(line.text);
    const cells = trimmed.split(CELL_SPLIT).filter((c) => c.length > 0);
    if (field && !/[.!?]\s+\S/.test(field[2]) && field[1].split(/\s+/).length <= 12) {
      flush();
      const valueStart = line.start + line.text.indexOf(field[2], line.text.indexOf(field[1]) + field[1].length);
      // A value wrapped onto the next line ("…: infirmière" / "principale depuis le 3 janvier 2017.") goes on there: the
      // line ends mid-phrase and the next starts in lower case (and holds no further sentence).
      let end = line.end;
      while (lines[i + 1] && valueGoesOn(lines[i].text, lines[i + 1].text)) {
        i++;
        end = lines[i].end;
      }
      // The value ends with its sentence: what follows on its last line is prose of its own.
      const sentenceEnd = end > line.end ? /[.!?]["»”’)]*[ \t]+(?=\p{Lu})/u.exec(text.slice(line.end, end)) : null;
      const rest = sentenceEnd ? line.end + sentenceEnd.index + sentenceEnd[0].length : end;
      if (sentenceEnd) end = line.end + sentenceEnd.index + 1;
      const whole = text.slice(line.start, end);
      out.push({ start: line.start, end, text: whole, field: { label: field[1].trim(), value: text.slice(valueStart, end).trim(), valueStart }, ...(heading ? { heading } : {}) });
      if (rest < lines[i].end) paragraph = { start: rest, end: lines[i].end };
    } else if (cells.length >= 2 && (/\|/.test(trimmed) || /\t|[ \t]{3,}/.test(line.text.trim()))) {
      flush();
      out.push({ start: line.start, end: line.end, text: line.text, cells, ...(heading ? { heading } : {}) });
    } else if (DATED_ROW.test(line.text) && !(paragraph && DATE_LEAD_END.test(lines[i - 1]?.text ?? ''))) {
      // Not a prose line wrapped before its date ("… as Procurement Officer from" / "03/2016 – 11/2019."): that goes on.
      flush();
      paragraph = { start: line.start, end: line.end, row: true };
    } else if ((!paragraph || paragraph.row || NUMBERED_TITLE.test(line.text)) && isHeading(line.text) && (next === '' || FIELD.test(next) || DATED_ROW.test(next) || /\||\t/.test(next) || /^(?:[-•*▪]|\d{1,2}[.)])[ \t]/.test(next) || trimmed === trimmed.toUpperCase() || /:$/.test(trimmed))) {
      // A title after a CV row (a PDF keeps no blank line between them) opens the next section.
      flush();
      heading = trimmed;
      out.push({ start: line.start + line.text.indexOf(trimmed), end: line.start + line.text.indexOf(trimmed) + trimmed.length, text: trimmed, heading: trimmed });
    } else {
      paragraph = paragraph ? { ...paragraph, end: line.end } : { start: line.start, end: line.end };
    }
  }
  flush();
  return out;
}
