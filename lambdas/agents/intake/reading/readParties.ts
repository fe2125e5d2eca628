/**
 * The people and organisations of the file, by role: form fields ("Sponsor: …", "Family name: …
 * Given name(s): …", "Nom de l'employeur : …"), the prose that states a role (partyProse.ts), the
 * letterhead and legal names of employers, the names of schools, the addressee of a decision and
 * the signature of a letter. A role stated by the text wins over one guessed from the layout.
 */
import type { Party, PartyRole } from '../../../contracts/caseFacts';
import type { DocumentType } from '../../../contracts/intakeOutput';
import { CUES, phrases } from './lexicon';
import partiesJson from './lexicons/parties.json';
import { companiesIn, institutionsIn, organisationAt } from './organisationName';
import { fieldsOfLine, isEmploymentField, isFamilyLabel, isGivenLabel, namesApplicant, roleOfLabel, type LineField } from './partyFields';
import { namedInProse } from './partyProse';
import { nameRun, readPersonName } from './personName';
import { quoteOf, type ReadingDocument, type ReadingPage } from './readingDocument';

interface Found {
  role: PartyRole;
  name: string;
  start: number;
  end: number;
  /** Stated by a label or a sentence; otherwise guessed from the layout. */
  stated: boolean;
}

const ORGANISATION_ROLES = new Set<PartyRole>(['employer', 'school', 'other']);
const ORGANISATION = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}&'’.,()\- ]{1,80}$/u;
const NONE = /^(?:n\/?a|none|aucun|aucune|néant|sans objet|yes|no|oui|non|-+)$/iu;
const EMPLOYMENT_WORDS = phrases(partiesJson.employmentWords);
const WORK_WORDS = phrases(partiesJson.workWords);
/** A French article before the name ("au sein de la Clinique …") is no part of it. */
const EMPLOYED_AT = new RegExp(String.raw`(?<![\p{L}])(?:${partiesJson.employedAt.join('|')})\s+(?:(?:la|le|les)\s+|l['’]\s*)?["“«]?\s*(?=[\p{Lu}\d])`, 'giu');
const LETTERHEAD_NOT_A_NAME = phrases(partiesJson.letterheadNotAName);
const FIRST_PERSON = phrases(partiesJson.firstPersonStatement);
const SPONSOR_WRITES = new RegExp(String.raw`(?<![\p{L}])(?:${partiesJson.sponsoredVerbs.join('|')})\s+(?:my|mon|ma)\s`, 'iu');
/** An address line: a number with words, a post-office box, a street word ("14, rue des Tanneurs", "P.O. Box 2217"). */
const ADDRESS_LINE = new RegExp(String.raw`^(?:\d{1,6}[A-Za-z]?[,]?\s+\p{L}|(?:${partiesJson.addressWords.join('|')})(?![\p{L}]))|(?<![\p{L}])(?:${partiesJson.addressWords.join('|')})(?![\p{L}])`, 'iu');
/** An officer's title on the line under a signature ("Immigration Officer", "Agent d'immigration"). */
const OFFICER_TITLE = new RegExp(String.raw`^[ \t]*(?:${partiesJson.officerTitles.join('|')})(?![\p{L}])`, 'iu');
/** A commissioner's or notary's signature under a declaration is not the declarant's. */
const WITNESS = phrases(partiesJson.witnessWords);
const EMPLOYER_DOCUMENTS = new Set(['employment-letter', 'job-offer', 'pay-stubs', 'lmia']);
/** A decision's addressee: "Dear Ms. <name>,", "MR. <NAME>", "Madame <name>". */
const HONORIFIC = String.raw`(?:${partiesJson.honorifics.join('|')})\.?\s+`;
const ADDRESSEE = new RegExp(String.raw`^[ \t]*(?:(?:${partiesJson.greetings.join('|')})\s+(?:${HONORIFIC})?|${HONORIFIC})`, 'iu');
const TITLED = new RegExp(`^${HONORIFIC}`, 'iu');
/** A case header's "FAMILY, Given" (GCMS notes, consular notices). */
const SECTION_ROLES = Object.entries(partiesJson.sectionHeadings).map(([role, list]): [PartyRole, RegExp] => [role as PartyRole, new RegExp(String.raw`(?<![\p{L}])(?:${(list as string[]).join('|')})(?![\p{L}])`, 'iu')]);
/** The role a form section's heading gives the name fields under it: the one it names first. */
function sectionRole(line: string): PartyRole | undefined {
  const t = line.trim();
  if (t.length < 3 || t.length > 110 || /[.;]$/.test(t)) return undefined;
  let best: { role: PartyRole; at: number } | undefined;
  for (const [role, re] of SECTION_ROLES) {
    const m = re.exec(t);
    // "Has the sponsor been previously married? Yes": the fields under a previous marriage are that spouse's.
    if (m && role === 'previous-spouse') return role;
    if (m && (!best || m.index < best.at)) best = { role, at: m.index };
  }
  return best?.role;
}
/** A contract's defined party: "(the "Employer")", "(l'« Employée »)". */
const DEFINED_ROLES = Object.entries(partiesJson.definedParties).map(([role, list]): [PartyRole, RegExp] => [role as PartyRole, new RegExp(`^(?:${(list as string[]).join('|')})$`, 'iu')]);
const DEFINED = new RegExp(String.raw`\(\s*(?:the|l['’]|le|la)\s*["“«]?\s*(\p{L}+)\s*["”»]?\s*\)|,?[ \t]*\(?(?:${partiesJson.definedAfter.join('|')})[ \t]+(?:the[ \t]+|l['’]|le[ \t]+|la[ \t]+)?["“«]?[ \t]*(\p{L}+)`, 'giu');
/** "between …", "Entre : …", "Et : …": where a party's name starts. */
const LIST_START = new RegExp(String.raw`(?<![\p{L}])(?:${partiesJson.partyListStart.join('|')})(?:[ \t]*:)?\s+`, 'giu');
const HEADER_NAME = /(?:^|[-|]\s+)(\p{Lu}[\p{Lu}\p{M}'’-]+(?:\s+\p{Lu}[\p{Lu}\p{M}'’-]+)*,\s+\p{Lu}[\p{L}\p{M}'’-]+(?:\s+\p{Lu}[\p{L}\p{M}'’-]+)*)/mu;

