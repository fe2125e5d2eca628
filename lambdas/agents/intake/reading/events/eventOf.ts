/**
 * One event from one trigger in a sentence: unless the clause denies, hedges or asks it, or tells
 * it only in passing, its date or period, whose it was (the sentence's subject, a name the
 * paragraph carries, the couple) and where. readEvents.ts finds the triggers and settles the
 * document's events; this module reads each.
 */
import type { EventKind, TimelineEvent } from '../../../../contracts/caseFacts';
import { countryIn, CUES, HEDGE, phrases } from '../lexicon';
import eventsJson from '../lexicons/events.json';
import { COUPLE_EVENTS, roleIn } from '../people';
import { placeIn } from '../places';
import { quoteOf, type ReadingDocument, type ReadingPage } from '../readingDocument';
import type { Segment } from '../segments';
import { datesIn } from '../textReaders';
import { questionPerson } from './answerOf';
import { applicationTrip } from './applicationTrip';
import { cancelledTrip } from './cancelledTrip';
import { carriedPerson, namedSubject, type PeopleOfDocument } from './carriedSubject';
import { asked, clauseStart, inTitle, negated, negatedList, sentenceAt, sentenceStartAt } from './clauses';
import { dischargedNotConvicted, pardonDates } from './criminal';
import { datesFor, detailFor } from './eventDates';
import { inFieldLabel } from './fieldLabel';
import { formPartPerson } from './formPart';
import { mentionOnly } from './mentionOnly';
import { onlyThen } from './onlyThen';
import { ownDates } from './othersDates';
import { toldAbout } from './toldAbout';
import { roleInContext } from './persons';
import { coupleRole } from './relationship';
import { withStatusYear } from './statusYear';

/** The month of May next to its day or year ("On 3 May 2022", "May 3, 2022") is no hedge. */
/** An empty box just before a trigger. */
const UNTICKED = /(?:\[[ \t]?\]|☐|□)[ \t]*$/u;
const MONTH_MAY = /(?<=\d(?:st|nd|rd|th)?[ \t]+)may(?![\p{L}])|(?<![\p{L}])may(?=[ \t]+\d)/giu;
/** Words that make the employment trigger after them an offer ("Offer of employment as", "Offre d'emploi :"), see events.json `offerOf`. */
const OFFER_OF = new RegExp(`(?<![\\p{L}])(?:${eventsJson.offerOf.join('|')})[ \\t]*$`, 'iu');
/** Words that make the employment trigger after them the job asked for, wished for or doubted ("a work permit to work as", "interest in working"), see events.json `jobSought`. */
const JOB_SOUGHT = new RegExp(`(?<![\\p{L}])(?:${eventsJson.jobSought.join('|')})[ \\t]*$`, 'iu');
/** Events whose subject a pronoun or a first name may carry from the paragraph (events/carriedSubject.ts): periods and trips a letter tells in the third person. */
const CARRIED = new Set<EventKind>(['employment', 'study', 'travel', 'entry']);

export interface EventContext {
  doc: ReadingDocument;
  spousal: boolean;
  /** A visitor visa or super visa file: the visit it asks for may be told by its purpose and a Canadian city alone (events/plannedVisit.ts). */
  visitor?: boolean;
}

/** What the whole document settles for each of its statements. */
/** A status word between commas ("…, divorcé, et …", "…, divorced, and …", "…, mariée, …"). */
const STATUS_APPOSITION = /^,\s*\S+\s*(?:,|\s+(?:et|and)\s)/u;
const STATUS_WORD = /^(?:divorc[ée]e?s?|divorced|mari[ée]e?s?|married)$/iu;

