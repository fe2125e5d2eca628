/**
 * Periods of work with their job titles: from employment letters, as the case-fact model read them,
 * and from the forms' history lines ("2023-08 to present   Welder, …"). The rules reader does not yet
 * read a form's history table as employment events, so those lines are still read here; they are the
 * applicant's claims, which the rubric weighs apart from what letters document.
 */
import type { Evidence } from '../../../../contracts/intakeOutput';
import type { CaseDocument, CaseFile } from '../../text/caseFile';
import { latestDate } from '../../text/documentDates';
import { dayOf, readDates, type FoundDate } from '../../../../core/text/dates';
import { asDate, eventsOf } from '../../facts/fileFacts';
import { quoteLine } from '../../text/evidenceQuotes';
import { sectionLines } from '../../text/sections';

export interface WorkPeriod {
  from: Pick<FoundDate, 'time' | 'iso'>;
  to: Pick<FoundDate, 'time' | 'iso'>;
  title: string;
  source: 'letter' | 'form';
  evidence?: Evidence;
}

/** A period still running ends on the document's date (forms and letters end with it), or today. */
function endOf(doc: CaseDocument, file: CaseFile): Pick<FoundDate, 'time' | 'iso'> {
  return latestDate(doc, file.assessedOn) ?? dayOf(file.assessedOn);
}

/**
 * Periods the employment letters document: the case-fact model's employment events of the applicant
 * read in them. A period still running ends on the letter's date (or the assessment day). The title
 * is the event's detail or, when the reader gave none, its quote ("… since 1 August 2023 in the
 * position of Welder"), which is where a letter states it.
 */
function periodsInLetters(file: CaseFile): WorkPeriod[] {
  return eventsOf(file, ['employment'], 'applicant').flatMap((e): WorkPeriod[] => {
    const doc = file.documents.find((d) => d.docId === e.evidence.docId);
    if (!doc || doc.type !== 'employment-letter' || !e.date) return [];
    const from = asDate(e.date);
    const to = e.end ? asDate(e.end) : endOf(doc, file);
    if (to.time <= from.time) return [];
    return [{ from, to, title: e.detail ?? e.evidence.quote, source: 'letter', evidence: e.evidence }];
  });
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
  return [...periodsInLetters(file), ...periodsInForms(file)];
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
