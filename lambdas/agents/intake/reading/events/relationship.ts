/**
 * Whose relationship event it is. The couple's own first contact, meeting, engagement, marriage and
 * cohabitation are recorded as the applicant's (both partners share them), except:
 * - someone else's ("My best friend Tariq got married", « Le mariage de ma cousine Awa a eu lieu »):
 *   a relative or a friend named as the subject, or as whose the event is, makes it `other`;
 * - the writer's past with a former spouse ("My ex-husband and I stopped sharing a home", « Mon
 *   ex-épouse et moi nous sommes séparés »): the writer's own, so the sponsor's when the sponsor writes.
 */
import type { PartyRole } from '../../../../contracts/caseFacts';
import { CUES } from '../lexicon';
import { roleIn } from '../people';
import type { ReadingDocument } from '../readingDocument';

/**
 * The role of a couple event whose trigger is `trigger`, told after `before` in its clause. The trigger
 * is read too: « le mariage de ma cousine » names whose wedding inside the trigger itself.
 */
export function coupleRole(before: string, trigger: string, doc: ReadingDocument, spousal: boolean): PartyRole {
  const role = roleIn(`${before}${trigger}`, doc, spousal);
  if (role === 'other') return 'other';
  if (role === 'previous-spouse' || CUES.exSpouseWords.test(before)) return doc.author === 'sponsor' ? 'sponsor' : 'applicant';
  return 'applicant';
}
