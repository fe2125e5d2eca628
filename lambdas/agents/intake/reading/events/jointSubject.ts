/**
 * A trip told with two subjects, the writer and someone else ("My husband and I spent two weeks in
 * Vietnam", « Mon mari et moi avons séjourné en Italie »): each of them travelled, so the trip is
 * both the writer's and the other person's. The other person is read from the words before the
 * "and I" / « et moi », as any subject is.
 */
import type { PartyRole } from '../../../../contracts/caseFacts';
import { roleIn } from '../people';
import type { ReadingDocument } from '../readingDocument';

/** "… and I" / « … et moi » right before the verb of the trigger ("and I spent", « et moi avons séjourné », "and I have visited"). */
const AND_I = /(?<![\p{L}])(?:and I|et moi)(?:,?[ \t]+(?:nous|we))?(?:[ \t]+[\p{L}'’-]+){0,2}[ \t]*$/u;
/** How far before the trigger the other subject may start. */
const REACH = 60;

/** The two travellers of a trip whose clause before the trigger is `clause`, or undefined when the writer travelled alone. */
export function jointTravellers(clause: string, doc: ReadingDocument, spousal: boolean): [PartyRole, PartyRole] | undefined {
  const near = clause.slice(-REACH);
  const m = AND_I.exec(near);
  if (!m) return undefined;
  const other = roleIn(near.slice(0, m.index), doc, spousal);
  return other === doc.author ? undefined : [doc.author, other];
}
