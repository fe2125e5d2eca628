/**
 * Jobs told without an employment word or a title next to its date:
 * - by what the person runs or heads: "where I lead a team of six engineers", « je dirige le
 *   département de physique », « Nathalie tient sa propre boutique » — a subject pronoun or a
 *   capitalised name before the verb;
 * - by a title held whose date comes well after it: « je suis chauffeur d'autobus à la Société de
 *   transport de Sherbrooke depuis 2015 » (jobSince.ts reads the title only up to three words
 *   before its "since").
 * Both only where the sentence gives a date: an undated "I run a small team" is no period the
 * timeline can use. The phrases are in events.json `heldRoles`.
 */
import eventsJson from '../lexicons/events.json';
import type { DateInText } from '../textReaders';

const B = String.raw`(?<![\p{L}\p{N}])`;
const E = String.raw`(?![\p{L}\p{N}])`;
const LEXICON = eventsJson.heldRoles;
const RUNS = new RegExp(`${B}(?:${LEXICON.runs.join('|')})${E}`, 'giu');
const SUBJECT = new RegExp(`${B}(?:${LEXICON.subjects.join('|')})[ \\t]+$`, 'iu');
/** A capitalised name right before the verb ("Nathalie tient …"), not a sentence's first word alone. */
const NAME_SUBJECT = /(?<![\p{L}])\p{Lu}[\p{Ll}'’-]+[ \t]+$/u;
const TITLE = `(?:${eventsJson.jobTitles.join('|')})${E}`;
/** "je suis chauffeur d'autobus … depuis": a title held, its "since" up to `SINCE_REACH` characters on, in the same clause. */
const SINCE_REACH = 80;
const HOLDING_TITLE = new RegExp(
  `${B}(?:${LEXICON.holdingSince.join('|')})[ \\t]+(?:(?:a|an|the|un|une|le|la|l['’])[ \\t]*)?(?:\\p{L}+[ \\t]+)?${TITLE}([^.;:]{0,${SINCE_REACH}}?)[ \\t]+(?:${LEXICON.sinceWords.join('|')})[ \\t]+`,
  'giu',
);
/** How far after "since" its date may start. */
const DATE_REACH = 4;

export interface HeldRole {
  index: number;
  length: number;
}

/** Every job the sentence tells by a role run or a title held, where the sentence dates it. */
export function heldRoles(text: string, dates: readonly DateInText[]): HeldRole[] {
  if (dates.length === 0) return [];
  const out: HeldRole[] = [];
  for (const m of text.matchAll(RUNS)) {
    const before = text.slice(Math.max(0, (m.index ?? 0) - 40), m.index ?? 0);
    if (!SUBJECT.test(before) && !NAME_SUBJECT.test(before)) continue;
    out.push({ index: m.index ?? 0, length: m[0].length });
  }
  for (const m of text.matchAll(HOLDING_TITLE)) {
    const end = (m.index ?? 0) + m[0].length;
    if (/,/u.test(m[1] ?? '') || !dates.some((d) => d.start >= end && d.start - end <= DATE_REACH)) continue;
    out.push({ index: m.index ?? 0, length: m[0].length });
  }
  return out.sort((a, b) => a.index - b.index);
}
