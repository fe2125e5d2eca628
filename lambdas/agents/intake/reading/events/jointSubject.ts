/**
 * A trip told with two subjects, the writer and someone else ("My husband and I spent two weeks in
 * Vietnam", « Mon mari et moi avons séjourné en Italie », « Avec mon épouse, nous avons passé deux
 * semaines en Turquie », "With my sister we went to Peru"): each of them travelled, so the trip is
 * both the writer's and the other person's. The other person is read from the words before the
 * "and I" / « et moi », or after the opening "with" / « avec », as any subject is.
 */
import type { PartyRole } from '../../../../contracts/caseFacts';
import { roleIn } from '../people';
import type { ReadingDocument } from '../readingDocument';
import { clauseStart, sentenceStartAt } from './clauses';

/** "… and I" / « … et moi » right before the verb of the trigger ("and I spent", « et moi avons séjourné », "and I have visited"). */
const AND_I = /(?<![\p{L}])(?:and I|et moi)(?:,?[ \t]+(?:nous|we))?(?:[ \t]+[\p{L}'’-]+){0,2}[ \t]*$/u;
/** "With my wife, we …" / « Avec mon épouse, nous … » opening the clause: the other traveller, then the writer's "we". */
const WITH_WE = /^[ \t]*(?:together with|with|avec)[ \t]+([^,;.]{2,40}?),?[ \t]+(?:we|nous)(?:[ \t]+[\p{L}'’-]+){0,3}[ \t]*$/iu;
/** How far before the trigger the other subject may start. */
const REACH = 60;

/**
 * The two travellers of the trip whose trigger starts at `index` in `text`, or undefined when the
 * writer travelled alone. The "and I" is read in the trigger's clause (with the trigger's first word:
 * a trigger may open with the "I"), the "with …, we" from the sentence's start.
 */
export function jointTravellers(text: string, index: number, doc: ReadingDocument, spousal: boolean): [PartyRole, PartyRole] | undefined {
  const head = /^\S*/u.exec(text.slice(index))![0];
  const clause = text.slice(clauseStart(text, index), index) + head;
  const near = clause.slice(-REACH);
  const withWe = WITH_WE.exec(text.slice(sentenceStartAt(text, index), index) + head);
  const m = AND_I.exec(near);
  if (!m && !withWe) return undefined;
  const other = roleIn(m ? near.slice(0, m.index) : withWe![1], doc, spousal);
  return other === doc.author ? undefined : [doc.author, other];
}
