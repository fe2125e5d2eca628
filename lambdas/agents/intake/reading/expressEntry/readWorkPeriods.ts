/**
 * The periods an economic-class application counts: in an employment letter, the job's start and end
 * (or "since", still held), its hours per week, the occupation's NOC code, whether it was
 * self-employment and whether it was in Canada; in a school's letter, a period of full-time study.
 * They become `employment` and `study` events whose detail the Express Entry rules read
 * ("NOC 21232; 37.5 hours per week; full-time").
 */
import type { TimelineEvent } from '../../../../contracts/caseFacts';
import { quoteOf, type ReadingDocument, type ReadingPage } from '../readingDocument';
import { datesIn, type DateInText } from '../textReaders';
import { CANADA, FULL_TIME, FULL_TIME_STUDY, HOURS_PER_WEEK, NOC, ONGOING, PART_TIME, PERIOD_END, PERIOD_START, SELF_EMPLOYED } from './readingLexicon';

const LETTERHEAD = 400;

interface Period {
  page: ReadingPage;
  segment: { start: number; end: number; text: string };
  start: DateInText;
  end?: TimelineEvent['end'];
}

const factDate = (d: { iso: string; precision: 'year' | 'month' | 'day'; ambiguous?: string[] }): NonNullable<TimelineEvent['date']> => ({
  iso: d.iso,
  precision: d.precision,
  ...(d.ambiguous ? { ambiguous: d.ambiguous } : {}),
});

/** The first sentence where a date follows a start cue ("since", "from", "depuis le"), with its end when the sentence gives one. */
function periodIn(doc: ReadingDocument, only?: RegExp): Period | undefined {
  for (const page of doc.pages) {
    for (const segment of page.segments) {
      if (only && !only.test(segment.text)) continue;
      const dates = datesIn(segment.text, doc.dateOrder);
      for (const cue of segment.text.matchAll(PERIOD_START)) {
        const after = cue.index + cue[0].length;
        const start = dates.find((d) => d.start >= after && d.start - after <= 12);
        if (!start) continue;
        const stillHeld = ONGOING.test(cue[0]) || ONGOING.test(segment.text.slice(start.end));
        let end: TimelineEvent['end'];
        if (start.until && start.until !== 'present') end = factDate(start.until);
        else if (!start.until) {
          const next = dates.find((d) => d.start > start.end && PERIOD_END.test(segment.text.slice(start.end, d.start)));
          if (next && !stillHeld) end = factDate(next);
        }
        return { page, segment, start, ...(end ? { end } : {}) };
      }
    }
  }
  return undefined;
}

function letterhead(doc: ReadingDocument, period: Period): string {
  const first = doc.pages[0];
  const end = period.page === first ? Math.min(period.segment.start, LETTERHEAD) : LETTERHEAD;
  return first.text.slice(0, end);
}

function employment(doc: ReadingDocument, text: string): TimelineEvent | undefined {
  const period = periodIn(doc);
  if (!period) return undefined;
  const hours = HOURS_PER_WEEK.exec(text);
  const noc = NOC.exec(text);
  const detail = [
    noc ? `NOC ${noc.slice(1).find(Boolean)}` : undefined,
    hours ? `${hours.slice(1).find(Boolean)?.replace(',', '.')} hours per week` : undefined,
    PART_TIME.test(text) ? 'part-time' : FULL_TIME.test(text) ? 'full-time' : undefined,
    SELF_EMPLOYED.test(text) ? 'self-employed' : undefined,
  ].filter(Boolean);
  return {
    kind: 'employment',
    person: 'applicant',
    date: factDate(period.start),
    ...(period.end ? { end: period.end } : {}),
    // The employer's letterhead (above the sentence that dates the job) places the work; a mention of
    // Canada further down ("issued for his immigration to Canada") does not.
    ...(CANADA.test(letterhead(doc, period)) ? { country: 'Canada' } : {}),
    ...(detail.length ? { detail: detail.join('; ') } : {}),
    evidence: quoteOf(doc, period.page, period.segment.start, period.segment.end),
    confidence: 0.75,
    source: 'rules',
  };
}

function fullTimeStudy(doc: ReadingDocument): TimelineEvent | undefined {
  const period = periodIn(doc, FULL_TIME_STUDY);
  if (!period) return undefined;
  return {
    kind: 'study',
    person: 'applicant',
    date: factDate(period.start),
    ...(period.end ? { end: period.end } : {}),
    detail: 'full-time',
    evidence: quoteOf(doc, period.page, period.segment.start, period.segment.end),
    confidence: 0.75,
    source: 'rules',
  };
}

export function readWorkPeriods(doc: ReadingDocument): TimelineEvent[] {
  const text = doc.pages.map((p) => p.text).join('\n');
  if (doc.type === 'employment-letter') return [employment(doc, text)].filter((e): e is TimelineEvent => !!e);
  if (FULL_TIME_STUDY.test(text)) return [fullTimeStudy(doc)].filter((e): e is TimelineEvent => !!e);
  return [];
}
