/** What every party finder returns, and the cues several of them share. */
import type { PartyRole } from '../../../../contracts/caseFacts';
import { phrases } from '../lexicon';
import partiesJson from '../lexicons/parties.json';
import type { ReadingDocument } from '../readingDocument';

/** A name found on a page, with its role and where it is. */
export interface Found {
  role: PartyRole;
  name: string;
  start: number;
  end: number;
  /** Stated by a label or a sentence; otherwise guessed from the layout. */
  stated: boolean;
}

/** Roles an organisation holds, not a person. */
export const ORGANISATION_ROLES = new Set<PartyRole>(['employer', 'school', 'other']);
const ORGANISATION = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}&'’.,()\- ]{1,80}$/u;
const NONE = /^(?:n\/?a|none|aucun|aucune|néant|sans objet|yes|no|oui|non|-+)$/iu;
/** A field's value that names nobody ("N/A", « Néant »). */
export function isNoValue(value: string): boolean {
  return NONE.test(value);
}
export const EMPLOYMENT_WORDS = phrases(partiesJson.employmentWords);
export const LETTERHEAD_NOT_A_NAME = phrases(partiesJson.letterheadNotAName);
export const EMPLOYER_DOCUMENTS = new Set(['employment-letter', 'job-offer', 'pay-stubs', 'lmia']);
/** A decision's addressee: "Dear Ms. <name>,", "MR. <NAME>", "Madame <name>". */
const HONORIFIC = String.raw`(?:${partiesJson.honorifics.join('|')})\.?\s+`;
export const ADDRESSEE = new RegExp(String.raw`^[ \t]*(?:(?:${partiesJson.greetings.join('|')})\s+(?:${HONORIFIC})?|${HONORIFIC})`, 'iu');
export const TITLED = new RegExp(`^${HONORIFIC}`, 'iu');

/** An organisation field's value up to the first comma, parenthesis, dash or run of spaces. */
export function organisationValue(value: string): string | undefined {
  const name = value.split(/\s*(?:,(?!\s*(?:inc|ltd|ltée|llc)\b)|\(|\s[-–]\s|\||\s{2,})/iu)[0].trim();
  return name && ORGANISATION.test(name) && !NONE.test(name) && /^[\p{Lu}\d]/u.test(name) ? name : undefined;
}

/** A letter or record about someone's work, typed so or not. */
export function isEmploymentDocument(doc: ReadingDocument): boolean {
  if (EMPLOYER_DOCUMENTS.has(doc.type)) return true;
  return doc.type === 'other' && EMPLOYMENT_WORDS.test(doc.pages[0]?.text.slice(0, 1500) ?? '');
}
