/**
 * Deadlines and periods that are not about challenging a refusal: the five-year misrepresentation
 * period (IRPA 40(2)(a)), an Express Entry invitation's time to apply (Ministerial Instructions),
 * and the passport's expiry against the intended stay (IRPR 52(1)). The passport's issue itself is
 * the gatekeeper's compliance finding; here it is the dated statement.
 */
import type { Evidence } from '../../contracts/evidence';
import type { Deadline } from '../../contracts/legalAnalysis';
import { addDays, addYears, daysBetween } from '../calendar';
import { eventsOf, latestOf, type CaseInput } from '../caseInput';
import { misrepresentationFindings } from '../misrepresentationFindings';
import { deadlineRule } from './deadlineData';
import { dated } from './dated';

export function misrepresentationDeadlines(input: CaseInput): Deadline[] {
  return misrepresentationFindings(input).map((finding) =>
    dated({
      rule: deadlineRule('misrepresentation-period'),
      start: { event: finding.startEvent, date: finding.inCanada ? undefined : finding.startDate, evidence: finding.evidence[0] },
      period: 'five years',
      lastDay: (d) => addYears(d, 5),
      asOf: input.asOf,
      kind: 'period',
      meaning: 'during which the applicant is inadmissible and may not apply for permanent residence (IRPA 40(3))',
      check: finding.underReview
        ? 'This period follows only if the refusal\'s misrepresentation finding stands: it runs from the final determination, so a successful challenge removes it and an unsuccessful one moves its start to the day the challenge ends.'
        : 'If the finding was challenged, the five years run from the final determination; confirm its day.',
    }),
  );
}

export function expressEntryDeadline(input: CaseInput): Deadline[] {
  const invitation = latestOf(input, ['invitation-to-apply'], ['applicant']) ?? eventsOf(input, 'invitation-to-apply', ['applicant'])[0];
  if (!invitation) return [];
  return [
    dated({
      rule: deadlineRule('express-entry-ita'),
      start: { event: 'the invitation to apply', date: invitation.date, evidence: invitation.evidence },
      period: '60 days',
      lastDay: (d) => addDays(d, 60),
      asOf: input.asOf,
      kind: 'limit',
      meaning: 'to submit the complete application for permanent residence',
      check: "Check the invitation's own deadline: the period is set by Ministerial Instructions, which are not in the statutes this audit reads.",
    }),
  ];
}

export interface PassportDates {
  expiry: { iso: string; evidence: Evidence };
  stayEnd?: { iso: string; evidence: Evidence };
}

export function passportDeadline(input: CaseInput, passport: PassportDates | undefined): Deadline[] {
  const fromTimeline = eventsOf(input, 'passport-expiry', ['applicant']).find((e) => e.date?.precision === 'day');
  const expiry = passport?.expiry ?? (fromTimeline ? { iso: fromTimeline.date!.iso, evidence: fromTimeline.evidence } : undefined);
  if (!expiry || !/^\d{4}-\d{2}-\d{2}$/.test(expiry.iso)) return [];
  const rule = deadlineRule('passport-expiry');
  const daysLeft = daysBetween(input.asOf, expiry.iso);
  const stay = passport?.stayEnd && /^\d{4}-\d{2}-\d{2}$/.test(passport.stayEnd.iso) ? passport.stayEnd : undefined;
  const short = stay ? stay.iso > expiry.iso : false;
  const status: Deadline['status'] = daysLeft < 0 ? 'passed' : daysLeft === 0 ? 'due-today' : daysLeft <= 7 ? 'close' : 'open';
  const severity = status === 'passed' ? 'critical' : status === 'open' ? (short ? 'high' : 'low') : 'high';
  const stayPart = stay ? (short ? `; the intended stay ends on ${stay.iso}, after it: the stay cannot be authorised beyond the passport's validity (IRPR 52(1))` : `; the intended stay ends on ${stay.iso}, before it`) : '';
  return [
    {
      id: rule.id,
      label: rule.label,
      rule: rule.rule,
      period: 'until expiry',
      startsFrom: { event: 'the passport\'s expiry', date: expiry.iso, evidence: expiry.evidence },
      due: expiry.iso,
      status,
      daysLeft,
      severity,
      explanation: `The passport expires on ${expiry.iso} (${daysLeft < 0 ? `${-daysLeft} days ago` : `${daysLeft} days from now`})${stayPart}.`,
      ...(short || daysLeft < 0 ? { check: 'Renew the passport and file the new one before the permit is issued.' } : {}),
    },
  ];
}
