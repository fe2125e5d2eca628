/**
 * Employment periods: the history the applicant declared on a form ("2014-05 to present  Senior
 * Accountant, Rift Meridian Logistics Ltd.") against employment letters from the same employers, and
 * the declared history itself (gaps between periods, periods that overlap).
 */
import type { Evidence } from '../../../contracts/intakeOutput';
import { type CaseDocument, quoteOf } from './caseDocuments';
import type { ConsistencyIssue } from './consistencyIssue';
import { type ConsistencyRules, rx } from './consistencyRules';
import { compareDates, isoOf, monthIndex, type DateParts, parseCertainDate, DATE_SOURCE } from '../../../core/text/dates';
import { type PeopleIndex, textNames } from './people';

export interface HistoryEntry {
  doc: CaseDocument;
  page: number;
  /** The section heading the entry sits under. */
  section: string;
  from: DateParts;
  /** Undefined: to the present. */
  to?: DateParts;
  /** The rest of the entry: position, employer, place. */
  description: string;
  evidence: Evidence;
}

interface LetterClaim {
  doc: CaseDocument;
  from?: DateParts;
  /** Undefined with `current`: still employed. */
  to?: DateParts;
  current: boolean;
  position?: string;
  evidence: Evidence;
  /** When the letter was written (its first full date), to judge "to present". */
  written?: DateParts;
}

const D = `(?:${DATE_SOURCE})`;

/** A section heading: capitalised words, optionally numbered or after `#`, optionally with a note in brackets. */
export const HEADING = /^(?:#+[ \t]*)?(?:\d{1,2}\.[ \t]*)?([A-Z][A-Z0-9 '&\/-]{2,}[A-Z])(?:[ \t]*\(.*\))?[ \t]*:?$/;

/** Dated entries of the employment or personal-history sections of a form. */
export function historyEntries(doc: CaseDocument, rules: ConsistencyRules['employment']): HistoryEntry[] {
  const sectionPattern = rx(rules.sectionHeading, 'u');
  const present = rules.presentWords;
  const entryLine = new RegExp(String.raw`^([ \t]*)(${D})[ \t]*(?:to|-|–|—|until|au|à)[ \t]*(${D}|${present})\b[ \t,:-]*(\S.*)$`, 'i');
  const entries: HistoryEntry[] = [];
  for (const page of doc.pages) {
    const lines = page.text.split('\n');
    let section: string | undefined;
    let offset = 0;
    for (let i = 0; i < lines.length; offset += lines[i].length + 1, i++) {
      const line = lines[i];
      const title = HEADING.exec(line.trim());
      if (title) {
        section = sectionPattern.test(title[1]) ? title[1].trim() : undefined;
        continue;
      }
      if (!section) continue;
      const m = entryLine.exec(line);
      if (!m) continue;
      const from = parseCertainDate(m[2], { order: doc.dateOrder });
      const to = new RegExp(`^(?:${present})$`, 'i').test(m[3].trim()) ? undefined : parseCertainDate(m[3], { order: doc.dateOrder });
      if (!from || (to === undefined && !new RegExp(`^(?:${present})$`, 'i').test(m[3].trim()))) continue;
      // Wrapped descriptions continue on lines indented past the dates.
      let description = m[4].trim();
      let end = offset + line.length;
      const indent = m[1].length + line.slice(m[1].length).indexOf(m[4]);
      for (let j = i + 1; j < lines.length; j++) {
        const next = lines[j];
        const nextIndent = next.length - next.trimStart().length;
        if (!next.trim() || nextIndent < Math.min(indent, 8) || entryLine.test(next)) break;
        description += ` ${next.trim()}`;
        end += next.length + 1;
      }
      const evidence = quoteOf(doc, page.page, offset, end);
      if (evidence) entries.push({ doc, page: page.page, section, from, to, description, evidence });
    }
  }
  return entries;
}

function words(text: string, stop: readonly string[]): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && !stop.includes(w));
}

