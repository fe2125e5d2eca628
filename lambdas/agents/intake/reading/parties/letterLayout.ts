/**
 * Names a letter's layout gives: its addressee ("Dear Ms. <name>", an e-mail's "To:"), its signature
 * (a name alone under the closing, with the role or an officer's title under it), a sender's name
 * over an address, and a case header's "FAMILY, Given".
 */
import type { PartyRole } from '../../../../contracts/caseFacts';
import type { DocumentType } from '../../../../contracts/intakeOutput';
import { phrases } from '../lexicon';
import partiesJson from '../lexicons/parties.json';
import { roleOfLabel } from '../partyFields';
import { readPersonName } from '../personName';
import type { ReadingDocument, ReadingPage } from '../readingDocument';
import { ADDRESSEE, EMPLOYER_DOCUMENTS, isEmploymentDocument, ORGANISATION_ROLES, type Found } from './found';

const FIRST_PERSON = phrases(partiesJson.firstPersonStatement);
/** An address line: a number with words, a post-office box, a street word ("14, rue des Tanneurs", "P.O. Box 2217"). */
const ADDRESS_LINE = new RegExp(String.raw`^(?:\d{1,6}[A-Za-z]?[,]?\s+\p{L}|(?:${partiesJson.addressWords.join('|')})(?![\p{L}]))|(?<![\p{L}])(?:${partiesJson.addressWords.join('|')})(?![\p{L}])`, 'iu');
/** An officer's title on the line under a signature ("Immigration Officer", "Agent d'immigration"). */
const OFFICER_TITLE = new RegExp(String.raw`^[ \t]*(?:${partiesJson.officerTitles.join('|')})(?![\p{L}])`, 'iu');
/** A commissioner's or notary's signature under a declaration is not the declarant's. */
const WITNESS = phrases(partiesJson.witnessWords);
/** A case header's "FAMILY, Given" (GCMS notes, consular notices). */
const HEADER_NAME = /(?:^|[-|]\s+)(\p{Lu}[\p{Lu}\p{M}'’-]+(?:\s+\p{Lu}[\p{Lu}\p{M}'’-]+)*,\s+\p{Lu}[\p{L}\p{M}'’-]+(?:\s+\p{Lu}[\p{L}\p{M}'’-]+)*)/mu;
const CLOSING = new RegExp(String.raw`^[ \t]*(?:${partiesJson.closings.join('|')})[ \t]*[,.]?[ \t]*$`, 'iu');
/** Documents whose closing is signed by someone who is no party to the application (an officer, an employer's HR). */
export const SIGNED_BY_OTHERS = new Set<DocumentType>(['refusal-letter', 'gcms-notes', 'employment-letter', 'job-offer', 'pay-stubs', 'lmia', 'letter-of-acceptance', 'bank-statement', 'proof-of-funds']);

const TITLE_AT_END = new RegExp(String.raw`(?<![\p{L}])(?:${partiesJson.honorifics.join('|')})\.?\s+$`, 'iu');
const NOT_A_PERSON = new Set(partiesJson.notAPerson);
/** "Dear Mr. Haddad:", "Madame Kouassi,": a family name alone after a title names the addressee. */
function surnameAfterTitle(greeting: string, after: string): { name: string; length: number } | undefined {
  if (!TITLE_AT_END.test(greeting)) return undefined;
  const m = /^(\p{Lu}[\p{L}\p{M}'’]+(?:-\p{Lu}[\p{L}\p{M}'’]+)*)(?=\s*[,:]?\s*$)/u.exec(after);
  return m && !NOT_A_PERSON.has(m[1].toLowerCase()) ? { name: m[1], length: m[1].length } : undefined;
}


/** "From: Talent Acquisition <careers@…>": a department sends, not a person. */
const DEPARTMENT = phrases(partiesJson.departmentWords);
const FROM_LINE = /^[ \t]*(?:From|De|Expéditeur|Expéditrice|Sender)[ \t]*:[ \t]*([^\n]*)$/gimu;
const TO_LINE = /^([ \t]*(?:To|À|Destinataire)[ \t]*:[ \t]*)([^\n]*)$/gimu;

/** "À : <name>" on an e-mail an organisation sends (an employer's offer, a school's letter): the person it is for. */
function emailAddressee(doc: ReadingDocument, page: ReadingPage): Found[] {
  if (doc.author === 'sponsor' || doc.author === 'inviter') return [];
  const senders = [...page.text.matchAll(FROM_LINE)];
  const tos = [...page.text.matchAll(TO_LINE)];
  // Between two people, who writes decides who the other is; a thread or a person's e-mail is left to the prose.
  if (senders.length !== 1 || tos.length !== 1 || (readPersonName(senders[0][1], false) && !DEPARTMENT.test(senders[0][1]))) return [];
  const [line, label, value] = tos[0];
  const person = readPersonName(value, false);
  if (!person || !/^\s*(?:<[^>\s]+>)?\s*$/.test(value.slice(person.length))) return [];
  const at = tos[0].index + label.length;
  return line ? [{ role: 'applicant', name: person.name, start: at, end: at + person.length, stated: false }] : [];
}

