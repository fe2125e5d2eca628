/**
 * The outcome of a charge that is no conviction though a guilty plea or finding is told: a discharge
 * (Criminal Code s. 730(3): an offender discharged absolutely or on conditions "is deemed not to
 * have been convicted of the offence"). "I pleaded guilty and was given a conditional discharge",
 * « j'ai plaidé coupable … le juge m'a accordé une absolution inconditionnelle »: the discharge is
 * read as the charge's end without conviction (an `acquittal` event), the plea is no conviction.
 * Phrases: lexicons/eventMentions.json (`discharge`, `guiltyOnly`).
 */
import { phrases } from '../lexicon';
import lexicon from '../lexicons/eventMentions.json';
import type { TriggerAt } from './mentionOnly';

const DISCHARGE = phrases(lexicon.discharge);
const GUILTY_ONLY = new RegExp(`^(?:${lexicon.guiltyOnly.join('|')})`, 'iu');

/** Whether a conviction trigger is a plea or finding of guilt that its own sentence ends in a discharge. */
export function dischargedNotConvicted(t: TriggerAt): boolean {
  if (t.kind !== 'conviction' || !GUILTY_ONLY.test(t.text.slice(t.index, t.index + t.length))) return false;
  const end = t.text.slice(t.index).search(/[.!?](?=\s|$)/u);
  return DISCHARGE.test(t.text.slice(t.sentenceStart, end < 0 ? t.text.length : t.index + end));
}
