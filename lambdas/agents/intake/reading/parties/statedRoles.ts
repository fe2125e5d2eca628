/**
 * Names the text states a role for: a contract's defined parties ("<company> (the "Employer")") and
 * a subject line that names the person the letter is about ("Re: <name>", « Objet : demande de <name> »).
 */
import type { PartyRole } from '../../../../contracts/caseFacts';
import partiesJson from '../lexicons/parties.json';
import { organisationAt } from '../organisationName';
import { readPersonName } from '../personName';
import type { ReadingPage } from '../readingDocument';
import { ORGANISATION_ROLES, TITLED, type Found } from './found';

/** A contract's defined party: "(the "Employer")", "(l'« Employée »)". */
const DEFINED_ROLES = Object.entries(partiesJson.definedParties).map(([role, list]): [PartyRole, RegExp] => [role as PartyRole, new RegExp(`^(?:${(list as string[]).join('|')})$`, 'iu')]);
const DEFINED = new RegExp(String.raw`\(\s*(?:the|l['’]|le|la)\s*["“«]?\s*(\p{L}+)\s*["”»]?\s*\)|,?[ \t]*\(?(?:${partiesJson.definedAfter.join('|')})[ \t]+(?:the[ \t]+|l['’]|le[ \t]+|la[ \t]+)?["“«]?[ \t]*(\p{L}+)`, 'giu');
/** "between …", "Entre : …", "Et : …": where a party's name starts. */
const LIST_START = new RegExp(String.raw`(?<![\p{L}])(?:${partiesJson.partyListStart.join('|')})(?:[ \t]*:)?\s+`, 'giu');

/** The parties a contract defines: "between <company> (the "Employer") and <person> (the "Employee")". */
export function definedParties(page: ReadingPage): Found[] {
  const out: Found[] = [];
  for (const m of page.text.matchAll(DEFINED)) {
    const role = DEFINED_ROLES.find(([, re]) => re.test(m[1] ?? m[2]))?.[0];
    if (!role) continue;
    // The name opens the stretch after the nearest "between"/"and"/"entre"/"et" before the label.
    const window = page.text.slice(Math.max(0, m.index - 200), m.index);
    const starts = [...window.matchAll(LIST_START)];
    const last = starts[starts.length - 1];
    if (!last) continue;
    const from = Math.max(0, m.index - 200) + last.index + last[0].length;
    const chunk = page.text.slice(from, m.index);
    if (ORGANISATION_ROLES.has(role)) {
      const org = organisationAt(chunk);
      if (org) out.push({ role, name: org.name, start: from + org.start, end: from + org.end, stated: true });
    } else {
      const person = readPersonName(chunk, false);
      if (person) out.push({ role, name: person.name, start: from, end: from + person.length, stated: true });
    }
  }
  return out;
}

/** A dash in a subject line before a capital: what follows may be the name ("Re: Study permit - Mr. <name>"). */
const SUBJECT_DASH = /\s[-–—][ \t]+(?=\p{Lu})/gu;
/** "Re: <name>", "Objet : <name> (UCI 1234-5678)": a subject line that is a name, save for the file's numbers after it. */
const SUBJECT_NAME = new RegExp(String.raw`^([ \t]*(?:${partiesJson.subjectLabels.join('|')})[ \t]*:[ \t]*)([^\n]+)$`, 'gimu');
const AFTER_SUBJECT_NAME = new RegExp(String.raw`^\s*(?:$|[,(–—-]\s*(?=[^\n]*\d)|[,(–—-]\s*(?:${partiesJson.subjectNameTail.join('|')})(?![\p{L}]))`, 'iu');
/** "Re: Application of <name> for a study permit", « Objet : demande de <name> »: the name after "of"/"for" in a subject line, wherever that word is. */
const SUBJECT_FOR = new RegExp(String.raw`(?<![\p{L}])(?:${partiesJson.subjectForWords.join('|')})[ \t]+`, 'giu');

/** "Re: Application for a temporary resident visa - <name>": the person the application is for. */
export function subjectLine(page: ReadingPage): Found[] {
  const out: Found[] = [];
  for (const m of page.text.matchAll(SUBJECT_NAME)) {
    const person = readPersonName(m[2], true);
    if (!person || !AFTER_SUBJECT_NAME.test(m[2].slice(person.length))) continue;
    const at = m.index + m[1].length;
    out.push({ role: 'applicant', name: person.name, start: at, end: at + person.length, stated: true });
  }
  for (const line of page.text.matchAll(SUBJECT_NAME)) {
    const valueAt = line.index + line[1].length;
    // « Demande de permis … de M. <name> »: the first "de" may open no name; the one that does counts.
    for (const m of line[2].matchAll(SUBJECT_FOR)) {
      const at = valueAt + m.index + m[0].length;
      const person = readPersonName(page.text.slice(at, at + 100), false);
      // The name ends the subject or the clause ("… of Jane Doe for a study permit", "… de Jane Doe (IUC …)").
      if (!person || !/^(?:\s*$|\s*[,(–—-]|\s+(?:for|pour|to|à|in|au|en)\s)/mu.test(page.text.slice(at + person.length, at + person.length + 12))) continue;
      out.push({ role: 'applicant', name: person.name, start: at, end: at + person.length, stated: true });
      break;
    }
  }
  for (const line of page.text.matchAll(SUBJECT_NAME)) {
    const valueAt = line.index + line[1].length;
    const lineEnd = valueAt + line[2].length;
    for (const dash of line[2].matchAll(SUBJECT_DASH)) {
      const at = valueAt + dash.index + dash[0].length;
      const person = readPersonName(page.text.slice(at, lineEnd), false);
      if (!person) continue;
      // The name ends the line, save the file's numbers after it ("… - Mr. <name> (UCI 1120-5581)"), or
      // stands between two dashes with a title or a family name in capitals ("… — Mme <name> NDIAYE — observations").
      const rest = page.text.slice(at + person.length, lineEnd);
      const between = /^\s[-–—]\s/u.test(rest) && (TITLED.test(page.text.slice(at, at + 12)) || /(?:^|\s)\p{Lu}{2,}(?:\s|$)/u.test(person.name));
      if (!between && !AFTER_SUBJECT_NAME.test(rest)) continue;
      out.push({ role: 'applicant', name: person.name, start: at, end: at + person.length, stated: true });
      break;
    }
  }
  return out;
}