/** The addressee of a letter not written by the sponsor or an inviter, and a header's "FAMILY, Given". */
export function fromLayout(doc: ReadingDocument, page: ReadingPage): Found[] {
  const out: Found[] = [...emailAddressee(doc, page)];
  let lineStart = 0;
  const lines = page.text.split('\n');
  // A school's, an employer's or an officer's letter is signed by someone who is no party ("We are pleased to offer you admission").
  const firstPerson = FIRST_PERSON.test(page.text) && !EMPLOYER_DOCUMENTS.has(doc.type) && !SIGNED_BY_OTHERS.has(doc.type);
  for (const [i, line] of lines.entries()) {
    const closed = i > 0 && CLOSING.test(lines[i - 1] ?? '') || (i > 1 && !lines[i - 1]?.trim() && CLOSING.test(lines[i - 2] ?? ''));
    // "Sincerely,\n\nDr. <name>": a titled name under the closing signs the letter; it is no addressee.
    const greeting = closed ? null : ADDRESSEE.exec(line);
    if (greeting && doc.author !== 'sponsor' && doc.author !== 'inviter') {
      const after = line.slice(greeting[0].length);
      const person = readPersonName(after, false) ?? surnameAfterTitle(greeting[0], after);
      if (person && /^\s*[,:]?\s*$/.test(after.slice(person.length))) out.push({ role: 'applicant', name: person.name, start: lineStart, end: lineStart + line.length, stated: false });
    }
    // A signature: a line that is only a name, near the end of a letter written in the first person.
    if (((firstPerson && i >= lines.length - 8) || (closed && !SIGNED_BY_OTHERS.has(doc.type) && !isEmploymentDocument(doc))) && i > 3) {
      const person = readPersonName(line.trim(), false);
      const witness = WITNESS.test(`${lines[i - 1] ?? ''} ${line} ${lines[i + 1] ?? ''}`);
      // "Jean Tremblay / Immigration Officer": the title under the name says who signs.
      const officer = OFFICER_TITLE.test(lines[i + 1] ?? '');
      // "Jane Doe / Sponsor", « Awa Diop / Demanderesse principale »: a role's label under the name says whose signature it is.
      const titled = !officer && (lines[i + 1] ?? '').trim().length <= 40 ? roleOfLabel((lines[i + 1] ?? '').trim()) : undefined;
      // « Me <name> »: Maître, the title of a lawyer in French, signs for counsel.
      const maitre = /^[ \t]*(?:Me|Maître)[ \t]+\p{Lu}/u.test(line) && !witness;
      const signedAs: PartyRole | undefined = officer ? 'officer' : maitre ? 'counsel' : titled && !ORGANISATION_ROLES.has(titled) && !['spouse-or-partner', 'previous-spouse'].includes(titled) ? titled : undefined;
      if (person && person.length === line.trim().length && !witness) out.push({ role: signedAs ?? doc.author, name: person.name, start: lineStart, end: lineStart + line.length, stated: signedAs !== undefined });
    }
    lineStart += line.length + 1;
  }
  // A letter that opens with a name and, under it, an address: its sender, or on an officer's or employer's letter its addressee.
  const opening = lines.map((l, k) => ({ l: l.trim(), k })).filter(({ l }) => l.length > 0).slice(0, 4);
  for (const [n, { l, k }] of opening.entries()) {
    const next = opening[n + 1]?.l ?? '';
    const person = readPersonName(l, false);
    if (!person || person.length !== l.length || !ADDRESS_LINE.test(next)) continue;
    const at = lines.slice(0, k).reduce((sum, x) => sum + x.length + 1, 0) + lines[k].indexOf(l);
    const role: PartyRole = SIGNED_BY_OTHERS.has(doc.type) || isEmploymentDocument(doc) ? 'applicant' : doc.author;
    if (doc.author !== 'sponsor' && doc.author !== 'inviter' || role === doc.author) out.push({ role, name: person.name, start: at, end: at + person.length, stated: false });
    break;
  }
  const header = HEADER_NAME.exec(lines.slice(0, 3).join('\n'));
  if (header && doc.author === 'applicant') {
    const person = readPersonName(header[1], true);
    const at = page.text.indexOf(header[1]);
    if (person && at >= 0) out.push({ role: 'applicant', name: person.name, start: at, end: at + person.length, stated: false });
  }
  return out;
}
