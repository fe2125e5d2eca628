/**
 * Whose event, where the subject read from the clause (people.ts) needs the document's context:
 * - in an invitation letter the person invited is the applicant: after "I invite my sister …",
 *   "my sister works as a teacher" is the applicant's job, where in any other letter a sister is
 *   someone else; and the writer is the host, so "I work as a pharmacist …" is the inviter's job;
 * - a relative of the couple ("the brother of my husband", "frère de mon mari") is someone else,
 *   though the phrase ends with a spouse word;
 * - the sponsored person who became a permanent resident, next to a former spouse, is that former spouse,
 *   as is a landing told in the third person in a form that declares a previous sponsorship; a former
 *   spouse named as the one who sponsored ("sponsored by my former husband", « parrainée par mon
 *   ex-époux ») is not the one who landed: the subject is;
 * - an employer's letter written for the employee's sponsorship of a spouse is about the sponsor's job;
 * - in an employer's letter, or a letter vouching for someone named by title ("certify that Mrs. …",
 *   « je connais M. … »), the writer's own job told in the first person ("I joined the company in
 *   2004", « curé de la paroisse depuis 2012 ») is the writer's, someone else's.
 */
import type { EventKind, PartyRole } from '../../../../contracts/caseFacts';
import { CUES, phrases } from '../lexicon';
import eventsJson from '../lexicons/events.json';
import type { ReadingDocument } from '../readingDocument';

