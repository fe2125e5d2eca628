/**
 * A trigger of a refusal, an application, a decision, a removal order or a criminal event that only mentions one,
 * and tells no event of a person of the file (phrases: lexicons/eventMentions.json):
 * - its subject is anyone ("A person convicted of an offence may be inadmissible", « Toute personne
 *   reconnue coupable … »), also a few words into a relative or a qualifier ("a sponsor who is subject
 *   to a removal order", « un répondant visé par une mesure de renvoi »): a form's or a letter's rule,
 *   not a fact; an anonymous person cited as an example ("another of our clients") is anyone too;
 * - a noun trigger refers back to an event told elsewhere ("a record suspension for that conviction
 *   on 2 March 2016": the date is the suspension's, not the conviction's);
 * - it is future ("will be refused", « sera retournée ou refusée »): boilerplate about what happens;
 * - an application to a court (leave, judicial review, appeal) is not the immigration application;
 * - « frais … acquittés » are fees paid, not an acquittal;
 * - an application a refusal names ("the refusal of the application he made", « du refus … de la
 *   demande … présentée ») is the refused thing, told by the refusal, not an application of its own.
 * - a study trigger after an interest or a plan ("your interest in studying in Canada", "during your
 *   proposed period of study") speaks of studies in general, not a course taken.
 */
import type { EventKind } from '../../../../contracts/caseFacts';
import { phrases } from '../lexicon';
import lexicon from '../lexicons/eventMentions.json';

const B = String.raw`(?<![\p{L}\p{N}])`;
const ending = (list: readonly string[]) => new RegExp(`${B}(?:${list.join('|')})[ \\t]*$`, 'iu');

const GENERIC_SUBJECT = ending(lexicon.genericSubject);
/** A generic subject, then a relative or a qualifier of a few words, no clause break, before the trigger. */
const GENERIC_QUALIFIED = new RegExp(
  `${B}(?:${lexicon.genericSubject.join('|')})[ \\t]+(?:${lexicon.genericRelative.join('|')})(?:\\s*[^\\s.;:!?,()]+){0,6}[ \\t]*$`,
  'iu',
);
const REFERENCE_BACK = new RegExp(`${B}(?:${lexicon.referenceBack.join('|')})[ \\t]*$`, 'iu');
const FUTURE = phrases(lexicon.future);
const COURT_APPLICATION = phrases(lexicon.courtApplication);
const PAID_THING = phrases(lexicon.paidThing);
const REFUSED_APPLICATION = ending(lexicon.refusedApplication);
const CRIMINAL_CONTEXT = phrases(lexicon.criminalContext);
const STUDY_ABOUT = ending(lexicon.studyAbout);
/** A trigger that opens with the event's noun ("conviction on", "décision de refus"), which a demonstrative can point back with. */
const NOUN_TRIGGER = /^(?:conviction|refusal|decision|charges?|acquittal|application|décision|refus|condamnation|accusations?|acquittement|demande)(?![\p{L}])/iu;
const ACQUITTED = /^acquitt/iu;

/** The kinds this module judges: the others keep their own rules. */
const JUDGED = new Set<EventKind>(['refusal', 'application', 'decision', 'notification', 'charge', 'conviction', 'acquittal', 'removal-order']);
/** Kinds a reference back cannot state: a notification of "that decision" is an event of its own. */
const REFERRED = new Set<EventKind>(['refusal', 'decision', 'charge', 'conviction', 'acquittal', 'application']);

export interface TriggerAt {
  kind: EventKind;
  /** The segment's text. */
  text: string;
  /** Where the trigger's clause starts. */
  clauseStart: number;
  /** Where the sentence holding the trigger starts. */
  sentenceStart: number;
  index: number;
  length: number;
}

/** Whether the trigger only mentions an event of its kind (see above). */
export function mentionOnly(t: TriggerAt): boolean {
  if (t.kind === 'study') return STUDY_ABOUT.test(t.text.slice(t.clauseStart, t.index));
  if (!JUDGED.has(t.kind)) return false;
  const trigger = t.text.slice(t.index, t.index + t.length);
  const clause = t.text.slice(t.clauseStart, t.index);
  // The sentence's words right before the trigger: a generic subject may stand before a comma (« le fait, pour l'étranger, d'être déclaré coupable »).
  const lead = t.text.slice(t.sentenceStart, t.index);
  if (GENERIC_SUBJECT.test(clause) || GENERIC_SUBJECT.test(lead) || GENERIC_QUALIFIED.test(lead)) return true;
  if (REFERRED.has(t.kind) && NOUN_TRIGGER.test(trigger) && REFERENCE_BACK.test(clause)) return true;
  if (FUTURE.test(`${clause} ${trigger}`)) return true;
  if (t.kind === 'application' && REFUSED_APPLICATION.test(t.text.slice(t.sentenceStart, t.index))) return true;
  if (t.kind === 'application' && COURT_APPLICATION.test(t.text.slice(Math.max(t.sentenceStart, t.index - 40), t.index + t.length + 20))) return true;
  if (t.kind === 'acquittal' && ACQUITTED.test(trigger)) {
    const end = t.text.slice(t.index).search(/[.!?](?=\s|$)/u);
    const before = t.text.slice(t.sentenceStart, t.index);
    const sentence = t.text.slice(t.sentenceStart, end < 0 ? t.text.length : t.index + end);
    if (PAID_THING.test(before) && !CRIMINAL_CONTEXT.test(sentence)) return true;
  }
  return false;
}
