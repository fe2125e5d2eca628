/**
 * Whose relationship event it is. The couple's own first contact, meeting, engagement, marriage and
 * cohabitation are recorded as the applicant's (both partners share them), except:
 * - someone else's ("My best friend Tariq got married", « Le mariage de ma cousine Awa a eu lieu »):
 *   a relative or a friend named as the subject, or as whose the event is, makes it `other`;
 * - the writer's past with a former spouse ("My ex-husband and I stopped sharing a home", « Mon
 *   ex-épouse et moi nous sommes séparés »): the writer's own, so the sponsor's when the sponsor writes.
 * And the first meeting a spousal file tells as meeting someone by name ("I met Yoandri Pérez at a
 * salsa class", « J'ai rencontré Ana Lúcia Ferreira à Recife »).
 */
import type { PartyRole } from '../../../../contracts/caseFacts';
import { CUES, phrases } from '../lexicon';
import eventsJson from '../lexicons/events.json';
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

const MET = phrases(eventsJson.metNamed, 'giu');
/** A person's name after the verb, in capitals as written (case-sensitive), then where or when ("… at", "… à", "…,"). */
const NAMED = /^[ \t]+(\p{Lu}[\p{Ll}'’-]+(?:[ \t]+\p{Lu}[\p{Ll}'’-]+){0,3})(?=[ \t]*(?:,|(?:in|on|at|through|while|during|when|à|en|le|lors|pendant|grâce|par|chez)(?![\p{L}])))/u;
/** Titles and offices: "I met Officer Brown", « j'ai rencontré Maître Diallo » is no partner. */
const TITLE = /^(?:Mr|Mrs|Ms|Miss|Dr|Mme|Mlle|Madame|Monsieur|Officer|Agent|Maître|Me|Judge|Justice|Father|Pastor|Imam|Sister|Brother|Professor|Prof|Uncle|Aunt|Cousin)(?![\p{L}])/u;

/** Where a writer tells meeting someone by name: the verb's offset and length. */
export function metNamed(text: string): Array<{ index: number; length: number }> {
  const out: Array<{ index: number; length: number }> = [];
  for (const m of text.matchAll(MET)) {
    const end = (m.index ?? 0) + m[0].length;
    const name = NAMED.exec(text.slice(end));
    if (name && !TITLE.test(name[1])) out.push({ index: m.index ?? 0, length: m[0].length });
  }
  return out;
}
