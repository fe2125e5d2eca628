/** Employers (legal names in sentences about work, "employed by <name>", a letterhead) and the employee an employer's letter speaks of. */
import partiesJson from '../lexicons/parties.json';
import issuingBodies from '../lexicons/issuingBodies.json';
import { phrases } from '../lexicon';
import { companiesIn, organisationAt } from '../organisationName';
import { readPersonName } from '../personName';
import type { ReadingDocument, ReadingPage } from '../readingDocument';
import { labelLine } from './formFields';
import { ADDRESSEE, EMPLOYMENT_WORDS, isEmploymentDocument, LETTERHEAD_NOT_A_NAME, TITLED, type Found } from './found';

const WORK_WORDS = phrases(partiesJson.workWords);
/** A French article before the name ("au sein de la Clinique …") is no part of it. */
const EMPLOYED_AT = new RegExp(String.raw`(?<![\p{L}])(?:${partiesJson.employedAt.join('|')})\s+(?:(?:la|le|les)\s+|l['’]\s*)?["“«]?\s*(?=[\p{Lu}\d])`, 'giu');
const TITLED_AT = new RegExp(String.raw`(?<![\p{L}])(?:${partiesJson.honorifics.join('|')})\.?[ \t]+(?=\p{Lu})`, 'giu');
/** A government body that issues the record ("Service Canada" heading a Record of Employment): its issuer, no employer. */
const ISSUING_BODY = new RegExp(String.raw`^(?:${issuingBodies.names.join('|')})(?![\p{L}])`, 'iu');
/** « Nous soussignés, <name>, attestons … »: the organisation writes, its name between commas. */
const ORGANISATION_WRITES = new RegExp(String.raw`(?<![\p{L}])(?:${partiesJson.organisationWrites.join('|')})[ \t]*,[ \t]*(?=\p{Lu})`, 'giu');
const WORKS_AFTER = new RegExp(String.raw`^[ \t,]*(?:\([^)\n]{1,40}\)[ \t,]*)?(?:${partiesJson.workerAfterName.join('|')})(?![\p{L}])`, 'iu');

/** "Mr. <name> has worked with us since 2018": the employee an employer's letter speaks of. */
export function employeeNamed(doc: ReadingDocument, page: ReadingPage, prose: readonly Found[]): Found[] {
  if (!isEmploymentDocument(doc)) return [];
  // The prose may already say whose letter it is ("confirms that Mr. <name>" about a sponsor): it decides.
  const named = new Set(prose.map((p) => p.name.toLowerCase()));
  const out: Found[] = [];
  for (const m of page.text.matchAll(TITLED_AT)) {
    // A PDF wraps long lines: a name may go on after the break ("… que Monsieur Cheikh\nTidiane NDOUR est …"); the same length keeps the offsets.
    const person = readPersonName(page.text.slice(m.index, m.index + 120).replace(/[ \t]*\n(?!\s*\n)/g, (b) => ' '.repeat(b.length)), false);
    if (!person || named.has(person.name.toLowerCase()) || !WORKS_AFTER.test(page.text.slice(m.index + person.length, m.index + person.length + 80).replace(/\n/g, ' '))) continue;
    out.push({ role: 'applicant', name: person.name, start: m.index, end: m.index + person.length, stated: true });
  }
  return out;
}

/** Employers: legal names in sentences about work, "employed by <name>", and an employer's letterhead. */
export function employers(doc: ReadingDocument, page: ReadingPage): Found[] {
  const out: Found[] = [];
  for (const segment of page.segments) {
    // "works as a welder at <name>": the phrase says the sentence is about work, whatever the document.
    if (!EMPLOYMENT_WORDS.test(segment.text) && !isEmploymentDocument(doc) && !WORK_WORDS.test(segment.text)) continue;
    for (const c of companiesIn(segment.text)) out.push({ role: 'employer', name: c.name, start: segment.start + c.start, end: segment.start + c.end, stated: true });
    for (const m of segment.text.matchAll(EMPLOYED_AT)) {
      const at = (m.index ?? 0) + m[0].length;
      const org = organisationAt(segment.text.slice(at));
      // "ATTESTATION DE TRAVAIL": a one-word title after "attestation de" is the document's, no employer.
      if (org && !TITLED.test(org.name) && !(/^\S+$/.test(org.name) && LETTERHEAD_NOT_A_NAME.test(org.name))) out.push({ role: 'employer', name: org.name, start: segment.start + at, end: segment.start + at + org.end, stated: true });
    }
  }
  // An employer's letter that the company signs in its text (« Nous soussignés, <name>, certifions que … »).
  if (isEmploymentDocument(doc)) {
    for (const m of page.text.matchAll(ORGANISATION_WRITES)) {
      const at = m.index + m[0].length;
      const org = organisationAt(page.text.slice(at));
      if (org && /^[ \t]*,/.test(page.text.slice(at + org.end))) out.push({ role: 'employer', name: org.name, start: at, end: at + org.end, stated: true });
    }
  }
  if (isEmploymentDocument(doc) && page.page === doc.pages[0]?.page) {
    let lineStart = 0;
    for (const line of page.text.split('\n').slice(0, 3)) {
      const head = line.split(/\s+[-–|]\s+|\s{2,}|\t/)[0].trim();
      const at = page.text.indexOf(head, lineStart);
      lineStart += line.length + 1;
      if (!head || /\d|[.:;,]|@/.test(head) || LETTERHEAD_NOT_A_NAME.test(head) || ADDRESSEE.test(head) || labelLine(head) || ISSUING_BODY.test(head)) continue;
      const words = head.split(/\s+/);
      // A one-word letterhead ("HALDENWORKS") is a name when the letter names it again below.
      const repeated = words.length === 1 && head.length >= 4 && new RegExp(String.raw`(?<![\p{L}])${head.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\p{L}])`, 'iu').test(page.text.slice(lineStart));
      if ((words.length < 2 && !repeated) || words.length > 9 || !/^\p{Lu}/u.test(head)) continue;
      out.push({ role: 'employer', name: head, start: at, end: at + head.length, stated: false });
    }
  }
  return out;
}