const INVITES = /invit\p{L}*\s+(?:(?:for|to|of|pour|à|de)\s+)?(?:my|our|mon|ma|mes|notre|nos)\s+(\p{L}+)/iu;
const RELATION = new RegExp(CUES.otherPersonWords.source, 'giu');
const RELATIVE_OF = phrases(eventsJson.relativeOf, 'giu');
const FORMER_SPOUSE = phrases(eventsJson.formerSpouse);
/** A former spouse as the one who sponsored: "sponsored by my former husband", « parrainée par mon ex-époux ». */
const SPONSORED_BY_FORMER = new RegExp(`(?<![\\p{L}])(?:sponsored|parrainée?)(?:\\s+to\\s+canada)?\\s+(?:by|par)\\s+(?:(?:my|his|her|mon|ma|son|sa)\\s+)?(?:${eventsJson.formerSpouse.join('|')})(?![\\p{L}])`, 'iu');
const SUPPORTS_SPONSORSHIP = phrases(eventsJson.supportsSponsorship);
const PREVIOUS_SPONSORSHIP_DECLARED = phrases(eventsJson.previousSponsorshipDeclared);
const FIRST_OR_SECOND_PERSON = phrases(eventsJson.firstOrSecondPerson);
const PREVIOUS_SPONSORSHIP_TOLD = phrases(eventsJson.previousSponsorshipTold);
const ATTESTS_ANOTHER = phrases(eventsJson.attestsAnother);
/** The writer, singular ("I", « je »): an employer's "we" is the company, whose employee the letter is about. */
const WRITER = /(?<![\p{L}])(?:i|je|j['’])(?![\p{L}])/giu;
/** Someone else taking over as the subject after the writer ("I confirm that Ms. …", « je connais M. … qui »). */
const ANOTHER_SUBJECT = /(?<![\p{L}])(?:he|she|they|il|elle|ils|elles|mr|mrs|ms|miss|dr|m\.|mme|mlle|monsieur|madame|mademoiselle|that|que|qu['’]|who|qui)(?![\p{L}])/iu;
/** Words that name a person other than the relative: a subject that may take over from it. */
const ANOTHER_PERSON = [CUES.firstPerson, CUES.spouseWords, CUES.exSpouseWords, CUES.applicantWords, CUES.sponsorWords, CUES.otherPersonWords, /(?<![\p{L}])(?:he|she|they|il|elle|ils|elles)(?![\p{L}])/iu];
/** Periods of the writer's own life: in an invitation letter, the host's. */
const HOST_PERIODS = new Set<EventKind>(['employment', 'study']);

function lastAt(text: string, pattern: RegExp): number {
  let at = -1;
  for (const m of text.matchAll(new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`))) at = m.index ?? at;
  return at;
}

/** How far before the trigger a relative still is the clause's subject ("…, Karim, dont la demande"). */
const SUBJECT_REACH = 40;

/** The relation word of the person the letter invites ("I, X, invite my sister" → "sister"), if it is an invitation. */
export function inviteeOf(doc: ReadingDocument): string | undefined {
  const text = doc.pages.map((p) => p.text).join('\n');
  return INVITES.exec(text)?.[1].toLowerCase();
}

/** Whether the document is an employer's letter written for its employee's sponsorship of a spouse. */
export function aboutSponsorsJob(doc: ReadingDocument): boolean {
  return doc.author === 'applicant' && doc.pages.some((p) => SUPPORTS_SPONSORSHIP.test(p.text.replace(/\s+/g, ' ')));
}

/** Whether the writer is not the person the document is about: an employer's letter, or a letter vouching for someone named by title. */
export function writtenForAnother(doc: ReadingDocument): boolean {
  if (doc.type === 'employment-letter') return true;
  // A letter typed as a submission may still be an employer's or a referee's ("who has worked at our clinic since …").
  return (doc.type === 'other' || doc.type === 'submission-letter') && doc.pages.some((p) => ATTESTS_ANOTHER.test(p.text.replace(/\s+/g, ' ')));
}

/** Whether the clause's subject is the writer: an "I" with no other person named between it and the trigger. */
function writerIsSubject(clause: string): boolean {
  const writer = [...clause.matchAll(WRITER)].pop();
  return writer !== undefined && !ANOTHER_SUBJECT.test(clause.slice((writer.index ?? 0) + writer[0].length));
}

/**
 * Whether the document answers yes to having sponsored a spouse or partner before (the sponsorship
 * form's question): a landing it then tells in the third person ("Date she became a permanent
 * resident") is that person's, not the sponsor's or the applicant's.
 */
export function declaresPreviousSponsorship(doc: ReadingDocument): boolean {
  return doc.pages.some((p) => PREVIOUS_SPONSORSHIP_DECLARED.test(p.text));
}

/**
 * Whether the writer tells, in the first person, having sponsored someone before ("In 2011 I
 * sponsored my former wife", "J'ai parrainé mon ex-conjointe"): only a sponsor writes that, so the
 * document's "I" is the sponsor, whatever its type.
 */
export function toldBySponsor(doc: ReadingDocument): boolean {
  return doc.pages.some((p) => PREVIOUS_SPONSORSHIP_TOLD.test(p.text.replace(/\s+/g, ' ')));
}

/** The role as read, corrected by the document's context (see above). */
export function roleInContext(role: PartyRole, kind: EventKind, clause: string, sentence: string, invitee: string | undefined, sponsorsJob = false, previousSponsorship = false, forAnother = false): PartyRole {
  if (kind === 'employment' && sponsorsJob && role === 'applicant') return 'sponsor';
  if (kind === 'sponsored-person-landed' && FORMER_SPOUSE.test(sentence) && !SPONSORED_BY_FORMER.test(sentence)) return 'previous-spouse';
  if (kind === 'sponsored-person-landed' && previousSponsorship && role !== 'applicant' && !FIRST_OR_SECOND_PERSON.test(sentence)) return 'previous-spouse';
  const relative = [...clause.matchAll(RELATIVE_OF)].pop();
  // The relative is the subject when near the trigger, or when no other person is named between them
  // ("My wife's younger brother, Joel, applied for a United States visa in Manila and was denied").
  const afterRelative = relative ? clause.slice((relative.index ?? 0) + relative[0].length) : '';
  if (relative && (afterRelative.length <= SUBJECT_REACH || !ANOTHER_PERSON.some((p) => p.test(afterRelative)))) return 'other';
  // The host tells their own job to show their standing: the writer's "I" is the inviter, not the invited applicant.
  if (invitee && HOST_PERIODS.has(kind) && role === 'applicant' && lastAt(clause, CUES.firstPerson) > lastAt(clause, CUES.applicantWords)) return 'inviter';
  if (forAnother && HOST_PERIODS.has(kind) && role === 'applicant' && writerIsSubject(clause)) return 'other';
  if (role !== 'other' || !invitee) return role;
  const last = [...clause.matchAll(RELATION)].pop();
  return last && last[0].toLowerCase().endsWith(invitee) ? 'applicant' : role;
}
