/**
 * The outcome of a charge that is no conviction though a guilty plea or finding is told: a discharge
 * (Criminal Code s. 730(3): an offender discharged absolutely or on conditions "is deemed not to
 * have been convicted of the offence"). "I pleaded guilty and was given a conditional discharge",
 * « j'ai plaidé coupable … le juge m'a accordé une absolution inconditionnelle »: the discharge is
 * read as the charge's end without conviction (an `acquittal` event), the plea is no conviction.
 * Phrases: lexicons/eventMentions.json (`discharge`, `guiltyOnly`, `pardon`).
 *
 * A pardon or record suspension is no new conviction and leaves the conviction it suspends one:
 * the law weighs it as a conviction "in respect of which a record suspension has been ordered"
 * (IRPA 36(3)(b), which then bars inadmissibility on it). The date told with it ("granted a pardon
 * in 2019 for a 2008 conviction") is the pardon's, not the conviction's.
 */
import { phrases } from '../lexicon';
import lexicon from '../lexicons/eventMentions.json';
import type { TriggerAt } from './mentionOnly';
import type { DateInText } from '../textReaders';

const DISCHARGE = phrases(lexicon.discharge);
const PARDON = phrases(lexicon.pardon, 'giu');
/** How far after the pardon's words its own date stands ("record suspension … on 2 March 2016"). */
const PARDON_REACH = 25;
const GUILTY_ONLY = new RegExp(`^(?:${lexicon.guiltyOnly.join('|')})`, 'iu');

/** Whether a conviction trigger is a plea or finding of guilt that its own sentence ends in a discharge. */
export function dischargedNotConvicted(t: TriggerAt): boolean {
  if (t.kind !== 'conviction' || !GUILTY_ONLY.test(t.text.slice(t.index, t.index + t.length))) return false;
  const end = t.text.slice(t.index).search(/[.!?](?=\s|$)/u);
  return DISCHARGE.test(t.text.slice(t.sentenceStart, end < 0 ? t.text.length : t.index + end));
}

/** The dates of the text that a pardon's words date (the pardon's, not the conviction's), by their start. */
export function pardonDates(text: string, dates: readonly DateInText[]): Set<number> {
  const out = new Set<number>();
  for (const m of text.matchAll(PARDON)) {
    const end = (m.index ?? 0) + m[0].length;
    const own = dates.find((d) => d.start >= end && d.start - end <= PARDON_REACH && !/[.;,]/u.test(text.slice(end, d.start)));
    if (own) out.add(own.start);
  }
  return out;
}