/** What an employment letter says about the period and the position. */
export function letterClaim(doc: CaseDocument, rules: ConsistencyRules['employment']): LetterClaim | undefined {
  const present = rules.presentWords;
  const fill = (source: string) => source.replace(/\{date\}/g, D).replace(/\{present\}/g, present);
  // First a period with both ends, then a start alone ("since …", "Start date: …").
  const patterns: Array<{ re: RegExp; to: boolean }> = [
    ...rules.letterPeriods.map((source) => ({ re: new RegExp(fill(source), 'iu'), to: true })),
    ...rules.letterStarts.map((source) => ({ re: new RegExp(fill(source), 'iu'), to: false })),
  ];
  const written = doc.pages[0] ? [...doc.pages[0].text.matchAll(new RegExp(D, 'gi'))].map((m) => parseCertainDate(m[0], { order: doc.dateOrder })).find((d) => d?.day !== undefined) : undefined;
  for (const page of doc.pages) {
    for (const { re, to } of patterns) {
      const m = re.exec(page.text);
      if (!m) continue;
      const from = parseCertainDate(m[1], { order: doc.dateOrder });
      if (!from) continue;
      const until = to ? m[2] : undefined;
      const current = !until || new RegExp(`^(?:${present})$`, 'i').test(until.trim());
      const end = current ? undefined : parseCertainDate(until!, { order: doc.dateOrder });
      const sentenceEnd = page.text.indexOf('.', m.index + m[0].length);
      const stop = sentenceEnd === -1 ? m.index + m[0].length : Math.min(sentenceEnd + 1, m.index + m[0].length + 160);
      const evidence = quoteOf(doc, page.page, m.index, stop);
      if (!evidence) continue;
      const positionMatch = new RegExp(rules.letterPosition, 'u').exec(page.text.slice(Math.max(0, m.index - 200), stop + 200));
      return { doc, from, to: end, current, position: positionMatch?.[1].trim(), evidence, written };
    }
  }
  return undefined;
}

/** The employer part of an entry: "Title, Employer Ltd., City" → "Employer Ltd." (undefined without an employer). */
function employerOf(description: string, selfEmployed: RegExp): string | undefined {
  if (selfEmployed.test(description)) return undefined;
  const parts = description.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length >= 3) return parts.slice(1, -1).join(', ');
  return parts[1] ?? parts[0];
}

/**
 * The history entry an employment letter is about: the one whose employer words the letter repeats
 * most (at least two of them, or a one-word employer named in the letterhead).
 */
function entryFor(letter: CaseDocument, entries: readonly HistoryEntry[], rules: ConsistencyRules['employment']): HistoryEntry | undefined {
  const stop = rules.employerStopWords;
  const letterText = letter.pages.map((p) => p.text).join('\n');
  const letterWords = new Set(words(letterText, stop));
  const letterhead = new Set(words(letterText.split('\n').filter((l) => l.trim()).slice(0, 3).join(' '), stop));
  const selfEmployed = rx(rules.noEmployer, 'iu');
  let best: { entry: HistoryEntry; shared: number; ratio: number } | undefined;
  for (const entry of entries) {
    const employer = employerOf(entry.description, selfEmployed);
    const own = employer ? [...new Set(words(employer, stop))] : [];
    if (!own.length) continue;
    const shared = own.filter((w) => letterWords.has(w)).length;
    const ratio = shared / own.length;
    const named = shared >= 2 || (own.length === 1 && letterhead.has(own[0]));
    if (!named || ratio < 0.5) continue;
    if (!best || shared > best.shared || (shared === best.shared && ratio > best.ratio)) best = { entry, shared, ratio };
  }
  return best?.entry;
}

const describe = (d: DateParts | undefined) => (d ? isoOf(d) : 'present');
const monthsApart = (a: DateParts, b: DateParts) => Math.abs(monthIndex(a) - monthIndex(b));

