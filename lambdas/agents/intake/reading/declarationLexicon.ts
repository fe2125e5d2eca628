/**
 * The declaration reader's own vocabulary (lexicons/declarations.json, beside the topics that
 * lexicon.ts compiles): what makes a document sworn, a sentence a report of someone else's answer,
 * a denial narrower than the question; whose answer a form column holds; and what a criminality
 * question asks about.
 */
import declarationsJson from './lexicons/declarations.json';
import type { CriminalityScope, PartyRole } from '../../../contracts/caseFacts';
import { phrases } from './lexicon';

const signals = declarationsJson.declarationSignals;

/** A sworn or solemn declaration: its first-person statements answer the form's questions. */
export const SWORN = phrases(signals.sworn);
/** "My form says I was never refused", "the agent ticked No": the sentence reports an answer, it does not give one. */
export const REPORTED = phrases(signals.reported);
/** "never refused by Canada or the United States": narrower than a question about any country. */
export const RESTRICTED = new RegExp(`^[ \\t]*(?:${signals.restricted.join('|')})`, 'u');
/** "Neither of us has been married": both people of a joint declaration. */
export const BOTH = phrases(signals.both);
/** The declarant's own voice ("my visa", "mon visa"). */
export const FIRST_PERSON = new RegExp(`(?<![\\p{L}])(?:${signals.firstPerson.join('|')})`, 'iu');
/** A field value that answers No without the word: "None", "Néant", "N/A". */
export const NONE_VALUE = new RegExp(`^[ \\t]*(?:${signals.none.join('|')})[ \\t.]*$`, 'iu');

const roleWords = Object.entries(declarationsJson.answerRoles).filter(([role]) => role !== '$comment') as Array<[PartyRole, string[]]>;
/** "Sponsor: Yes   Applicant: No": one answer per person, each under its role word. */
export const ROLE_ANSWER = new RegExp(`(${roleWords.flatMap(([, words]) => words).join('|')})[ \\t]*[:：][ \\t]*(yes|no|oui|non)(?![\\p{L}])`, 'giu');
const ROLES = roleWords.map(([role, words]) => ({ role, pattern: new RegExp(`^(?:${words.join('|')})$`, 'iu') }));

/** Whose answer a role word heads. */
export function roleOf(word: string): PartyRole | undefined {
  return ROLES.find((r) => r.pattern.test(word.trim()))?.role;
}

const scopes = Object.entries(declarationsJson.asks).filter(([k]) => k !== '$comment') as Array<[CriminalityScope, string[]]>;
const SCOPES = scopes.map(([scope, words]) => ({ scope, pattern: phrases(words) }));

/**
 * What a criminality question or statement asks about, by its wording; a question naming neither
 * charges nor convictions ("Criminal offence in any country?") is read as the full IMM 5257 question.
 */
export function criminalityScope(question: string): CriminalityScope[] {
  const found = SCOPES.filter((s) => s.pattern.test(question)).map((s) => s.scope);
  return found.length ? found : ['charge', 'conviction'];
}
