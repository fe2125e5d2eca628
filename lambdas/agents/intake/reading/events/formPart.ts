/**
 * Whose civil status a form's field gives, on a form that asks two people in parts of their own
 * (IMM 5532 "PART A – SPONSOR" / "PART B – PRINCIPAL APPLICANT", « PARTIE A — RÉPONDANT »): a
 * "Date of divorce:" or a "Date of previous marriage:" field, or a details answer ("If yes, give
 * details: …", « Si oui, précisez : … (divorce prononcé en 2015) ») that names nobody before the
 * event, is the part's person's, not the form's author's. The couple's own marriage ("Date of marriage:" in the
 * relationship part) is left to the couple's reading (events/relationship.ts). Parts are read by
 * sectionPerson.ts.
 */
import type { EventKind, PartyRole } from '../../../../contracts/caseFacts';
import { CUES } from '../lexicon';
import type { ReadingPage } from '../readingDocument';
import { partsOf, personAt, type PartPerson } from '../sectionPerson';
import type { Segment } from '../segments';

/** A marriage the label says is an earlier one ("Date of previous marriage", « Date du mariage antérieur »). */
const EARLIER = /(?<![\p{L}])(?:previous|prior|former|first|earlier|antérieure?|précédente?|ancienne?|premier)(?![\p{L}])/iu;
const PERSON_WORDS = [CUES.firstPerson, CUES.spouseWords, CUES.exSpouseWords, CUES.otherPersonWords, CUES.sponsorWords, CUES.applicantWords];

const partsByPage = new WeakMap<ReadingPage, PartPerson[]>();

/** The part's person for a divorce or an earlier marriage told by a field's label, if the page's parts name one. */
export function formPartPerson(kind: EventKind, page: ReadingPage, segment: Segment, before: string): PartyRole | undefined {
  const label = segment.field?.label;
  if (!label) return undefined;
  if (kind !== 'divorce' && !(kind === 'marriage' && EARLIER.test(label))) return undefined;
  // Whoever the label or the answer names before the trigger is the subject ("my former wife", "mon époux").
  if (PERSON_WORDS.some((p) => p.test(before))) return undefined;
  let parts = partsByPage.get(page);
  if (!parts) partsByPage.set(page, (parts = partsOf(page.text)));
  const person = personAt(parts, segment.start, undefined);
  return person === 'sponsor' || person === 'applicant' ? person : undefined;
}