/** Employment letters against the declared history. */
export function checkEmploymentLetters(docs: readonly CaseDocument[], people: PeopleIndex, rules: ConsistencyRules['employment']): ConsistencyIssue[] {
  const claimTypes = new Set(rules.claimDocumentTypes);
  const letterTypes = new Set(rules.letterDocumentTypes);
  const claimDocs = docs.filter((d) => claimTypes.has(d.type));
  const entries = claimDocs.flatMap((d) => historyEntries(d, rules));
  const issues: ConsistencyIssue[] = [];
  for (const letter of docs.filter((d) => letterTypes.has(d.type))) {
    const letterText = letter.pages.map((p) => p.text).join('\n');
    // Only the history of the person the letter is about (not a parent's or a sponsor's letter).
    const about = entries.filter((e) => {
      const person = people.inDocument(e.doc.docId)[0];
      return !person || textNames(letterText, person.tokens);
    });
    const claim = letterClaim(letter, rules);
    const entry = claim && entryFor(letter, about, rules);
    if (!claim || !entry) continue;
    const problems: string[] = [];
    if (claim.from && monthsApart(claim.from, entry.from) > rules.toleranceMonths) {
      problems.push(`the start (${isoOf(entry.from)} on the form, ${isoOf(claim.from)} in the letter)`);
    }
    if (!entry.to && !claim.current && claim.to && claim.written && monthsApart(claim.to, claim.written) > rules.toleranceMonths) {
      problems.push(`the end (still employed on the form, left on ${isoOf(claim.to)} according to the letter)`);
    } else if (entry.to && claim.to && monthsApart(claim.to, entry.to) > rules.toleranceMonths) {
      problems.push(`the end (${isoOf(entry.to)} on the form, ${isoOf(claim.to)} in the letter)`);
    } else if (entry.to && claim.current && claim.written && monthsApart(entry.to, claim.written) > rules.toleranceMonths) {
      problems.push(`the end (${isoOf(entry.to)} on the form, still employed according to the letter)`);
    }
    if (problems.length) {
      issues.push({
        code: 'employment-period-contradicted',
        summary: `${entry.doc.name} declares ${describe(entry.from)} to ${describe(entry.to)} for "${entry.description}", but ${letter.name} disagrees on ${problems.join(' and ')}.`,
        evidence: [entry.evidence, claim.evidence],
        documents: [entry.doc.name, letter.name],
      });
    }
    if (claim.position) {
      const stop = rules.employerStopWords;
      const positionWords = words(claim.position, stop);
      const entryWords = new Set(words(entry.description, stop));
      if (positionWords.length && !positionWords.some((w) => entryWords.has(w) || [...entryWords].some((e) => e.startsWith(w.slice(0, 5)) && w.length >= 5))) {
        issues.push({
          code: 'employment-position-contradicted',
          summary: `${entry.doc.name} declares "${entry.description}", but ${letter.name} gives the position as "${claim.position}".`,
          evidence: [entry.evidence, claim.evidence],
          documents: [entry.doc.name, letter.name],
        });
      }
    }
  }
  return issues;
}

/** Gaps and overlaps between consecutive periods of one declared history section. */
export function checkHistoryContinuity(docs: readonly CaseDocument[], rules: ConsistencyRules['employment'], today: DateParts): ConsistencyIssue[] {
  const claimTypes = new Set(rules.claimDocumentTypes);
  const issues: ConsistencyIssue[] = [];
  for (const doc of docs.filter((d) => claimTypes.has(d.type))) {
    const entries = historyEntries(doc, rules);
    const sections = [...new Set(entries.map((e) => e.section))];
    for (const section of sections) {
      const list = entries
        .filter((e) => e.section === section && e.from.month !== undefined)
        .sort((a, b) => compareDates(a.from, b.from) ?? 0);
      for (let i = 1; i < list.length; i++) {
        const [prev, next] = [list[i - 1], list[i]];
        const prevEnd = prev.to ?? today;
        if (prev.to && prev.to.month === undefined) continue;
        const gap = monthIndex(next.from) - monthIndex(prevEnd) - 1;
        if (gap > rules.gapToleranceMonths) {
          issues.push({
            code: 'history-gap',
            summary: `${doc.name} leaves ${gap} months unaccounted for between ${isoOf(prevEnd)} and ${isoOf(next.from)} (${section.toLowerCase()}).`,
            evidence: [prev.evidence, next.evidence],
            documents: [doc.name],
          });
        } else if (-gap > rules.overlapToleranceMonths) {
          issues.push({
            code: 'history-overlap',
            summary: `${doc.name} lists two periods that overlap by ${-gap} months (${isoOf(next.from)} to ${describe(prev.to)}) in ${section.toLowerCase()}.`,
            evidence: [prev.evidence, next.evidence],
            documents: [doc.name],
          });
        }
      }
    }
  }
  return issues;
}
