/**
 * Page one: the memo a lawyer reads in two minutes. The outcome and what it means, the deadlines that
 * govern the next step (date and rule), the top three issues with where their evidence is and their fix,
 * and the next step. Everything after it is the reasoning behind these lines, each part said once.
 */
import { ocrNote } from './ocrNote';
import type { ReportModel } from '../reportModel';
import type { ReportLedger } from '../reportLedger';
import { bold, bullet, inline, md, type Markdown } from '../markdown';
import { deadlineLine, pageOneDeadlines } from './deadlines';
import { decisionReasons, outcomeIsProvisional, outcomeLine } from './decisionSection';
import { rankedIssues, TOP_ISSUE_COUNT, type TopIssue } from './topIssues';
import { INCOMPLETE_HEADING } from './verificationSection';
import type { Deadline } from '../../../contracts/legalAnalysis';

export const MEMO_HEADING = 'At a glance';

/** What to do next, by outcome. Each is an action, never a forecast; a deadline is added where one governs. */
const NEXT_STEPS: Record<string, string> = {
  PROCEED: 'File after the representative’s own check of the points below.',
  APPROVE: 'File after the representative’s own check of the points below.',
  REVISE: 'Make the fixes listed below, issue 1 first, then audit the file again before filing.',
  'HIGH-RISK': 'Make the fixes listed below, issue 1 first, then audit the file again before filing.',
  GO: 'Take the case on and plan the fixes listed below from the start.',
  CAUTION: 'Take the case on only with the fixes listed below planned, issue 1 first.',
  'NO-GO': 'Tell the client why the case is not advised as it stands: issue 1 would have to change first.',
  APPEAL: 'Prepare the challenge on the grounds set out under the legal findings.',
  REAPPLY: 'Prepare a new application that answers each reason for refusal, issue 1 first.',
  ABANDON: 'Tell the client why neither route is recommended, and keep the file in case new evidence appears.',
};

/** A passed deadline for the challenge: the courts can extend it, which is the step to take. */
const LATE_CHALLENGE =
  'The time limit has passed: file with a request to extend the time, explaining the delay (for the Federal Court, IRPA 72(2)(c) lets a judge allow it for special reasons).';

function issueLine(issue: TopIssue, n: number): Markdown {
  const lead = issue.provision ? `${n}. ${issue.provision} · ${issue.severity}` : `${n}. ${issue.severity}`;
  return md`${bold(lead)} — ${inline(issue.title)} Evidence: ${inline(issue.where)}. Fix: ${inline(issue.fix)}`;
}

/** The deadline the next step runs against: the forum's own, else the most urgent one with a day. */
function stepDeadline(m: ReportModel, deadlines: readonly Deadline[]): Deadline | undefined {
  const forum = m.gatekeeper?.legal?.review?.forum.deadline;
  return (forum ? deadlines.find((d) => d.id === forum) : undefined) ?? deadlines.find((d) => d.due && d.status !== 'running');
}

/** Outcomes that ask for the file to go ahead; every other one asks for work first. */
const GO_AHEAD = new Set(['APPROVE', 'PROCEED', 'GO']);

/**
 * The step when no issue is listed: an outcome that asks for work then rests on the score, so the step
 * names the factors to strengthen (never "file" beside a REVISE).
 */
function withoutIssues(outcome: string): string {
  return GO_AHEAD.has(outcome)
    ? 'File after the representative’s own check.'
    : 'Strengthen the factors the Defensibility Score rates weak or without evidence in the file, then audit it again.';
}

function nextStep(m: ReportModel, deadlines: readonly Deadline[], issues: readonly TopIssue[]): Markdown {
  const outcome = m.judge?.outcome;
  const parts: string[] = [];
  if (outcomeIsProvisional(m)) parts.push(`Before relying on this outcome, have a person review the citations listed under ${INCOMPLETE_HEADING}.`);
  const d = stepDeadline(m, deadlines);
  if (outcome === 'APPEAL' && d?.status === 'passed') parts.push(LATE_CHALLENGE);
  else if (outcome && NEXT_STEPS[outcome]) parts.push(issues.length || !/issue 1|fixes listed below/.test(NEXT_STEPS[outcome]) ? NEXT_STEPS[outcome] : withoutIssues(outcome));
  else parts.push(issues.length ? 'Work through the issues listed below, issue 1 first.' : 'Review the reasoning below before acting on this report.');
  if (d?.due && d.status !== 'passed') parts.push(`Do it by ${d.due} (${d.rule}).`);
  return md`${bold('Next step:')} ${inline(parts.join(' '))}`;
}

