/**
 * Passport validity: the passport's expiry (passport page, its machine-readable zone, the passport
 * section of the forms) against today and against the end of the intended stay (the program's
 * completion, the end of the employment, the end of the visit). A compliance issue, not a refusal
 * trigger: no provision is claimed. Severities and fixes are rows of findings/severityRules.json.
 */
import type { ApplicationType, Evidence } from '../../../contracts/intakeOutput';
import { findLabeled } from '../../../core/caseText/profileFinders';
import { type CaseDocument, evidenceList, quoteOf } from './caseDocuments';
import { listNames } from './consistencyIssue';
import { bundledConsistencyRules, type ConsistencyRules, fillDates, rx } from './consistencyRules';
import { HEADING } from './employmentHistory';
import { compareDates, isoOf, type DateParts, parseCertainDate } from '../../../core/text/dates';

/** The compliance issues this check can raise; each is a row of findings/severityRules.json. */
export const PASSPORT_VALIDITY_CODES = ['passport-expired', 'passport-expires-before-stay-ends'] as const;
export type PassportValidityCode = (typeof PASSPORT_VALIDITY_CODES)[number];

type Rules = ConsistencyRules['passportValidity'];

/** A date one document gives, with the verbatim quote it was read from. */
export interface DatedReading {
  date: DateParts;
  doc: CaseDocument;
  evidence: Evidence;
}

/** What the check found, before the rule table gives it a severity and a fix. */
export interface PassportValidityIssue {
  code: PassportValidityCode;
  /** Plain sentences naming both dates and the documents they come from. */
  summary: string;
  /** The expiry as each document that gives the earliest one writes it; then the end of the stay. */
  evidence: Evidence[];
  /** The documents that give the dates, then the other documents that show the passport's number. */
  documents: string[];
}

export interface PassportValidityOptions {
  applicationType: ApplicationType;
  today: DateParts;
  rules?: ConsistencyRules;
}

/** `[start, end)` of the passport sections of a form page (after their heading, up to the next heading). */
function passportSections(text: string, sectionHeading: RegExp): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let open: number | undefined;
  let offset = 0;
  for (const line of text.split('\n')) {
    const title = HEADING.exec(line.trim());
    if (title) {
      if (open !== undefined) ranges.push([open, offset]);
      open = sectionHeading.test(title[1].trim()) ? offset + line.length + 1 : undefined;
    }
    offset += line.length + 1;
  }
  if (open !== undefined) ranges.push([open, text.length]);
  return ranges;
}

/** Where on a page passport facts may be read: the whole page of a passport document, else its passport sections. */
function passportScope(doc: CaseDocument, text: string, rules: Rules): Array<[number, number]> {
  return rules.passportDocumentTypes.includes(doc.type) ? [[0, text.length]] : passportSections(text, rx(rules.passportSection, 'u'));
}

const within = (ranges: ReadonlyArray<[number, number]>, index: number) => ranges.some(([s, e]) => index >= s && index < e);

const MRZ_VALUES: Record<string, number> = Object.fromEntries([...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, 10 + i]));

/** ICAO 9303 check digit (weights 7, 3, 1; `<` counts 0). */
function mrzCheckDigit(field: string): number {
  return [...field].reduce((sum, c, i) => sum + (/\d/.test(c) ? Number(c) : (MRZ_VALUES[c] ?? 0)) * [7, 3, 1][i % 3], 0) % 10;
}

/** Second line of a passport's MRZ (TD3): document number, nationality, birth date, sex, expiry YYMMDD and its check digit. */
const MRZ_LINE_2 = /^[ \t]*([A-Z0-9<]{9})[0-9<][A-Z<]{3}\d{6}[0-9<][MFX<](\d{2})(\d{2})(\d{2})(\d)[A-Z0-9<]{14}[0-9<]\d[ \t]*$/gm;

/** The expiry in a passport's machine-readable zone, when its check digit holds. */
function mrzExpiry(doc: CaseDocument): DatedReading | undefined {
  for (const page of doc.pages) {
    for (const m of page.text.matchAll(MRZ_LINE_2)) {
      if (mrzCheckDigit(`${m[2]}${m[3]}${m[4]}`) !== Number(m[5])) continue;
      const date = { year: 2000 + Number(m[2]), month: Number(m[3]), day: Number(m[4]) };
      if (date.month < 1 || date.month > 12 || date.day < 1 || date.day > 31) continue;
      const evidence = quoteOf(doc, page.page, m.index, m.index + m[0].length);
      if (evidence) return { date, doc, evidence };
    }
  }
  return undefined;
}

/** The first labelled expiry of a document: in a passport document or a form's passport section, or under a label that names the passport. */
function labelledExpiry(doc: CaseDocument, rules: Rules): DatedReading | undefined {
  for (const page of doc.pages) {
    const scope = passportScope(doc, page.text, rules);
    const hits = [
      ...findLabeled(page.text, rules.expiryLabels, { shape: 'date', skipOtherPerson: false }).filter((h) => within(scope, h.start)),
      ...findLabeled(page.text, rules.passportExpiryLabels, { shape: 'date', skipOtherPerson: false }),
    ].sort((a, b) => a.start - b.start);
    for (const h of hits) {
      const date = parseCertainDate(h.value, { order: doc.dateOrder });
      const evidence = date && quoteOf(doc, page.page, h.start, h.end);
      if (date && evidence) return { date, doc, evidence };
    }
  }
  return undefined;
}

