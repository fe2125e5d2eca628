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
/** "in Canada or anywhere else": the countries named are widened back to any. */
export const UNRESTRICTED = phrases(signals.unrestricted);
/** "Neither of us has been married": both people of a joint declaration. */
export const BOTH = phrases(signals.both);
/** The declarant's own voice ("my visa", "mon visa"). */
export const FIRST_PERSON = new RegExp(`(?<![\\p{L}])(?:${signals.firstPerson.join('|')})`, 'iu');
/** A field value that answers No without the word: "None", "Néant", "N/A". */
export const NONE_VALUE = new RegExp(`^[ \\t]*(?:${signals.none.join('|')})[ \\t.]*$`, 'iu');

const roleWords = Object.entries(declarationsJson.answerRoles).filter(([role]) => role !== '$comment') as Array<[PartyRole, string[]]>;
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

const householdWords = Object.entries(declarationsJson.householdRoles).filter(([role]) => role !== '$comment') as Array<[PartyRole, string[]]>;
const HOUSEHOLD = householdWords.map(([role, words]) => {
  const word = `(?:${words.join('|')})`;
  // "Spouse or common-law partner", "Époux/conjoint de fait", "Dependent child (age 16)", "Child 2".
  return { role, pattern: new RegExp(`^${word}(?:[ \\t]*(?:or|ou|/|and|et)[ \\t]*${word})*(?:[ \\t]*(?:#?\\d{1,2}|\\([^)]*\\)))*$`, 'iu') };
});

/** Whose answers a column of a family table holds: the applicant, their spouse or partner, or another member. */
function householdRoleOf(heading: string): PartyRole | undefined {
  // "L'époux, le conjoint de fait…", "The spouse": the article names no one.
  const h = heading.trim().replace(/[ \t]+/g, ' ').replace(/^(?:the|le|la|les|l['’])[ ]?(?=\p{L})/iu, '');
  return HOUSEHOLD.find((r) => r.pattern.test(h))?.role;
}

/**
 * The person of each column of a header row that asks every member of a family the same questions
 * ("Principal applicant | Spouse | Dependent child"): undefined when the row is no such header. A
 * sponsor column makes it a sponsorship form, where the spouse is the person sponsored (roleOf).
 */
export function householdColumns(headings: readonly string[]): Array<PartyRole | undefined> | undefined {
  if (headings.some((h) => roleOf(h) === 'sponsor')) return undefined;
  const roles = headings.map(householdRoleOf);
  const found = roles.filter(Boolean);
  // One member's column is no family table; the applicant's own column must be there to tell theirs from the others'.
  if (found.length < 2 || !found.includes('applicant') || new Set(found).size < 2) return undefined;
  return roles;
}

const SPOUSE_SUBJECT = phrases(signals.spouseSubject);
const DEPENDANT_SUBJECT = phrases(signals.dependantSubject);

/**
 * Whose answer a form question asks for when it names another member of the family ("Has your
 * spouse ever been refused a visa?"): the spouse or partner (the applicant, on a sponsor's form),
 * or a dependant. Undefined when it asks the person filling in the form.
 */
export function questionSubject(question: string, author: PartyRole): PartyRole | undefined {
  if (SPOUSE_SUBJECT.test(question)) return author === 'sponsor' ? 'applicant' : 'spouse-or-partner';
  if (DEPENDANT_SUBJECT.test(question)) return 'other';
  return undefined;
}

/**
 * The person a field's label names in brackets ("Refus de visa antérieur (époux) : Oui", "Previous
 * refusals (spouse): No"): their answer, not the form's author's. On a sponsor's form the spouse is
 * the person sponsored.
 */
export function labelPerson(label: string, author: PartyRole): PartyRole | undefined {
  const inner = /\(([^)]{2,40})\)/u.exec(label)?.[1];
  if (!inner) return undefined;
  if (roleOf(inner) === 'sponsor') return 'sponsor';
  const role = householdRoleOf(inner);
  if (role === 'spouse-or-partner') return author === 'sponsor' ? 'applicant' : role;
  return role === 'other' ? role : undefined;
}

const SUBJECT_LABEL = new RegExp(`^[ \\t]*(?:\\d{1,2}[.)][ \\t]*)?(?:${declarationsJson.formSubject.labels.join('|')})[ \\t]*[:：]?[ \\t]*(\\S[^\\n]*)$`, 'gimu');
const TICKED_OPTION = /(?:\[[ \t]*[xX✓✔][ \t]*\]|☒|■|☑|\([ \t]*[xX✓✔][ \t]*\))[ \t]*([^\[☐□☒■☑(\n]+)/u;

/**
 * Whose form this is when it is filled in for one member of a family ("I am the: ☐ Principal
 * applicant ☒ Spouse, common-law partner or dependent child", "Family member: Spouse"): that member,
 * when it is not the applicant. A sponsor's form asks about the person sponsored, so the spouse named
 * there is the applicant.
 */
export function formSubject(text: string, author: PartyRole): PartyRole | undefined {
  for (const m of text.matchAll(SUBJECT_LABEL)) {
    const printsBoxes = /[\[☐□☒■☑]/u.test(m[1]);
    const chosen = (printsBoxes ? TICKED_OPTION.exec(m[1])?.[1] : m[1])?.trim().replace(/[,.;]+$/, '');
    if (!chosen) continue;
    // "Spouse, common-law partner or dependent child 18 or older": the first member named is the option.
    const role = householdRoleOf(chosen) ?? householdRoleOf(chosen.split(/[,;]| or | ou /u)[0]);
    if (role === 'spouse-or-partner') return author === 'sponsor' ? 'applicant' : role;
    if (role === 'other') return role;
    if (role === 'applicant') return undefined;
  }
  return undefined;
}