/** An organisation field's value up to the first comma, parenthesis, dash or run of spaces. */
function organisationValue(value: string): string | undefined {
  const name = value.split(/\s*(?:,(?!\s*(?:inc|ltd|ltée|llc)\b)|\(|\s[-–]\s|\||\s{2,})/iu)[0].trim();
  return name && ORGANISATION.test(name) && !NONE.test(name) && /^[\p{Lu}\d]/u.test(name) ? name : undefined;
}

interface Cell {
  text: string;
  /** Offset in its line. */
  at: number;
}

/** The cells of a table line (separated by bars, tabs or runs of spaces). */
function cellsOf(line: string): Cell[] {
  if (!/\||\t| {3,}/.test(line)) return [];
  return [...line.matchAll(/[^|\t]+?(?=[ \t]*(?:\||\t| {3,}|$))/g)].map((m) => ({ text: m[0].trim(), at: m.index + m[0].length - m[0].trimStart().length })).filter((c) => c.text.length > 0);
}

/** A table's title row of name labels ("Family name | Given name(s)"): the row under it holds the values. */
function labelRow(line: string): Cell[] | undefined {
  const cells = cellsOf(line);
  if (cells.length < 2 || line.includes(':')) return undefined;
  return cells.every((c) => roleOfLabel(c.text) || isFamilyLabel(c.text) || isGivenLabel(c.text)) ? cells : undefined;
}

/** The values of the row under a title row of name labels, one field per column. */
function columnFields(titles: readonly Cell[], line: string, lineStart: number): LineField[] {
  const cells = cellsOf(line);
  if (cells.length !== titles.length || labelRow(line)) return [];
  return cells.map((c, k) => ({ label: titles[k].text, value: c.text, labelStart: lineStart + c.at, valueStart: lineStart + c.at, valueEnd: lineStart + c.at + c.text.length }));
}

/** A line that is only a name's label ("Family name", "Given name(s)", "Sponsor's name"), with no colon. */
function labelLine(line: string): boolean {
  const t = line.trim();
  return t.length > 0 && t.length <= 50 && !/[:|\t]| {3,}/.test(t) && (roleOfLabel(t) !== undefined || ((isFamilyLabel(t) || isGivenLabel(t)) && /names?|nom|prénom/iu.test(t)));
}

/** The value on the line under a label line: the whole line is a name (a family name alone, or given names). */
function valueUnder(above: { label: string; labelStart: number }, line: string, lineStart: number): LineField | undefined {
  const t = line.trim();
  if (!t || t.length > 60 || /[:|\t]/.test(t) || labelLine(line)) return undefined;
  const family = isFamilyLabel(above.label) || isGivenLabel(above.label);
  const role = roleOfLabel(above.label);
  const whole = family ? nameRun(t) === t : role && ORGANISATION_ROLES.has(role) ? organisationValue(t) === t : readPersonName(t, true)?.length === t.length;
  if (!whole) return undefined;
  const at = lineStart + line.indexOf(t);
  return { label: above.label, value: t, labelStart: above.labelStart, valueStart: at, valueEnd: at + t.length };
}

/** A line that gives a sample ("Example: Family name: SAMPLE"): nobody's name. */
const EXAMPLE = new RegExp(String.raw`(?<![\p{L}])(?:${partiesJson.exampleMarkers.join('|')})(?![\p{L}])`, 'iu');

/** "| Sponsor | Ahmed Al-Farsi |": a table row whose first cell names a role holds that party's name in the next. */
function tableField(line: string, lineStart: number): LineField | undefined {
  const cells = cellsOf(line);
  if (cells.length < 2 || !roleOfLabel(cells[0].text) || labelRow(line)) return undefined;
  const [label, value] = cells;
  return { label: label.text, value: value.text, labelStart: lineStart + label.at, valueStart: lineStart + value.at, valueEnd: lineStart + value.at + value.text.length };
}

function fromFields(doc: ReadingDocument, page: ReadingPage): Found[] {
  const out: Found[] = [];
  const fields: Array<LineField & { role?: PartyRole; sectioned?: boolean }> = [];
  let lineStart = 0;
  let section: PartyRole | undefined;
  let titles: Cell[] | undefined;
  let above: { label: string; labelStart: number } | undefined;
  for (const line of page.text.split('\n')) {
    if (EXAMPLE.test(line)) {
      lineStart += line.length + 1;
      continue;
    }
    const lineFields = fieldsOfLine(line, lineStart);
    const row = lineFields.length === 0 ? tableField(line, lineStart) : undefined;
    if (row) lineFields.push(row);
    // A form's text layer may put the label on its own line and the value under it ("Family name" / "OKAFOR").
    const under = lineFields.length === 0 && above ? valueUnder(above, line, lineStart) : undefined;
    if (under) lineFields.push(under);
    above = lineFields.length === 0 && !under && labelLine(line) ? { label: line.trim(), labelStart: lineStart + line.indexOf(line.trim()) } : undefined;
    if (lineFields.length === 0 && titles) lineFields.push(...columnFields(titles, line, lineStart));
    // Only the row right under the titles: a longer table is a list of other people (children, siblings).
    titles = labelRow(line);
    // "Section A - Sponsor" then "Family name: …": the section says whose name it is.
    if (lineFields.length === 0) section = sectionRole(line) ?? section;
    for (const f of lineFields) {
      const labelled = roleOfLabel(f.label);
      const role = labelled === 'applicant' && section && !namesApplicant(f.label) && (isFamilyLabel(f.label) || isGivenLabel(f.label) || /^(?:full )?name|^nom(?: complet)?$/iu.test(f.label)) ? section : labelled;
      fields.push({ ...f, role, ...(role !== labelled ? { sectioned: true } : {}) });
    }
    lineStart += line.length + 1;
  }
  const parts = new Map<PartyRole, { family?: LineField; given?: LineField }>();
  for (const f of fields) {
    if (isEmploymentField(f.label)) {
      // "Offer: Line Cook, <Company> Ltd., <town>", "Emploi actuel : ingénieur, <Employer>, <ville>".
      const company = companiesIn(f.value)[0];
      const parts = f.value.split(/\s*,\s*/);
      const named = company?.name ?? (parts.length >= 2 && /^\p{Ll}/u.test(parts[0]) ? organisationValue(parts[1]) : undefined);
      const at = named ? page.text.indexOf(named, f.valueStart) : -1;
      if (named && at >= 0) out.push({ role: 'employer', name: named, start: at, end: at + named.length, stated: true });
      continue;
    }
    if (!f.role || NONE.test(f.value)) continue;
    const role: PartyRole = f.sectioned ? f.role : f.role === 'applicant' && doc.author === 'sponsor' && !namesApplicant(f.label) ? 'sponsor' : f.role === 'spouse-or-partner' && doc.author === 'sponsor' ? 'applicant' : f.role;
    if (ORGANISATION_ROLES.has(role) && (role !== 'other' || !readPersonName(f.value, true))) {
      const name = organisationValue(f.value);
      if (name) out.push({ role, name, start: f.valueStart, end: f.valueStart + name.length, stated: true });
      continue;
    }
    const bareName = /^(?:name|nom)$/iu.test(f.label) && !f.value.includes(',');
    if (isFamilyLabel(f.label) || isGivenLabel(f.label) || bareName) {
      const entry = parts.get(role) ?? {};
      if (isGivenLabel(f.label)) entry.given ??= f;
      else if (isFamilyLabel(f.label) || !entry.family) entry.family ??= f;
      parts.set(role, entry);
      if (!bareName) continue;
    }
    const person = readPersonName(f.value, true);
    if (!person) continue;
    // "(father)", "(father of the student)", "(mère de la demanderesse)": a relative of the applicant.
    const relation = new RegExp(String.raw`^\s*\((?:${partiesJson.relations.other.join('|')})(?:[ \t]+(?:of|de|du|d['’])[^)]*)?\)`, 'iu').test(f.value.slice(person.length));
    // A relation beside a host's or sponsor's name says how they relate to the applicant, not that they are someone else.
    out.push({ role: relation && role === 'applicant' ? 'other' : role, name: person.name, start: f.valueStart, end: f.valueStart + person.length, stated: true });
  }
  for (const [role, { family, given }] of parts) {
    const familyName = family && nameRun(family.value);
    const givenName = given && nameRun(given.value);
    if (!familyName || !givenName) continue;
    // "Family name: DOE" and "Given name(s): Jane" are one person; a bare "Name:" read whole is replaced.
    const whole = out.findIndex((p) => p.start === family.valueStart);
    if (whole >= 0) out.splice(whole, 1);
    const [first, last] = family.valueStart < given.valueStart ? [family, given] : [given, family];
    out.push({ role, name: `${givenName} ${familyName}`, start: first.labelStart, end: last.valueStart + last.value.length, stated: true });
  }
  return out;
}

const TITLE_AT_END = new RegExp(String.raw`(?<![\p{L}])(?:${partiesJson.honorifics.join('|')})\.?\s+$`, 'iu');
const NOT_A_PERSON = new Set(partiesJson.notAPerson);
/** "Dear Mr. Haddad:", "Madame Kouassi,": a family name alone after a title names the addressee. */
function surnameAfterTitle(greeting: string, after: string): { name: string; length: number } | undefined {
  if (!TITLE_AT_END.test(greeting)) return undefined;
  const m = /^(\p{Lu}[\p{L}\p{M}'’]+(?:-\p{Lu}[\p{L}\p{M}'’]+)*)(?=\s*[,:]?\s*$)/u.exec(after);
  return m && !NOT_A_PERSON.has(m[1].toLowerCase()) ? { name: m[1], length: m[1].length } : undefined;
}