/** The passport's expiry as each document gives it (a document that gives two dates counts with the earlier). */
export function passportExpiries(docs: readonly CaseDocument[], rules: Rules): DatedReading[] {
  return docs.flatMap((doc) => {
    const readings = [labelledExpiry(doc, rules), mrzExpiry(doc)].filter((r): r is DatedReading => r !== undefined);
    return readings.length ? [earliest(readings)!] : [];
  });
}

/** Where the intended stay ends, as each listed document gives it (its latest end). */
export function stayEnds(docs: readonly CaseDocument[], applicationType: ApplicationType, rules: Rules): DatedReading[] {
  const row = rules.stayEnds[applicationType];
  if (!row) return [];
  const patterns = row.patterns.map((source) => new RegExp(fillDates(source), 'gimu'));
  return docs.flatMap((doc) => {
    if (!row.documentTypes.includes(doc.type)) return [];
    const readings: DatedReading[] = [];
    for (const page of doc.pages) {
      for (const pattern of patterns) {
        for (const m of page.text.matchAll(pattern)) {
          const date = parseCertainDate(m[1], { order: doc.dateOrder });
          const evidence = date && quoteOf(doc, page.page, m.index, m.index + m[0].length);
          if (date && evidence) readings.push({ date, doc, evidence });
        }
      }
    }
    const last = latest(readings);
    return last ? [last] : [];
  });
}

function earliest(readings: readonly DatedReading[]): DatedReading | undefined {
  return readings.reduce<DatedReading | undefined>((best, r) => (!best || compareDates(r.date, best.date) === -1 ? r : best), undefined);
}

function latest(readings: readonly DatedReading[]): DatedReading | undefined {
  return readings.reduce<DatedReading | undefined>((best, r) => (!best || compareDates(r.date, best.date) === 1 ? r : best), undefined);
}

/** The readings that give the same day as `chosen`, one per document. */
const agreeing = (readings: readonly DatedReading[], chosen: DatedReading) => readings.filter((r) => compareDates(r.date, chosen.date) === 0);

const docNames = (readings: readonly DatedReading[]) => listNames(readings.map((r) => r.doc.name));

/** Documents that show one of the passport's numbers (from the passport page, the forms' passport sections, the MRZ). */
function documentsShowingNumber(docs: readonly CaseDocument[], rules: Rules): string[] {
  const numbers = new Set<string>();
  for (const doc of docs) {
    for (const page of doc.pages) {
      const scope = passportScope(doc, page.text, rules);
      for (const h of findLabeled(page.text, rules.numberLabels, { shape: 'text', skipOtherPerson: false })) {
        const number = /^[A-Z0-9]{5,15}\b/i.exec(h.value)?.[0];
        if (number && /\d/.test(number) && within(scope, h.start)) numbers.add(number.toUpperCase());
      }
    }
  }
  if (!numbers.size) return [];
  const shown = new RegExp(`(?<![A-Z0-9])(?:${[...numbers].join('|')})(?![A-Z0-9])`, 'i');
  return docs.filter((doc) => doc.pages.some((p) => shown.test(p.text))).map((doc) => doc.name);
}

/**
 * An already expired passport (expiry before today), or one that expires before the intended stay
 * ends; undefined when the file shows neither, or its dates are not precise enough to tell. The
 * earliest expiry any document gives is the one compared.
 */
export function checkPassportValidity(docs: readonly CaseDocument[], options: PassportValidityOptions): PassportValidityIssue | undefined {
  const rules = (options.rules ?? bundledConsistencyRules()).passportValidity;
  const expiries = passportExpiries(docs, rules);
  const expiry = earliest(expiries);
  if (!expiry) return undefined;
  const ends = stayEnds(docs, options.applicationType, rules);
  const end = latest(ends);

  const expired = compareDates(expiry.date, options.today) === -1;
  const endsLater = end !== undefined && compareDates(expiry.date, end.date) === -1;
  if (!expired && !endsLater) return undefined;

  const expiryReadings = agreeing(expiries, expiry);
  const endReadings = end ? agreeing(ends, end) : [];
  const what = rules.stayEnds[options.applicationType]?.what;
  const stay = endsLater && end ? `${isoOf(end.date)} (${what ? `${what}, in ` : ''}${docNames(endReadings)})` : undefined;
  const summary = expired
    ? `The passport expired on ${isoOf(expiry.date)} (${docNames(expiryReadings)}), before today (${isoOf(options.today)})` +
      `${stay ? `, and the intended stay ends on ${stay}` : ''}; the application needs a valid passport.`
    : `The passport expires on ${isoOf(expiry.date)} (${docNames(expiryReadings)}), before the intended stay ends on ${stay}; ` +
      `a permit or visa may be limited to the passport's validity.`;
  const dated = [...expiryReadings, ...(endsLater ? endReadings : [])];
  const numbered = documentsShowingNumber(docs, rules);
  return {
    code: expired ? 'passport-expired' : 'passport-expires-before-stay-ends',
    summary: numbered.length ? `${summary} Its number appears in ${listNames(numbered)}.` : summary,
    evidence: evidenceList(dated.map((r) => r.evidence)),
    documents: [...new Set([...dated.map((r) => r.doc.name), ...numbered])],
  };
}