/** The issues page one lists; the rest stay in the sections that state them. */
function issuesPart(issues: readonly TopIssue[], none: string): string[] {
  if (!issues.length) return [md`${bold('Top issues:')} ${inline(none)}`];
  return [bold(issues.length === 1 ? 'The issue to fix' : `Top ${issues.length} issues, most serious first`), bullet(issues.map((i, k) => issueLine(i, k + 1)))];
}

/** A part that may be absent, spread into a list of parts. */
const optional = <T>(part: T | undefined): T[] => (part === undefined ? [] : [part]);

/**
 * The memo of a judged workflow. The issues' titles are recorded in the ledger, so the sections that
 * follow state each finding's detail without repeating its headline.
 */
export function judgedMemo(m: ReportModel, ledger: ReportLedger, options: { withReasons?: boolean } = {}): string {
  const deadlines = pageOneDeadlines(m.gatekeeper?.legal);
  const issues = rankedIssues(m).slice(0, TOP_ISSUE_COUNT);
  for (const i of issues) ledger.note(`${i.title} ${i.fix}`);
  for (const d of deadlines) ledger.note(d.explanation);
  return [
    `## ${MEMO_HEADING}`,
    outcomeLine(m),
    ...deadlines.map(deadlineLine),
    // What to do and by when come first: the issues that follow may run onto page two, the next step must not.
    nextStep(m, deadlines, issues),
    ...issuesPart(issues, 'no refusal trigger, compliance issue or statutory bar was found.'),
    ...optional(ocrNote(m.intake.documents)),
    // A summary states why on page one (after what must be done) instead of in a section of its own.
    // (The next step above already says what makes the outcome provisional.)
    ...(options.withReasons ? decisionReasons(m, ledger, `${bold('Why this outcome:')} `, { provisionalSaid: true }) : []),
  ].join('\n\n');
}

/** The memo of a document checklist: what is missing or unusable, and what to ask the client for. */
export function checklistMemo(m: ReportModel, ledger: ReportLedger): string {
  const parts = [`## ${MEMO_HEADING}`];
  const c = m.gatekeeper?.checklist;
  if (c) {
    const required = c.missing.filter((e) => e.required).length;
    const total = c.present.length + c.missing.length + c.problem.length;
    parts.push(
      md`${bold(`Checklist: ${c.present.length} of ${total} items present`)} — ${inline(`${required} required item${required === 1 ? '' : 's'} missing, ${c.missing.length - required} recommended missing, ${c.problem.length} with a problem.`)}`,
    );
  }
  // A checklist names the deadlines that bound it too (a passport that expires before the stay ends).
  const deadlines = pageOneDeadlines(m.gatekeeper?.legal);
  for (const d of deadlines) ledger.note(d.explanation);
  parts.push(...deadlines.map(deadlineLine));
  // With nothing required missing, the recommended items that are missing are what to ask for.
  const recommended: TopIssue[] = (c?.missing ?? []).map((e) => ({
    title: `Recommended document missing: ${e.label}.`,
    severity: 'low',
    where: 'missing from the file',
    fix: `Ask the client for it where it applies (${e.reason.replace(/^recommended:\s*/, '')}).`,
  }));
  const ranked = rankedIssues(m);
  const issues = (ranked.length ? ranked : recommended).slice(0, TOP_ISSUE_COUNT);
  for (const i of issues) ledger.note(`${i.title} ${i.fix}`);
  parts.push(...issuesPart(issues, 'nothing is missing or unusable.'), ...optional(ocrNote(m.intake.documents)));
  const step = issues.length
    ? 'Ask the client for the items above, then run the checklist again.'
    : 'The checklist is complete: the file can go on to a full review.';
  parts.push(md`${bold('Next step:')} ${inline(step)}`);
  return parts.join('\n\n');
}