export interface DocumentReading extends EventContext {
  /** The relation word of the person an invitation letter invites. */
  invitee?: string;
  /** An employer's letter for the employee's sponsorship of a spouse. */
  sponsorsJob: boolean;
  /** An employer's letter or a letter vouching for someone: the writer's own job is someone else's (events/persons.ts). */
  forAnother: boolean;
  /** A tribunal's or a court's reasons: the decision they state is no officer's decision (events/tribunalReasons.ts). */
  tribunal?: boolean;
  /** A form that answers yes to having sponsored a spouse or partner before. */
  previousSponsorship: boolean;
  /** The people the document names, for a job or studies told with a pronoun (events/carriedSubject.ts). */
  people: PeopleOfDocument;
}

/** Who and where, when the trigger itself settles them (the trip the application is for). */
export interface Fixed {
  person?: TimelineEvent['person'];
  country?: string;
  detail?: string;
  /** The trip applied for: a wish or a plan does not hedge it (events.json `planWishes`). */
  plan?: boolean;
}

const PLAN_WISHES = phrases(eventsJson.planWishes, 'giu');

/**
 * A form field whose label names the event and whose answer is no ("Refus de visa antérieur : Non.",
 * "Previous refusal: None"), where several fields share a line and none is read as the segment's own
 * field: a declaration that nothing happened, never the event.
 */
const ANSWERED_NO = /^[^:.;\n]{0,50}:\s*(?:no|non|none|nil|n[ée]ant|aucune?|n\/a)\b/iu;
/** A job field answered that no job is held ("Emploi actuel : Sans emploi", "Current occupation: unemployed"), see events.json `idleAnswer`. */
const IDLE_ANSWER = new RegExp(`^(?:[^:.;\\n]{0,50}:)?[ \\t]*(?:${eventsJson.idleAnswer.join('|')})(?![\\p{L}])`, 'iu');

/** "US", "U.S." in capitals is the country ("my brother's US visa"), not the pronoun "us" that would make the writer its subject. */
const COUNTRY_US = /(?<![\p{L}])U\.?S\.?(?![\p{L}])/gu;

/** One-off events whose subject may be a name the document gave a role ("the sponsor, Mr. Doyle"): see events/carriedSubject.ts. */
const NAMED_KINDS = new Set<EventKind>(['refusal', 'charge', 'conviction', 'acquittal']);

