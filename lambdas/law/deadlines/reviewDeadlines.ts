/**
 * The deadlines to challenge a refusal, by forum: leave for judicial review (IRPA 72(2)(b): 15 days
 * in Canada, 60 outside, after the day the applicant is notified or otherwise becomes aware), with
 * its perfecting period (Federal Courts immigration rules r 10(1)(a): 30 days after filing,
 * informational); or the sponsorship appeal (IAD Rules r 16(a): 30 days after the appellant
 * receives the decision and reasons). Where the file does not date the notification, the decision's
 * own date is the earliest possible start and the check says so.
 */
import type { Deadline, Forum } from '../../contracts/legalAnalysis';
import { addDays } from '../calendar';
import { latestOf, type CaseInput } from '../caseInput';
import { matterArises } from '../review/forum';
import { deadlineRule } from './deadlineData';
import { dated, type StartingEvent } from './dated';

/** The day the decision reached the person: a notification, else the decision (earliest possible start). */
function noticeOf(input: CaseInput): { start: StartingEvent; check?: string } {
  const decision = latestOf(input, ['refusal', 'decision'], ['applicant', 'sponsor']);
  const notification = latestOf(input, ['notification'], ['applicant', 'sponsor', 'counsel']);
  if (notification && (!decision || !decision.date || notification.date!.iso >= decision.date.iso.slice(0, notification.date!.iso.length))) {
    return { start: { event: 'notification of the decision', date: notification.date, evidence: notification.evidence } };
  }
  if (decision) {
    return {
      start: { event: 'the decision (earliest possible start)', date: decision.date, evidence: decision.evidence },
      check: "The file does not show the day the decision was received: the count starts from the decision's own date, the earliest possible start; if it was received later, the last day is later by as many days. Confirm the day of receipt (e-mail, portal message or courier record).",
    };
  }
  return { start: { event: 'notification of the decision' }, check: 'Neither the decision nor its notification is dated in the file.' };
}

export function reviewDeadlines(input: CaseInput, forum: Forum | undefined): Deadline[] {
  if (!forum || forum.route === 'none' || forum.route === 'unknown') return [];
  const notice = noticeOf(input);
  if (forum.route === 'iad-appeal') {
    return [
      dated({
        rule: deadlineRule('iad-sponsorship-appeal'),
        start: notice.start,
        period: '30 days',
        lastDay: (d) => addDays(d, 30),
        asOf: input.asOf,
        kind: 'limit',
        meaning: 'for the sponsor to file the notice of appeal with the Immigration Appeal Division',
        check: [notice.check, 'The appeal is the sponsor\'s: the count runs from the day the sponsor received the decision and the written reasons.'].filter(Boolean).join(' '),
      }),
    ];
  }
  const where = matterArises(input);
  const rule = deadlineRule('jr-leave');
  const days = where === 'outside-canada' ? rule.period.outsideCanadaDays! : rule.period.days!;
  const whereCheck = where === 'unknown' ? 'The file does not show whether the matter arose in Canada (15 days) or outside (60 days): counted with 15 days, the shorter; confirm where.' : undefined;
  const leave = dated({
    rule,
    start: notice.start,
    period: `${days} days (${where === 'outside-canada' ? 'a matter arising outside Canada' : 'a matter arising in Canada'})`,
    lastDay: (d) => addDays(d, days),
    asOf: input.asOf,
    kind: 'limit',
    meaning: 'to serve and file the application for leave and judicial review in the Federal Court',
    check: [notice.check, whereCheck, 'A judge may extend the time for special reasons (IRPA 72(2)(c)).'].filter(Boolean).join(' '),
  });
  const perfectRule = deadlineRule('jr-perfect-leave');
  const perfect: Deadline = {
    id: perfectRule.id,
    label: perfectRule.label,
    rule: perfectRule.rule,
    period: '30 days',
    startsFrom: { event: 'the filing of the application for leave' },
    status: 'cannot-compute',
    severity: 'low',
    explanation: `${perfectRule.rule}: the applicant's record is due 30 days after the application for leave is filed (when the written reasons were received)${leave.due ? `; filed on its last day, ${leave.due}, the record would be due ${addDays(leave.due, 30)}` : ''}.`,
    check: 'Count 30 days from the day the application for leave is actually filed; if the written reasons have not been received, from the day they are (r 10(1)(b)).',
  };
  return [leave, perfect];
}
