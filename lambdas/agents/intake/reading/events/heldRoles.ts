/**
 * Jobs told without an employment word or a title next to its date:
 * - by what the person runs or heads: "where I lead a team of six engineers", « je dirige le
 *   département de physique », « Nathalie tient sa propre boutique », « mon épouse exploite un
 *   commerce … depuis 2012 » — a subject pronoun, a possessive and a noun, or a capitalised name
 *   before the verb;
 * - by a title held whose date comes well after it: « je suis chauffeur d'autobus à la Société de
 *   transport de Sherbrooke depuis 2015 », "my husband is a teacher at … since 2011", "I was a
 *   delivery driver at … from 2015 to 2018" (jobSince.ts reads the title only up to three words
 *   before its "since"). Any "since", "from", « depuis », « de » of the clause that a date follows
 *   opens the period, so « enseignant de mathématiques … depuis 2019 » is read at its « depuis ».
 * - by what the person does for whom: "I drove for a courier company in Accra from 2014 to 2018",
 *   "I have been waiting tables at … since October 2022", « je livre pour une plateforme depuis
 *   2021 » — a subject before it, and a "since" or "from" in its clause that a date follows, so
 *   "I drove for three hours" or "she cooks for the family" is no job.
 * All only where the sentence gives a date: an undated "I run a small team" is no period the
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
const NAME_SUBJECT = /(?<![\p{L}])\p{Lu}[\p{L}'’-]+[ \t]+$/u;
/** A verb without its subject ("is", « est »): the job is held only by a person named before it, not by "the school is a teacher training …". */
const BARE_VERB = /^(?:is|was|has been|had been|est|était|a été)[ \t]/iu;
const TITLE = `(?:${eventsJson.jobTitles.join('|')})${E}`;
/** The title that ends a title-holding match, with the word that may qualify it ("a delivery driver"). */
const TITLE_AT_END = new RegExp(`(?:\\p{L}+[ \\t]+)?${TITLE}$`, 'iu');
/** "je suis chauffeur d'autobus … depuis": a title held, its "since" up to `SINCE_REACH` characters on, in the same clause. */
const SINCE_REACH = 80;
const HOLDING_TITLE = new RegExp(`${B}(?:${LEXICON.holdingSince.join('|')})[ \\t]+(?:(?:a|an|the|un|une|le|la|l['’])[ \\t]*)?(?:\\p{L}+[ \\t]+)?${TITLE}`, 'giu');
/** Work told by what is done for whom ("drove for", "waiting tables at", « livre pour »). */
const WORKS_FOR = new RegExp(`${B}(?:${LEXICON.worksFor.join('|')})${E}`, 'giu');
/** A "since", "from", « depuis », « de » after the title: the period's opening word when a date follows it at once. */
const SINCE = new RegExp(`[ \\t](?:${LEXICON.sinceWords.join('|')})[ \\t]+`, 'giu');
/** How far after "since" its date may start. */
const DATE_REACH = 4;

export interface HeldRole {
  index: number;
  length: number;
}

/** Whether a person stands right before `at`: a subject pronoun, a possessive and a noun ("my husband"), or a capitalised name ("Spouse", "PA", "Nathalie"). */
function personBefore(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 40), at);
  return SUBJECT.test(before) || NAME_SUBJECT.test(before);
}

/** Whether the clause after `end` (up to its first stop or comma) opens a period: a "since" a date follows at once. */
function opensPeriod(text: string, end: number, dates: readonly DateInText[]): boolean {
  // A PDF's wrapped line ("since⏎October 2022") reads as one line; offsets stay the text's.
  const clause = /^[^.;:,]*/u.exec(text.slice(end, end + SINCE_REACH).replace(/\n/g, ' '))![0];
  return [...clause.matchAll(SINCE)].some((s) => {
    const at = end + (s.index ?? 0) + s[0].length;
    return dates.some((d) => d.start >= at && d.start - at <= DATE_REACH);
  });
}

/** Every job the sentence tells by a role run, a title held or work done for someone, where the sentence dates it. */
export function heldRoles(text: string, dates: readonly DateInText[]): HeldRole[] {
  if (dates.length === 0) return [];
  const out: HeldRole[] = [];
  for (const m of text.matchAll(RUNS)) {
    if (!personBefore(text, m.index ?? 0)) continue;
    out.push({ index: m.index ?? 0, length: m[0].length });
  }
  for (const m of text.matchAll(HOLDING_TITLE)) {
    const end = (m.index ?? 0) + m[0].length;
    if (BARE_VERB.test(m[0]) && !personBefore(text, m.index ?? 0)) continue;
    // The clause after the title, up to its first stop or comma ("teacher at X since 2011", not "teacher, and since 2011 …").
    const clause = /^[^.;:,]*/u.exec(text.slice(end, end + SINCE_REACH))![0];
    const opens = [...clause.matchAll(SINCE)].some((s) => {
      const at = end + (s.index ?? 0) + s[0].length;
      return dates.some((d) => d.start >= at && d.start - at <= DATE_REACH);
    });
    // The event starts at the title, so the words before it ("Je suis", "my husband is") name whose job it is.
    const title = TITLE_AT_END.exec(m[0]);
    const at = (m.index ?? 0) + (title?.index ?? 0);
    if (opens) out.push({ index: at, length: end - at });
  }
  for (const m of text.matchAll(WORKS_FOR)) {
    const end = (m.index ?? 0) + m[0].length;
    if (personBefore(text, m.index ?? 0) && opensPeriod(text, end, dates)) out.push({ index: m.index ?? 0, length: m[0].length });
  }
  return out.sort((a, b) => a.index - b.index);
}
