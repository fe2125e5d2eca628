/**
 * A couple's event named as the topic of an account, without a date: "Their accounts of their first
 * meeting, the proposal and their daily contact were consistent", « ont témoigné … sur leur rencontre,
 * leurs fiançailles et leurs projets ». A tribunal's reasons, an interview's notes or a counsel's letter
 * tell what was testified about, not when it happened: the meeting or the engagement itself is told
 * (and dated) by the documents that state it. Words: eventMentions.json `topicOf`.
 */
import type { EventKind } from '../../../../contracts/caseFacts';
import lexicon from '../lexicons/eventMentions.json';
import { sentenceStartAt } from './clauses';

/** The couple's one-off events an account may name as its topic. */
const TOPICAL = new Set<EventKind>(['first-contact', 'first-meeting', 'engagement', 'marriage', 'cohabitation-start']);
/** A topic word, then at most a short list of other topics (no sentence break), right before the trigger. */
const TOPIC_BEFORE = new RegExp(`(?<![\\p{L}])(?:${lexicon.topicOf.join('|')})(?![\\p{L}])[^.;:!?\\d]{0,70}$`, 'iu');

/** Whether the undated trigger of `kind` at `index` names the topic of an account. */
export function toldAbout(kind: EventKind, text: string, index: number): boolean {
  if (!TOPICAL.has(kind)) return false;
  return TOPIC_BEFORE.test(text.slice(Math.max(sentenceStartAt(text, index), index - 110), index));
}
