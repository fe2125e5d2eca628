/**
 * One deadline or period counted from its starting event: the last day when the start is known to
 * the day; for a start known only to the month (or year), no `due` but the conservative earliest
 * last day, stated as such; for no start, `cannot-compute` with the day to find. Status and
 * severity are relative to the analysis day: a passed limit is critical, one with seven days or
 * fewer left high. A last day on a weekend or holiday is never moved: the check asks that the
 * Interpretation Act s 26 extension be confirmed.
 */
import type { FactDate } from '../../contracts/caseFacts';
import type { Evidence } from '../../contracts/evidence';
import type { Deadline } from '../../contracts/legalAnalysis';
import type { Severity } from '../../contracts/findings';
import { daysBetween, dayRange, describeDate, nonJuridicalDay } from '../calendar';
import type { DeadlineRule } from './deadlineData';

export interface StartingEvent {
  /** The event in words: "notification of the refusal", "the decision (earliest possible start)". */
  event: string;
  date?: FactDate;
  evidence?: Evidence;
}

export interface DatedOptions {
  rule: DeadlineRule;
  start: StartingEvent;
  /** The period in words: "15 days". */
  period: string;
  /** The last day from a start day. */
  lastDay: (startDay: string) => string;
  asOf: string;
  /** A limit to act within, or a period that runs (a bar until its end). */
  kind: 'limit' | 'period';
  /** What the period means, one clause: "to file the application for leave in the Federal Court". */
  meaning: string;
  /** What to verify whatever the arithmetic (joined to the weekend note and the missing day). */
  check?: string;
  /** Severity of a limit with more than seven days left (informational limits are low). */
  openSeverity?: Severity;
}

function limitStatus(daysLeft: number): { status: Deadline['status']; severity: Severity } {
  if (daysLeft < 0) return { status: 'passed', severity: 'critical' };
  if (daysLeft === 0) return { status: 'due-today', severity: 'high' };
  if (daysLeft <= 7) return { status: 'close', severity: 'high' };
  return { status: 'open', severity: 'medium' };
}

const join = (...parts: Array<string | undefined>) => parts.filter((p): p is string => Boolean(p && p.trim())).join(' ');

export function dated(o: DatedOptions): Deadline {
  const base = {
    id: o.rule.id,
    label: o.rule.label,
    rule: o.rule.rule,
    period: o.period,
    startsFrom: { event: o.start.event, ...(o.start.date ? { date: o.start.date.iso } : {}), ...(o.start.evidence ? { evidence: o.start.evidence } : {}) },
  };
  if (!o.start.date) {
    return {
      ...base,
      status: 'cannot-compute',
      severity: o.kind === 'limit' ? 'high' : 'medium',
      explanation: `${o.rule.rule} gives ${o.period} from ${o.start.event} ${o.meaning}; the file does not date ${o.start.event}.`,
      check: join(`Find the day of ${o.start.event} and count ${o.period} from it.`, o.check),
    };
  }
  const range = dayRange(o.start.date);
  if (!range.day) {
    const earliest = o.lastDay(range.first);
    const latest = o.lastDay(range.last);
    const left = daysBetween(o.asOf, earliest);
    return {
      ...base,
      status: 'cannot-compute',
      severity: o.kind === 'limit' ? (left <= 7 ? 'critical' : 'high') : 'medium',
      explanation: `${o.rule.rule} gives ${o.period} from ${o.start.event}, which the file dates only as ${describeDate(o.start.date)}: the last day falls between ${earliest} and ${latest}; the conservative reading is the earliest, ${earliest}.`,
      check: join(`Find the exact day of ${o.start.event}: until then, treat ${earliest} as the last day.`, o.check),
    };
  }
  const due = o.lastDay(range.day);
  const daysLeft = daysBetween(o.asOf, due);
  const closed = nonJuridicalDay(due);
  const weekendCheck = closed ? `The last day, ${due}, is ${closed}: whether the Interpretation Act s 26 extension to the next business day applies must be confirmed before relying on it.` : undefined;
  if (o.kind === 'period') {
    const running = daysLeft >= 0;
    return {
      ...base,
      due,
      status: running ? 'running' : 'ended',
      daysLeft,
      severity: running ? 'high' : 'low',
      explanation: `${o.rule.rule}: ${o.period} from ${o.start.event} on ${range.day} ${o.meaning}, to ${due}; ${running ? `${daysLeft} days remain` : 'the period has ended'}.`,
      ...(o.check ? { check: o.check } : {}),
    };
  }
  const { status, severity } = limitStatus(daysLeft);
  const when = status === 'passed' ? `it passed ${-daysLeft} days ago` : status === 'due-today' ? 'it is today' : `${daysLeft} days remain`;
  return {
    ...base,
    due,
    status,
    daysLeft,
    severity: status === 'open' && o.openSeverity ? o.openSeverity : severity,
    explanation: `${o.rule.rule}: ${o.period} after ${o.start.event} on ${range.day} ${o.meaning}; the last day is ${due} and ${when}.`,
    ...(join(o.check, weekendCheck) ? { check: join(o.check, weekendCheck) } : {}),
  };
}