/** The parties a contract defines: "between <company> (the "Employer") and <person> (the "Employee")". */
function definedParties(page: ReadingPage): Found[] {
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

const CLOSING = new RegExp(String.raw`^[ \t]*(?:${partiesJson.closings.join('|')})[ \t]*[,.]?[ \t]*$`, 'iu');
const SUBJECT_LINE = new RegExp(String.raw`^[ \t]*(?:${partiesJson.subjectLabels.join('|')})[ \t]*:[^\n]*\s[-–][ \t]+(?=\p{Lu})`, 'gimu');
/** Documents whose closing is signed by someone who is no party to the application (an officer, an employer's HR). */
const SIGNED_BY_OTHERS = new Set<DocumentType>(['refusal-letter', 'gcms-notes', 'employment-letter', 'job-offer', 'pay-stubs', 'lmia', 'letter-of-acceptance', 'bank-statement', 'proof-of-funds']);

/** "Re: <name>", "Objet : <name> (UCI 1234-5678)": a subject line that is a name, save for the file's numbers after it. */
const SUBJECT_NAME = new RegExp(String.raw`^([ \t]*(?:${partiesJson.subjectLabels.join('|')})[ \t]*:[ \t]*)([^\n]+)$`, 'gimu');
const AFTER_SUBJECT_NAME = new RegExp(String.raw`^\s*(?:$|[,(–-]\s*(?=[^\n]*\d)|[,(–-]\s*(?:${partiesJson.subjectNameTail.join('|')})(?![\p{L}]))`, 'iu');
/** "Re: Application of <name> for a study permit", « Objet : demande de <name> »: the name after "of"/"for" in a subject line. */
const SUBJECT_FOR = new RegExp(String.raw`^[ \t]*(?:${partiesJson.subjectLabels.join('|')})[ \t]*:[^\n]*?(?<![\p{L}])(?:${partiesJson.subjectForWords.join('|')})[ \t]+(?=(?:(?:${partiesJson.honorifics.join('|')})\.?[ \t]+)?\p{Lu})`, 'gimu');

/** "Re: Application for a temporary resident visa - <name>": the person the application is for. */
function subjectLine(page: ReadingPage): Found[] {
  const out: Found[] = [];
  for (const m of page.text.matchAll(SUBJECT_NAME)) {
    const person = readPersonName(m[2], true);
    if (!person || !AFTER_SUBJECT_NAME.test(m[2].slice(person.length))) continue;
    const at = m.index + m[1].length;
    out.push({ role: 'applicant', name: person.name, start: at, end: at + person.length, stated: true });
  }
  for (const m of page.text.matchAll(SUBJECT_FOR)) {
    const at = m.index + m[0].length;
    const person = readPersonName(page.text.slice(at, at + 100), false);
    // The name ends the subject or the clause ("… of Jane Doe for a study permit", "… de Jane Doe (IUC …)").
    if (person && /^(?:\s*$|\s*[,(–-]|\s+(?:for|pour|to|à|in|au|en)\s)/mu.test(page.text.slice(at + person.length, at + person.length + 12))) {
      out.push({ role: 'applicant', name: person.name, start: at, end: at + person.length, stated: true });
    }
  }
  for (const m of page.text.matchAll(SUBJECT_LINE)) {
    const at = m.index + m[0].length;
    const person = readPersonName(page.text.slice(at, at + 100), false);
    if (person && /^\s*$/.test(page.text.slice(at + person.length, page.text.indexOf('\n', at) < 0 ? undefined : page.text.indexOf('\n', at)))) {
      out.push({ role: 'applicant', name: person.name, start: at, end: at + person.length, stated: true });
    }
  }
  return out;
}

const FROM_LINE = /^[ \t]*(?:From|De|Expéditeur|Expéditrice|Sender)[ \t]*:[ \t]*([^\n]*)$/gimu;
const TO_LINE = /^([ \t]*(?:To|À|Destinataire)[ \t]*:[ \t]*)([^\n]*)$/gimu;

/** "À : <name>" on an e-mail an organisation sends (an employer's offer, a school's letter): the person it is for. */
function emailAddressee(doc: ReadingDocument, page: ReadingPage): Found[] {
  if (doc.author === 'sponsor' || doc.author === 'inviter') return [];
  const senders = [...page.text.matchAll(FROM_LINE)];
  const tos = [...page.text.matchAll(TO_LINE)];
  // Between two people, who writes decides who the other is; a thread or a person's e-mail is left to the prose.
  if (senders.length !== 1 || tos.length !== 1 || readPersonName(senders[0][1], false)) return [];
  const [line, label, value] = tos[0];
  const person = readPersonName(value, false);
  if (!person || !/^\s*(?:<[^>\s]+>)?\s*$/.test(value.slice(person.length))) return [];
  const at = tos[0].index + label.length;
  return line ? [{ role: 'applicant', name: person.name, start: at, end: at + person.length, stated: false }] : [];
}

/** The addressee of a letter not written by the sponsor or an inviter, and a header's "FAMILY, Given". */
function fromLayout(doc: ReadingDocument, page: ReadingPage): Found[] {
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
      const signedAs: PartyRole | undefined = officer ? 'officer' : titled && !ORGANISATION_ROLES.has(titled) && !['spouse-or-partner', 'previous-spouse'].includes(titled) ? titled : undefined;
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

/** A letter or record about someone's work, typed so or not. */
function isEmploymentDocument(doc: ReadingDocument): boolean {
  if (EMPLOYER_DOCUMENTS.has(doc.type)) return true;
  return doc.type === 'other' && EMPLOYMENT_WORDS.test(doc.pages[0]?.text.slice(0, 1500) ?? '');
}

const TITLED_AT = new RegExp(String.raw`(?<![\p{L}])(?:${partiesJson.honorifics.join('|')})\.?[ \t]+(?=\p{Lu})`, 'giu');
const WORKS_AFTER = new RegExp(String.raw`^[ \t,]*(?:\([^)\n]{1,40}\)[ \t,]*)?(?:${partiesJson.workerAfterName.join('|')})(?![\p{L}])`, 'iu');

/** "Mr. <name> has worked with us since 2018": the employee an employer's letter speaks of. */
function employeeNamed(doc: ReadingDocument, page: ReadingPage, prose: readonly Found[]): Found[] {
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
function employers(doc: ReadingDocument, page: ReadingPage): Found[] {
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
  if (isEmploymentDocument(doc) && page.page === doc.pages[0]?.page) {
    let lineStart = 0;
    for (const line of page.text.split('\n').slice(0, 3)) {
      const head = line.split(/\s+[-–|]\s+|\s{2,}|\t/)[0].trim();
      const at = page.text.indexOf(head, lineStart);
      lineStart += line.length + 1;
      if (!head || /\d|[.:;,]|@/.test(head) || LETTERHEAD_NOT_A_NAME.test(head) || ADDRESSEE.test(head) || labelLine(head)) continue;
      const words = head.split(/\s+/);
      // A one-word letterhead ("HALDENWORKS") is a name when the letter names it again below.
      const repeated = words.length === 1 && head.length >= 4 && new RegExp(String.raw`(?<![\p{L}])${head.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\p{L}])`, 'iu').test(page.text.slice(lineStart));
      if ((words.length < 2 && !repeated) || words.length > 9 || !/^\p{Lu}/u.test(head)) continue;
      out.push({ role: 'employer', name: head, start: at, end: at + head.length, stated: false });
    }
  }
  return out;
}

const COUNSEL_TITLE = new RegExp(String.raw`,[ \t]*(?:${partiesJson.counselTitles.join('|')})(?![\p{L}])`, 'giu');
const TITLE_LINE = new RegExp(String.raw`^[ \t]*(?:${partiesJson.counselTitles.join('|')})(?![\p{L}])`, 'iu');
const CARE_OF = new RegExp(String.raw`^[ \t]*(?:${partiesJson.careOf.join('|')})(?![\p{L}])[ \t]*`, 'iu');

/** "c/o Ms. <name>, Barrister & Solicitor", "Me <name>, avocate": a name whose title after it makes the person counsel. */
function titledCounsel(page: ReadingPage): Found[] {
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
  // A signature block: the name on its own line, the counsel's title on the next ("Avocate / Barrister & Solicitor", "RCIC R512345").
  const lines = page.text.split('\n');
  let at = 0;
  for (const [i, line] of lines.entries()) {
    const next = lines[i + 1] ?? '';
    if (TITLE_LINE.test(next)) {
      const person = readPersonName(line.trim(), false);
      const lead = line.length - line.trimStart().length;
      if (person && person.length === line.trim().length) out.push({ role: 'counsel', name: person.name, start: at + lead, end: at + lead + person.length, stated: true });
    }
    at += line.length + 1;
  }
  return out;
}

const NOT_SCHOOL_LABEL = new RegExp(String.raw`(?<![\p{L}])(?:${partiesJson.notSchoolLabels.join('|')})(?![\p{L}])[^:\n]*:[ \t]*$`, 'iu');

/** Schools named in the file, save one only another person attends ("my sister studies at …") or a field names as something else. */
function schools(page: ReadingPage): Found[] {
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

/** "That I am the mother of <name>", "Je suis le père de …": the one who writes is the applicant's relative. */
const AUTHOR_IS_RELATIVE = new RegExp(String.raw`(?<![\p{L}])(?:[Ii] am|[Ii]['’]m|[Jj]e suis)[ \t]+(?:the[ \t]+|le[ \t]+|la[ \t]+|l['’])?(?:${partiesJson.relations.other.join('|')})[ \t]+(?:of|de|du|d['’])[ \t]*(?:my[ \t]+|mon[ \t]+|ma[ \t]+)?\p{Lu}`, 'u');

export function readParties(read: ReadingDocument): Party[] {
  // "Re: Sponsorship of my husband": a letter the sponsor writes, whatever its type.
  const sponsorWrites = read.author === 'applicant' && read.pages.some((p) => SPONSOR_WRITES.test(p.text));
  const relativeWrites = read.author === 'applicant' && !sponsorWrites && read.pages.some((p) => AUTHOR_IS_RELATIVE.test(p.text.replace(/\s+/g, ' ')));
  const doc = sponsorWrites ? { ...read, author: 'sponsor' as const } : relativeWrites ? { ...read, author: 'other' as const } : read;
  const found: Array<Found & { page: ReadingPage }> = [];
  for (const page of doc.pages) {
    // "Je soussignée, <name>, gérante de …" in an employer's letter is its signatory, not the applicant.
    const prose = namedInProse(page.text, isEmploymentDocument(doc) && doc.author === 'applicant' ? 'other' : doc.author);
    for (const f of [...fromFields(doc, page), ...prose, ...titledCounsel(page), ...definedParties(page), ...subjectLine(page), ...employers(doc, page), ...employeeNamed(doc, page, prose), ...schools(page), ...fromLayout(doc, page)]) found.push({ ...f, page });
  }
  const key = (n: string) => n.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  const statedRoles = new Map<string, Set<PartyRole>>();
  for (const f of found.filter((x) => x.stated)) statedRoles.set(key(f.name), new Set([...(statedRoles.get(key(f.name)) ?? []), f.role]));
  // An employer's letterhead that is also a school's name is the school; a guessed role yields to a stated one.
  const schoolNames = new Set(found.filter((f) => f.role === 'school').map((f) => key(f.name)));
  return found
    .filter((f) => f.stated || !statedRoles.has(key(f.name)) || statedRoles.get(key(f.name))!.has(f.role))
    .filter((f) => !(f.role === 'employer' && !f.stated && schoolNames.has(key(f.name))))
    .map((f) => ({ role: f.role, name: f.name, evidence: quoteOf(doc, f.page, f.start, f.end), confidence: f.stated ? 0.8 : 0.6, source: 'rules' as const }));
}
