/**
 * The labelled fields of a form line that name someone: "Sponsor: …", "Family name: …  Given
 * name(s): …", "Répondant : …  Personne parrainée : …". A line may hold several fields, and a PDF's
 * text layer joins them with single spaces, so each field's label is found back from its colon:
 * a known label first, otherwise the lower-case words before the colon and the capitalised word
 * that opens them ("Principal applicant", "Date of birth").
 */
import type { PartyRole } from '../../../contracts/caseFacts';
import { phrases } from './lexicon';
import partiesJson from './lexicons/parties.json';

export interface LineField {
  label: string;
  value: string;
  /** Offsets in the page text. */
  labelStart: number;
  valueStart: number;
  valueEnd: number;
}

const ROLE_LABELS = Object.entries(partiesJson.fieldLabels).map(([role, list]) => ({ role: role as PartyRole, whole: new RegExp(`^(?:${list.join('|')})$`, 'iu'), atEnd: new RegExp(`(?<![\\p{L}'’])(?:${list.join('|')})(?:\\s+(?:and|&|et)\\s+(?:address|adresse))?\\s*$`, 'iu') }));
const NOT_A_NAME_LABEL = phrases(partiesJson.labelNotAName);
const EMPLOYMENT_FIELD = new RegExp(`^(?:${partiesJson.employmentFields.join('|')})$`, 'iu');
const CONNECTIVE = /^(?:[\p{Ll}][\p{L}'’().#/-]*|#|\(s\)|no\.?|n°|d['’]\p{L}*|l['’]\p{L}*)$/u;

/** Where the label of the colon at `colon` begins, no earlier than `from`. */
function labelStart(line: string, from: number, colon: number): number {
  // A separator (a bar, a tab, a run of spaces) bounds the label.
  const separator = /(?:\||\t| {2,}|\s[-–]\s)(?![^]*(?:\||\t| {2,}|\s[-–]\s))/.exec(line.slice(from, colon));
  const start = from + (separator ? separator.index + separator[0].length : 0);
  const chunk = line.slice(start, colon);
  const known = ROLE_LABELS.map(({ atEnd }) => atEnd.exec(chunk)?.index).filter((i): i is number => i !== undefined);
  if (known.length) {
    const at = Math.min(...known);
    // A bilingual label ("Given name(s) / Prénom(s)", "Family name / Nom de famille") is one label.
    const first = /(?:^|\s)([^/]{2,40}?)\s*\/\s*$/u.exec(chunk.slice(0, at));
    const whole = first && ROLE_LABELS.some(({ whole }) => whole.test(first[1].trim())) ? chunk.lastIndexOf(first[1], at) : -1;
    return start + (whole >= 0 ? whole : at);
  }
  // The line's first label is the whole chunk before its colon, after any sentence before it ("Received 2022-09-12. Offer:").
  if (from === 0) {
    const sentence = /[.!?]\s+(?=\p{Lu})(?![^]*[.!?]\s+\p{Lu})/u.exec(chunk);
    return start + (sentence ? sentence.index + sentence[0].length : chunk.search(/\S|$/));
  }
  const words = [...chunk.matchAll(/\S+/g)];
  let i = words.length - 1;
  while (i > 0 && CONNECTIVE.test(words[i][0])) i--;
  return i >= 0 && words[i] ? start + (words[i].index ?? 0) : colon;
}

/** The "label: value" fields of one line (offsets from `lineStart`). */
export function fieldsOfLine(line: string, lineStart: number): LineField[] {
  // Colons of labels, not of times (08:12) or addresses (https://).
  const colons = [...line.matchAll(/[ \t]?[:：]/g)].map((m) => (m.index ?? 0) + m[0].length - 1).filter((i) => !(/\d/.test(line[i - 1] ?? '') && /\d/.test(line[i + 1] ?? '')) && line[i + 1] !== '/');
  const out: LineField[] = [];
  let from = 0;
  const starts = colons.map((c, k) => {
    const s = labelStart(line, from, c);
    from = c + 1;
    return s;
  });
  for (const [k, colon] of colons.entries()) {
    const end = k + 1 < colons.length ? starts[k + 1] : line.length;
    const raw = line.slice(colon + 1, end);
    const lead = raw.length - raw.trimStart().length;
    const value = raw.trim().replace(/^[-|]\s*|\s*[|-]$/g, '');
    const label = line.slice(Math.max(0, starts[k]), colon).trim().replace(/^[-•*▪|]\s*/, '');
    if (!label || !value) continue;
    out.push({ label, value, labelStart: lineStart + starts[k], valueStart: lineStart + colon + 1 + lead, valueEnd: lineStart + end });
  }
  return out;
}

/** The role a label gives the person it names, if any: "Sponsor's family name" → sponsor. */
export function roleOfLabel(label: string): PartyRole | undefined {
  if (label.length > 60) return undefined;
  // "Employee's name and address": the value opens with the name, the address follows it.
  const l = label.replace(/\s+/g, ' ').trim().replace(/\s+(?:and|&|et)\s+(?:address|adresse)$/iu, '');
  if (NOT_A_NAME_LABEL.test(l)) return undefined;
  // A bilingual label ("Family name / Nom de famille") has the role of either half.
  const halves = l.split(/\s*\/\s*/).filter((h) => h.length > 1);
  for (const h of [l, ...(halves.length === 2 ? halves : [])]) {
    const role = ROLE_LABELS.find(({ whole }) => whole.test(h))?.role;
    if (role) return role;
  }
  return undefined;
}

const LEADING_LABELS = Object.entries(partiesJson.fieldLabels).map(([role, list]) => ({ role: role as PartyRole, at: new RegExp(`^(?:${list.join('|')})(?=[ \\t])`, 'iu') }));

/**
 * The name's label that opens a table's title row whose spaces a PDF squeezed out ("Student Name
 * Date of Birth Student ID"): a label that says "name", with only other fields' labels after it.
 */
export function leadingNameTitle(line: string): { label: string; role: PartyRole } | undefined {
  const t = line.trim();
  if (t.length > 90 || /[:\d|\t]/.test(t)) return undefined;
  for (const { role, at } of LEADING_LABELS) {
    const m = at.exec(t);
    if (!m || !/(?<![\p{L}])(?:names?|nom)(?![\p{L}])/iu.test(m[0])) continue;
    const rest = t.slice(m[0].length).trim();
    if (rest && NOT_A_NAME_LABEL.test(rest) && /^(?:\p{Lu}[\p{L}'’./()-]*|of|de|du|des|d['’]\p{L}+|and|et|&)(?:\s+(?:\p{Lu}[\p{L}'’./()-]*|of|de|du|des|d['’]\p{L}+|and|et|&))*$/u.test(rest)) return { label: m[0], role };
  }
  return undefined;
}

/** A label about something other than a name ("Date of birth", "Student ID", « Citoyenneté »). */
export const isOtherFieldLabel = (label: string) => NOT_A_NAME_LABEL.test(label.replace(/\s+/g, ' ').trim());
export const isEmploymentField = (label: string) => EMPLOYMENT_FIELD.test(label.replace(/\s+/g, ' ').trim());
/** A label that names the family part of a name ("Family name", "Nom de famille", "Sponsor's surname"). */
export const isFamilyLabel = (label: string) => /family|surname|last name|nom de famille/iu.test(label);
/** A label that names the given part ("Given name(s)", "Prénom(s)"). */
export const isGivenLabel = (label: string) => /given|first name|prénom/iu.test(label);
/** A label that says outright it is the applicant's (not merely "Name", which a sponsor's form also has). */
export const namesApplicant = (label: string) => /applicant|demandeu|demanderesse|parrainée|sponsored|student|étudiant|client/iu.test(label);
