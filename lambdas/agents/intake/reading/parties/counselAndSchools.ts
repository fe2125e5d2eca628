/** Counsel named by a title ("<name>, Barrister & Solicitor", « Me <name>, avocate ») and the schools the file names. */
import { CUES, phrases } from '../lexicon';
import partiesJson from '../lexicons/parties.json';
import { institutionsIn, organisationAt } from '../organisationName';
import { readPersonName } from '../personName';
import type { ReadingPage } from '../readingDocument';
import type { Found } from './found';

const COUNSEL_TITLE = new RegExp(String.raw`,[ \t]*(?:${partiesJson.counselTitles.join('|')})(?![\p{L}])`, 'giu');
const TITLE_LINE = new RegExp(String.raw`^[ \t]*(?:${partiesJson.counselTitles.join('|')})(?![\p{L}])`, 'iu');
const COUNSEL_FIRM = phrases(partiesJson.counselFirmWords);
const COUNSEL_FIRM_NAME = phrases(partiesJson.counselFirmNames);
/** A line that is a firm of counsel's description ("Barristers and Solicitors", « Avocats »). */
const COUNSEL_FIRM_LINE = new RegExp(String.raw`^[ \t]*(?:${partiesJson.counselFirmWords.join('|')})[ \t]*$`, 'iu');
/** « Me <name> », « Maître <name> »: the title of a Quebec or French lawyer (avocat, notaire) before the name. */
const MAITRE = /(?<![\p{L}])(?:Me|Maître|Maitre)[ \t]+(?=\p{Lu})/gu;
/** An e-mail header's "Name <address>" whose domain is a law firm's or an immigration practice's. */
const HEADER_PERSON = /^[ \t]*(?:From|To|Cc|De|À|A|Expéditeur|Expéditrice|Destinataire)[ \t]*:[ \t]*([^<\n]+?)[ \t]*<[^@>\s]+@([^>\s]+)>/gimu;
const COUNSEL_DOMAIN = new RegExp(String.raw`(?:${partiesJson.counselDomains.join('|')})(?=[.-])`, 'iu');
const CARE_OF = new RegExp(String.raw`^[ \t]*(?:${partiesJson.careOf.join('|')})(?![\p{L}])[ \t]*`, 'iu');

/** "c/o Ms. <name>, Barrister & Solicitor", "Me <name>, avocate": a name whose title after it makes the person counsel. */
export function titledCounsel(page: ReadingPage): Found[] {
  const out: Found[] = [];
  for (const m of page.text.matchAll(COUNSEL_TITLE)) {
    const lineStart = page.text.lastIndexOf('\n', m.index) + 1;
    const before = page.text.slice(lineStart, m.index);
    const careOf = CARE_OF.exec(before)?.[0].length;
    // "Prepared by: <name>, RCIC", "Représentante : Me <name>, avocate": a label before the name is not part of it.
    const label = careOf === undefined ? /^[ \t]*[\p{L}][^:\n]{0,40}:[ \t]*/u.exec(before)?.[0].length : undefined;
    const lead = careOf ?? label ?? before.length - before.trimStart().length;
    const rest = before.slice(lead);
    const person = readPersonName(rest, false);
    // The whole stretch before the title is the name: never a sentence that ends in one.
    if (!person || person.length !== rest.trimEnd().length) continue;
    out.push({ role: 'counsel', name: person.name, start: lineStart + lead, end: lineStart + lead + person.length, stated: true });
  }
  for (const m of page.text.matchAll(MAITRE)) {
    const at = (m.index ?? 0) + m[0].length;
    const person = readPersonName(page.text.slice(at), false);
    if (person) out.push({ role: 'counsel', name: person.name, start: at, end: at + person.length, stated: true });
  }
  for (const m of page.text.matchAll(HEADER_PERSON)) {
    const at = (m.index ?? 0) + m[0].indexOf(m[1]);
    // "To: Harbourview Immigration Law <…>", « À : Cabinet Tremblay Immigration <…> »: the firm of counsel itself.
    const firm = m[1].trim();
    if (COUNSEL_FIRM.test(firm) && COUNSEL_FIRM_NAME.test(firm) && organisationAt(firm)?.end === firm.length) {
      out.push({ role: 'counsel', name: firm, start: at, end: at + firm.length, stated: true });
      continue;
    }
    if (!COUNSEL_DOMAIN.test(m[2])) continue;
    const person = readPersonName(m[1], false);
    if (person && person.length === m[1].trim().length) out.push({ role: 'counsel', name: person.name, start: at, end: at + person.length, stated: true });
  }
  // A signature block: the name on its own line, the counsel's title on the next ("Avocate / Barrister & Solicitor", "RCIC R512345"),
  // or the firm on the next and its title under it ("Halvorsen & Mbeki LLP / Barristers and Solicitors").
  const lines = page.text.split('\n');
  let at = 0;
  const titleLine = (l: string) => TITLE_LINE.test(l) || (l.trim().length <= 60 && COUNSEL_FIRM_LINE.test(l));
  for (const [i, line] of lines.entries()) {
    const next = lines[i + 1] ?? '';
    if (titleLine(next) || (organisationAt(next.trim())?.start === 0 && titleLine(lines[i + 2] ?? ''))) {
      const person = readPersonName(line.trim(), false);
      const lead = line.length - line.trimStart().length;
      if (person && person.length === line.trim().length) out.push({ role: 'counsel', name: person.name, start: at + lead, end: at + lead + person.length, stated: true });
    }
    at += line.length + 1;
  }
  return out;
}


/** A letterhead that is a firm of counsel ("<name> Immigration Consulting — Client intake", « Cabinet <name> »): counsel, as an organisation. */
export function counselLetterhead(page: ReadingPage): Found[] {
  const first = /^\s*([^\n]+)/.exec(page.text);
  if (!first) return [];
  const head = first[1].split(/\s+[-–—|]\s+|\s{2,}|\t/)[0].trim();
  const org = organisationAt(head);
  if (!org || org.start !== 0 || org.end < head.length - 1 || !COUNSEL_FIRM.test(head) || /\d|@/.test(head)) return [];
  const at = page.text.indexOf(head);
  return [{ role: 'counsel', name: org.name, start: at, end: at + org.name.length, stated: true }];
}

const NOT_SCHOOL_LABEL = new RegExp(String.raw`(?<![\p{L}])(?:${partiesJson.notSchoolLabels.join('|')})(?![\p{L}])[^:\n]*:[ \t]*$`, 'iu');

/** Schools named in the file, save one only another person attends ("my sister studies at …") or a field names as something else. */
export function schools(page: ReadingPage): Found[] {
  const out: Found[] = [];
  for (const segment of page.segments) {
    for (const s of institutionsIn(segment.text)) {
      if (CUES.otherPersonWords.test(segment.text.slice(0, s.start))) continue;
      // "Name of regulatory body: College of …": a college that regulates, no school.
      if (NOT_SCHOOL_LABEL.test(segment.text.slice(segment.text.lastIndexOf('\n', s.start - 1) + 1, s.start))) continue;
      out.push({ role: 'school', name: s.name, start: segment.start + s.start, end: segment.start + s.end, stated: true });
    }
  }
  return out;
}
