/**
 * The declared history itself: gaps between the periods of a form's employment or personal history
 * section, and periods that overlap. Read from the form's lines, not from the case-fact model: a gap
 * is time the form leaves unaccounted for, so the rows that are no event (unemployed, at home,
 * retired) count as much as the jobs and studies the model holds. Letters against the history are
 * compared on the model (employmentLetters.ts).
 */
import type { Evidence } from '../../../contracts/intakeOutput';
import { type CaseDocument, quoteOf } from './caseDocuments';
import type { ConsistencyIssue } from './consistencyIssue';
import { type ConsistencyRules, rx } from './consistencyRules';
import { compareDates, isoOf, monthIndex, type DateParts, parseCertainDate, DATE_SOURCE } from '../../../core/text/dates';

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

const describe = (d: DateParts | undefined) => (d ? isoOf(d) : 'present');

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
