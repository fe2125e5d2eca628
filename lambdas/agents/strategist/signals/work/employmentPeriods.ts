/**
 * Periods of work with their job titles: from employment letters ("has worked for this company since
 * 1 August 2023 to date in the position of Welder", "from 5 March 2018 to 30 June 2021 as a Welder's
 * Helper") and from the forms' history lines ("2023-08 to present   Welder, …").
 */
import type { Evidence } from '../../../../contracts/intakeOutput';
import type { CaseDocument, CaseFile } from '../../text/caseFile';
import { latestDate } from '../../text/documentDates';
import { dateAt, dayOf, readDates, type FoundDate } from '../../../../core/text/dates';
import { quoteLine } from '../../text/evidenceQuotes';
import { sectionLines } from '../../text/sections';

export interface WorkPeriod {
  from: Pick<FoundDate, 'time' | 'iso'>;
  to: Pick<FoundDate, 'time' | 'iso'>;
  title: string;
  source: 'letter' | 'form';
  evidence?: Evidence;
}

const OPEN_END = /^\s*(?:to date|to the present|to present|until (?:today|now|the present)|present|à ce jour|jusqu'à (?:ce jour|présent))/i;
const PERIOD_START = /\b(?:since|from|depuis|du)\s+/gi;
const TITLE_AFTER = /^[^.\n]{0,60}?\b(?:in the position of|as (?:an? )?|position:\s*|au poste de|en tant que)\s*([^,.;\n(]{3,60})/i;
const TITLE_BEFORE = /\b(?:in the position of|as (?:an? )?|au poste de|en tant que)\s*([^,.;\n(]{3,60})[^.\n]{0,80}$/i;

function endOf(doc: CaseDocument, file: CaseFile): Pick<FoundDate, 'time' | 'iso'> {
  return latestDate(doc, file.assessedOn) ?? dayOf(file.assessedOn);
}

function periodsInLetter(doc: CaseDocument, file: CaseFile): WorkPeriod[] {
  const out: WorkPeriod[] = [];
  for (const page of doc.extracted.pages) {
    const text = page.text;
    for (const m of text.matchAll(PERIOD_START)) {
      const fromAt = (m.index ?? 0) + m[0].length;
      const from = dateAt(text, fromAt);
      if (!from || from.precision !== 'day') continue;
      const afterFrom = from.end;
      const join = /^\s*(?:to|until|-|–|au|jusqu'au)\s*/i.exec(text.slice(afterFrom));
      let to: Pick<FoundDate, 'time' | 'iso'> | undefined;
      let end = afterFrom;
      if (join) {
        const closing = dateAt(text, afterFrom + join[0].length);
        if (closing) {
          to = closing;
          end = closing.end;
        } else if (OPEN_END.test(text.slice(afterFrom))) {
          to = endOf(doc, file);
          end = afterFrom + (OPEN_END.exec(text.slice(afterFrom))?.[0].length ?? 0);
        }
      } else if (/^\s*(?:to date|to the present)/i.test(text.slice(afterFrom))) {
        to = endOf(doc, file);
      } else if (/since/i.test(m[0])) {
        to = endOf(doc, file);
      }
      if (!to || to.time <= from.time) continue;
      const sentenceStart = Math.max(text.lastIndexOf('.', m.index ?? 0) + 1, (m.index ?? 0) - 200);
      const title = TITLE_AFTER.exec(text.slice(end, end + 120))?.[1] ?? TITLE_BEFORE.exec(text.slice(sentenceStart, m.index ?? 0))?.[1];
      if (!title) continue;
      const ref = { doc, page };
      out.push({
        from,
        to,
        title: title.trim(),
        source: 'letter',
        evidence: quoteLine(ref, m.index ?? 0, afterFrom),
      });
    }
  }
  return out;
}

const FORM_PERIOD = /^[ \t]*(\d{4}-\d{2}(?:-\d{2})?)\s+to\s+(\d{4}-\d{2}(?:-\d{2})?|present)\s+(.+)$/i;

function periodsInForms(file: CaseFile): WorkPeriod[] {
  const forms = file.documents.filter((d) => d.type === 'imm-1295' || d.type === 'imm-5669' || d.type === 'imm-1294' || d.type === 'imm-5257');
  const pages = forms.flatMap((doc) => doc.extracted.pages.map((page) => ({ doc, page })));
  const out: WorkPeriod[] = [];
  for (const line of sectionLines(pages, /EMPLOYMENT|PERSONAL HISTORY|WORK HISTORY|EMPLOI/i)) {
    const m = FORM_PERIOD.exec(line.text);
    if (!m) continue;
    const from = readDates(m[1])[0];
    const to = /present/i.test(m[2]) ? endOf(line.ref.doc, file) : readDates(m[2])[0];
    if (!from || !to || to.time <= from.time) continue;
    out.push({ from, to, title: m[3].trim(), source: 'form', evidence: quoteLine(line.ref, line.start, line.end) });
  }
  return out;
}

export function workPeriods(file: CaseFile): WorkPeriod[] {
  const letters = file.documents.filter((d) => d.type === 'employment-letter');
  return [...letters.flatMap((doc) => periodsInLetter(doc, file)), ...periodsInForms(file)];
}

/** Months covered by the periods, overlaps counted once. */
export function monthsCovered(periods: readonly WorkPeriod[]): number {
  const sorted = [...periods].sort((a, b) => a.from.time - b.from.time);
  let total = 0;
  let reach = -Infinity;
  for (const p of sorted) {
    const start = Math.max(p.from.time, reach);
    if (p.to.time > start) total += p.to.time - start;
    reach = Math.max(reach, p.to.time);
  }
  return Math.floor(total / (30.44 * 86_400_000));
}
