/**
 * Whose event an answer tells when its question, on the line above, names the person: "Q3. Votre
 * épouse a-t-elle déjà été reconnue coupable d'une infraction ?" / "— Oui : … condamnation en 2018".
 * The answer's own words have no subject; the question's person is its subject. An answer that
 * names someone itself keeps its own reading.
 */
import type { PartyRole } from '../../../../contracts/caseFacts';
import { CUES } from '../lexicon';
import { roleIn } from '../people';
import type { ReadingDocument, ReadingPage } from '../readingDocument';
import type { Segment } from '../segments';

/** An answer's opening: a dash or a bullet at most, then yes. */
const YES_ANSWER = /^[\s—–•*-]*(?:yes|oui)(?![\p{L}])/iu;
/** Words that name a person other than the writer. */
const NAMES_SOMEONE = [CUES.spouseWords, CUES.exSpouseWords, CUES.otherPersonWords, CUES.sponsorWords];

/** A question speaks to the writer: its "your spouse", « votre épouse » is the writer's "my spouse", « ma épouse ». */
const asWriter = (question: string) => question.replace(/(?<![\p{L}])your(?![\p{L}])/giu, 'my').replace(/(?<![\p{L}])votre(?![\p{L}])/giu, 'ma').replace(/(?<![\p{L}])vos(?![\p{L}])/giu, 'mes');

/** The person the question above an answer names, when the answer (`before`, the words before its trigger) names no one. */
export function questionPerson(doc: ReadingDocument, spousal: boolean, page: ReadingPage, segment: Segment, before: string): PartyRole | undefined {
  if (!YES_ANSWER.test(segment.text) || NAMES_SOMEONE.some((p) => p.test(before))) return undefined;
  const question = page.segments[page.segments.indexOf(segment) - 1];
  const asked = question && /\?\s*$/u.test(question.text) ? asWriter(question.text) : undefined;
  return asked && NAMES_SOMEONE.some((p) => p.test(asked)) ? roleIn(asked, doc, spousal) : undefined;
}
