/**
 * The deadlines that govern the next step, as the legal analysis computed them (`GatekeeperOutput.legal`):
 * each with its last day and the rule that sets it, the most urgent first. Page one states them; a passed
 * or close deadline opens with a label the PDF highlights. Nothing is computed here: due dates, days
 * left and status are the gatekeeper's.
 */
import type { Deadline, DeadlineStatus, LegalAnalysis } from '../../../contracts/legalAnalysis';
import { bold, inline, md, type Markdown } from '../markdown';

/** Reading order on page one: what is already late, then what is due soonest; an ended period governs nothing. */
const URGENCY: readonly DeadlineStatus[] = ['passed', 'due-today', 'close', 'open', 'running', 'cannot-compute'];

/** Each status's label, as the paragraph opens with it. The PDF highlights the first three (see ../pdf/renderReportPdf.ts). */
export const DEADLINE_LABELS: Record<DeadlineStatus, string> = {
  passed: 'Deadline passed',
  'due-today': 'Deadline today',
  close: 'Deadline close',
  open: 'Deadline',
  running: 'Period running',
  ended: 'Period ended',
  'cannot-compute': 'Deadline to establish',
};

/** Labels that mean "act now": the PDF sets these paragraphs in a red box. */
export const URGENT_DEADLINE_LABELS: readonly string[] = [DEADLINE_LABELS.passed, DEADLINE_LABELS['due-today'], DEADLINE_LABELS.close];

/** The deadlines page one shows, most urgent first (an ended period is left out: it governs nothing now). */
export function governingDeadlines(legal: LegalAnalysis | undefined): Deadline[] {
  if (!legal) return [];
  return legal.deadlines
    .filter((d) => URGENCY.includes(d.status))
    .map((d, index) => ({ d, index }))
    .sort((a, b) => URGENCY.indexOf(a.d.status) - URGENCY.indexOf(b.d.status) || a.index - b.index)
    .map(({ d }) => d);
}

/**
 * Page one names the two most urgent deadlines (the memo must fit one page); the legal findings list
 * the others under "Other time limits and periods", so none is lost.
 */
export function pageOneDeadlines(legal: LegalAnalysis | undefined): Deadline[] {
  const governing = governingDeadlines(legal).filter(governsNextStep);
  // A deadline still to establish (perfecting a leave application counts from a filing not yet made) is
  // page one's news only when no dated deadline is there to act on.
  const dated = governing.filter((d) => d.due);
  return (dated.length ? dated : governing).slice(0, 2);
}

/**
 * An open deadline more than a year away (a passport valid for years) does not govern the next step;
 * it stays under "Other time limits and periods". A running period (the five years of IRPA 40(2)(a))
 * always does: it decides whether a new application can be made at all.
 */
const FAR_AWAY_DAYS = 365;
function governsNextStep(d: Deadline): boolean {
  return !(d.status === 'open' && d.daysLeft !== undefined && d.daysLeft > FAR_AWAY_DAYS);
}

/** "3 days left", "today", "8 days ago": from the gatekeeper's count, never recomputed. */
function when(d: Deadline): string {
  if (d.daysLeft === undefined) return '';
  if (d.daysLeft === 0) return ' (today)';
  if (d.daysLeft > 0) return ` (${d.daysLeft} day${d.daysLeft === 1 ? '' : 's'} left)`;
  const ago = -d.daysLeft;
  return ` (${ago} day${ago === 1 ? '' : 's'} ago)`;
}

/**
 * One paragraph: "**Deadline passed — 2026-11-20 (8 days ago):** label, rule (period from event). Check: …".
 * The label, the date and the rule are the first thing a reader sees. The gatekeeper's explanation is
 * left out: it restates the date, the period and its start, which the line already gives, and page one
 * has room only for what a lawyer acts on; the "Check" (what the count still depends on) is stated
 * once, under Legal findings (legalFindings.ts).
 */
export function deadlineLine(d: Deadline): Markdown {
  const date = d.due ? ` — ${d.due}${when(d)}` : '';
  const head = bold(`${DEADLINE_LABELS[d.status]}${date}:`);
  const from = d.startsFrom.date ? `${d.startsFrom.event}, ${d.startsFrom.date}` : d.startsFrom.event;
  // Page one keeps to the date and the rule; what the count still depends on is under Legal findings.
  const check = d.check ? md` What to confirm is under ${bold('Legal findings')}.` : md``;
  return md`${head} ${inline(d.label)}, ${inline(d.rule)} (${inline(d.period)} from ${inline(from)}).${check}`;
}
