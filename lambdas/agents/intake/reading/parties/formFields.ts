/**
 * Names in form fields: "Sponsor: …", "Family name: … Given name(s): …", a label on its own line
 * with the value under it, a table's title row and the row under it, "| Sponsor | <name> |", and a
 * section heading that says whose name the fields under it hold.
 */
import type { PartyRole } from '../../../../contracts/caseFacts';
import partiesJson from '../lexicons/parties.json';
import { companiesIn } from '../organisationName';
import { fieldsOfLine, isEmploymentField, isFamilyLabel, isGivenLabel, isOtherFieldLabel, leadingNameTitle, namesApplicant, roleOfLabel, type LineField } from '../partyFields';
import { nameRun, readPersonName } from '../personName';
import type { ReadingDocument, ReadingPage } from '../readingDocument';
import { isNoValue, ORGANISATION_ROLES, organisationValue, type Found } from './found';

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

const WHOLE_SECTION_ROLES = SECTION_ROLES.map(([role, re]): [PartyRole, RegExp] => [role, new RegExp(`^(?:${re.source})$`, 'iu')]);
/** The role a parenthesis right after a name states: "(sponsor)", « (répondante) », "(principal applicant)". */
function roleInParentheses(after: string): PartyRole | undefined {
  const inside = /^\s*\(([^)]{2,40})\)/.exec(after)?.[1].trim();
  if (!inside) return undefined;
  return WHOLE_SECTION_ROLES.find(([, re]) => re.test(inside))?.[0];
}

const APPELLANT = /^(?:appellant|appelante?)$/iu;
const SPONSORSHIP = /(?<![\p{L}])(?:sponsor\p{L}*|parrain\p{L}*|répondante?)(?![\p{L}])/iu;
/**
 * "Appellant: <name>" before the Immigration Appeal Division: in a sponsorship appeal the sponsor
 * appeals the refusal of the family-class application (IRPA 63(1)); in another appeal (a removal
 * order, a residency obligation) the appellant is the person the decision concerns.
 */
function appellantRole(label: string, text: string): PartyRole | undefined {
  if (!APPELLANT.test(label.trim())) return undefined;
  return SPONSORSHIP.test(text) ? 'sponsor' : 'applicant';
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

/** A name's label in a title row: a role's ("Sponsor"), or a name's part ("Family name", "Prénom(s)"). */
const isNameTitle = (text: string) => roleOfLabel(text) !== undefined || isFamilyLabel(text) || isGivenLabel(text);

/**
 * A table's title row ("Family name | Given name(s)", "Student Name   Date of Birth   Student ID"):
 * the row under it holds the values. Every title is a label, at least one of them a name's.
 */
function labelRow(line: string): Cell[] | undefined {
  const cells = cellsOf(line);
  if (cells.length < 2 || line.includes(':') || /\d/.test(line)) return undefined;
  if (!cells.some((c) => isNameTitle(c.text))) return undefined;
  return cells.every((c) => isNameTitle(c.text) || isOtherFieldLabel(c.text)) ? cells : undefined;
}

/** The values of the row under a title row, one field per name column: by column, or by where the cell starts when a cell holds two. */
function columnFields(titles: readonly Cell[], line: string, lineStart: number): LineField[] {
  const cells = cellsOf(line);
  if (cells.length < 2 || labelRow(line)) return [];
  const field = (title: Cell, c: Cell): LineField => ({ label: title.text, value: c.text, labelStart: lineStart + c.at, valueStart: lineStart + c.at, valueEnd: lineStart + c.at + c.text.length });
  if (cells.length === titles.length) return cells.flatMap((c, k) => (isNameTitle(titles[k].text) ? [field(titles[k], c)] : []));
  return titles.flatMap((t) => {
    const under = isNameTitle(t.text) ? cells.find((c) => Math.abs(c.at - t.at) <= 2) : undefined;
    return under ? [field(t, under)] : [];
  });
}

/** The name that opens the row under a squeezed title row, when a number or the end of the line follows it ("Nguyen Thi Mai 2003-11-21 …"). */
function leadingName(label: string, line: string, lineStart: number): LineField | undefined {
  const lead = line.length - line.trimStart().length;
  const person = readPersonName(line.slice(lead), true);
  if (!person || !/^(?:\s*$|\s+\d)/.test(line.slice(lead + person.length))) return undefined;
  const at = lineStart + lead;
  return { label, value: line.slice(lead, lead + person.length), labelStart: at, valueStart: at, valueEnd: at + person.length };
}

/** A line that is only a name's label ("Family name", "Given name(s)", "Sponsor's name"), with no colon. */
export function labelLine(line: string): boolean {
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

export function fromFields(doc: ReadingDocument, page: ReadingPage): Found[] {
  const out: Found[] = [];
  const fields: Array<LineField & { role?: PartyRole; sectioned?: boolean }> = [];
  let lineStart = 0;
  let section: PartyRole | undefined;
  let titles: Cell[] | undefined;
  let squeezed: string | undefined;
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
    const opening = lineFields.length === 0 && squeezed ? leadingName(squeezed, line, lineStart) : undefined;
    if (opening) lineFields.push(opening);
    // Only the row right under the titles: a longer table is a list of other people (children, siblings).
    titles = labelRow(line);
    squeezed = titles ? undefined : leadingNameTitle(line)?.label;
    // "Section A - Sponsor" then "Family name: …": the section says whose name it is.
    if (lineFields.length === 0) section = sectionRole(line) ?? section;
    for (const f of lineFields) {
      const labelled = roleOfLabel(f.label) ?? appellantRole(f.label, page.text);
      const bySection = labelled === 'applicant' && section !== undefined && !namesApplicant(f.label) && (isFamilyLabel(f.label) || isGivenLabel(f.label) || /^(?:full )?name|^nom(?: complet)?$/iu.test(f.label));
      // A section that names the applicant ("PERSON BEING SPONSORED") says so even in the sponsor's form.
      fields.push({ ...f, role: bySection ? section : labelled, ...(bySection ? { sectioned: true } : {}) });
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
    if (!f.role || isNoValue(f.value)) continue;
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
    // "Client: <name> (sponsor)": a role written beside the name outranks the label's.
    const beside = roleInParentheses(f.value.slice(person.length));
    // A relation beside a host's or sponsor's name says how they relate to the applicant, not that they are someone else.
    out.push({ role: beside ?? (relation && role === 'applicant' ? 'other' : role), name: person.name, start: f.valueStart, end: f.valueStart + person.length, stated: true });
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