export function eventOf(ctx: DocumentReading, page: ReadingPage, segment: Segment, text: string, kind: EventKind, index: number, length: number, confidence: number, fixed: Fixed = {}): TimelineEvent | undefined {
  const start = clauseStart(text, index);
  const prefix = text.slice(start, index);
  const dates = datesIn(text, ctx.doc.dateOrder);
  // A refusal or a decision trigger that runs over a few words ("visa was not refused", "application … not approved") carries its own negation.
  const ownWords = kind === 'refusal' || kind === 'decision' ? text.slice(start, index + length) : prefix;
  const denied = (negated(ownWords) || negatedList(text, index)) && !onlyThen(text, index, index + length, dates);
  // The trip applied for may be told as a wish ("I wish to visit …", « Je souhaite rendre visite … »): only a condition hedges it.
  const unhedged = fixed.plan ? prefix.replace(PLAN_WISHES, ' ') : prefix;
  if (denied || HEDGE.test(unhedged.replace(MONTH_MAY, ' ')) || asked(text, index, segment.text)) return undefined;
  const trigger = { kind, text, clauseStart: start, sentenceStart: sentenceStartAt(text, index), index, length };
  if (mentionOnly(trigger) || dischargedNotConvicted(trigger) || inFieldLabel(text, index)) return undefined;
  if (ANSWERED_NO.test(text.slice(index + length, index + length + 80))) return undefined;
  if (kind === 'employment' && IDLE_ANSWER.test(text.slice(index + length, index + length + 80))) return undefined;
  if (kind === 'refusal' && CUES.conditionalRefusal.test(text)) return undefined;
  // "[ ] Overstay history", « ☐ Refus antérieur »: a box left unticked on a checklist states nothing.
  if (UNTICKED.test(text.slice(Math.max(0, index - 8), index))) return undefined;
  if (kind === 'decision' && ctx.tribunal) return undefined;
  if (inTitle(page.text, segment.start + index, text.slice(index, index + length))) return undefined;
  if (kind === 'employment' && (OFFER_OF.test(text.slice(Math.max(0, index - 30), index)) || JOB_SOUGHT.test(text.slice(Math.max(0, index - 40), index)))) return undefined;
  // A conviction's date is never the pardon's told beside it (events/criminal.ts); a birth date, or a date a
  // marriage's sentence gives its divorce, is not the event's (events/othersDates.ts).
  const pardoned = kind === 'conviction' ? pardonDates(text, dates) : undefined;
  const unpardoned = pardoned?.size ? dates.filter((d) => !pardoned.has(d.start)) : dates;
  // A civil status set off by commas beside a name ("Marc Roy, né le …, divorcé, et …") is the status on the record's
  // day, not an event of that day: the record's date is not the divorce's.
  const status = (kind === 'divorce' || kind === 'marriage') && STATUS_APPOSITION.test(text.slice(Math.max(0, index - 2), index + length + 4)) && STATUS_WORD.test(text.slice(index, index + length));
  const { date, end } = status ? {} : datesFor(kind, text, ownDates(kind, text, withStatusYear(kind, text, unpardoned, index + length, index), index + length), index);
  if (kind === 'travel' && !date && applicationTrip(text, index, length)) return undefined;
  if (kind === 'travel' && cancelledTrip(text, index)) return undefined;
  // "Their accounts of their first meeting, the proposal …": the topic of an account, undated, is no event (events/toldAbout.ts).
  if (!date && toldAbout(kind, text, index)) return undefined;
  const before = text.slice(0, index).replace(COUNTRY_US, (us) => ' '.repeat(us.length));
  const carriedRole = date && CARRIED.has(kind) ? carriedPerson(ctx.people, page, segment, before) : NAMED_KINDS.has(kind) ? namedSubject(ctx.people, before) : undefined;
  // A relative an invitation names is, when it is the one invited, its applicant: the clause's own reading knows the invitee.
  const carried = carriedRole === 'other' && ctx.invitee ? undefined : carriedRole;
  const person = fixed.person ?? carried ?? formPartPerson(kind, page, segment, before) ?? (NAMED_KINDS.has(kind) ? questionPerson(ctx.doc, ctx.spousal, page, segment, before) : undefined) ?? (COUPLE_EVENTS.has(kind) ? coupleRole(before, text.slice(index, index + length), ctx.doc, ctx.spousal) : roleInContext(roleIn(before, ctx.doc, ctx.spousal), kind, before, text, ctx.invitee, ctx.sponsorsJob, ctx.previousSponsorship, ctx.forAnother));
  // The country the trigger's own sentence names first ("…or any other country? | X | USA B1/B2 refused"), else the segment's.
  const placed = kind === 'refusal' || kind === 'entry' || kind === 'overstay' || kind === 'travel' || kind === 'removal-order';
  // A trip's or an entry's country is where it went, named after its verb ("M. Gagnon, né en France, a immigré au Canada"), or its city's ("spent two weeks in Seoul").
  const destination = kind === 'travel' || kind === 'entry' ? placeIn(sentenceAt(text, index).slice(index - sentenceStartAt(text, index))) : undefined;
  const country = fixed.country ?? destination ?? (placed ? (countryIn(sentenceAt(text, index)) ?? countryIn(text)) : undefined);
  const detail = fixed.detail ?? detailFor(kind, text);
  return {
    kind,
    person,
    ...(date ? { date } : {}),
    ...(end ? { end } : {}),
    ...(country ? { country } : {}),
    ...(detail ? { detail } : {}),
    evidence: quoteOf(ctx.doc, page, segment.start, segment.end, segment.start + index),
    confidence: date ? confidence : confidence - 0.15,
    source: 'rules',
  };
}
