import { analyseCase } from '../../../lambdas/law/analyseCase';
import { LegalAnalysis } from '../../../lambdas/contracts/legalAnalysis';
import { caseOf, event, officer, type CaseSpec } from './caseBuilder';

const deadline = (spec: CaseSpec, id: string) => LegalAnalysis.parse(analyseCase(caseOf(spec))).deadlines.find((d) => d.id === id);

describe('judicial review leave, IRPA 72(2)(b): 15 days in Canada, 60 outside, after the day of notification', () => {
  // Notified on Tuesday 2026-03-03: the 15 days exclude that day, so the last day is Wednesday 2026-03-18.
  const inCanada = (asOf: string): CaseSpec => ({
    kind: 'work-permit',
    location: 'inside-canada',
    isRefusal: true,
    asOf,
    timeline: [event('refusal', 'applicant', '2026-03-02'), event('notification', 'applicant', '2026-03-03')],
  });

  it('is open, with its last day 15 days after the notification', () => {
    expect(deadline(inCanada('2026-03-05'), 'jr-leave')).toMatchObject({ due: '2026-03-18', status: 'open', daysLeft: 13, rule: 'IRPA 72(2)(b)' });
  });

  it('is high with seven days or fewer left, due today on the last day, and critical the day after', () => {
    expect(deadline(inCanada('2026-03-17'), 'jr-leave')).toMatchObject({ status: 'close', severity: 'high', daysLeft: 1 });
    expect(deadline(inCanada('2026-03-18'), 'jr-leave')).toMatchObject({ status: 'due-today', severity: 'high', daysLeft: 0 });
    expect(deadline(inCanada('2026-03-19'), 'jr-leave')).toMatchObject({ status: 'passed', severity: 'critical', daysLeft: -1 });
  });

  it('gives 60 days for a matter arising outside Canada', () => {
    expect(deadline({ ...inCanada('2026-03-05'), location: 'outside-canada' }, 'jr-leave')).toMatchObject({ due: '2026-05-02' });
  });

  it('counts from the decision as the earliest possible start when the file does not show the notification, and says so', () => {
    const d = deadline({ kind: 'visitor-visa', location: 'outside-canada', isRefusal: true, asOf: '2026-03-05', timeline: [event('refusal', 'applicant', '2026-03-02')] }, 'jr-leave');
    expect(d).toMatchObject({ due: '2026-05-01', startsFrom: { event: 'the decision (earliest possible start)', date: '2026-03-02' } });
    expect(d?.check).toMatch(/earliest possible start/);
  });

  it('gives no last day for a decision dated only to the month, and names the conservative earliest one', () => {
    const d = deadline({ kind: 'study-permit', location: 'inside-canada', isRefusal: true, asOf: '2026-03-05', timeline: [event('refusal', 'applicant', '2026-03')] }, 'jr-leave');
    expect(d?.due).toBeUndefined();
    expect(d?.status).toBe('cannot-compute');
    expect(d?.explanation).toContain('2026-03-16');
    expect(d?.check).toMatch(/exact day/);
  });

  it('cannot compute without any dated decision or notification, and asks for the day', () => {
    const d = deadline({ kind: 'study-permit', isRefusal: true }, 'jr-leave');
    expect(d).toMatchObject({ status: 'cannot-compute' });
    expect(d?.due).toBeUndefined();
    expect(d?.check).toMatch(/Find the day/);
  });

  it('states a last day that falls on a weekend without moving it, and asks that the s 26 extension be confirmed', () => {
    // Notified 2026-03-13: 15 days later is Saturday 2026-03-28.
    const d = deadline({ kind: 'work-permit', location: 'inside-canada', isRefusal: true, asOf: '2026-03-20', timeline: [event('notification', 'applicant', '2026-03-13')] }, 'jr-leave');
    expect(d?.due).toBe('2026-03-28');
    expect(d?.check).toMatch(/Interpretation Act s 26/);
  });

  it('comes with the perfecting period, informational and counted from the filing', () => {
    const d = deadline(inCanada('2026-03-05'), 'jr-perfect-leave');
    expect(d).toMatchObject({ status: 'cannot-compute', severity: 'low' });
    expect(d?.explanation).toContain('2026-04-17');
  });
});

describe('the sponsorship appeal to the IAD, IAD Rules r 16(a): 30 days after the decision and reasons are received', () => {
  const outland = (asOf: string): CaseSpec => ({ isRefusal: true, asOf, timeline: [event('refusal', 'applicant', '2026-01-05'), event('notification', 'sponsor', '2026-01-09')] });

  it('runs 30 days from receipt, for a family-class refusal, with no Federal Court leave deadline', () => {
    const a = LegalAnalysis.parse(analyseCase(caseOf(outland('2026-02-07'))));
    expect(a.deadlines.find((d) => d.id === 'iad-sponsorship-appeal')).toMatchObject({ due: '2026-02-08', status: 'close', daysLeft: 1 });
    expect(a.deadlines.find((d) => d.id === 'jr-leave')).toBeUndefined();
  });

  it('is due on the thirtieth day and passed on the thirty-first', () => {
    expect(deadline(outland('2026-02-08'), 'iad-sponsorship-appeal')).toMatchObject({ status: 'due-today' });
    expect(deadline(outland('2026-02-09'), 'iad-sponsorship-appeal')).toMatchObject({ status: 'passed', severity: 'critical' });
  });
});

describe('the five-year misrepresentation period, IRPA 40(2)(a)', () => {
  const earlier = (asOf: string): CaseSpec => ({ kind: 'visitor-visa', asOf, timeline: [event('refusal', 'applicant', '2020-02-29', { detail: 'misrepresentation, A40(1)(a)' })] });

  it('runs to the fifth anniversary (28 February for a finding of 29 February) and has ended the day after', () => {
    expect(deadline(earlier('2025-02-28'), 'misrepresentation-period')).toMatchObject({ due: '2025-02-28', status: 'running' });
    expect(deadline(earlier('2025-03-01'), 'misrepresentation-period')).toMatchObject({ status: 'ended', severity: 'low' });
  });

  it('cannot be computed for a determination in Canada followed by a removal order, whose enforcement starts it', () => {
    const d = deadline({ kind: 'visitor-visa', timeline: [event('decision', 'applicant', '2023-04-01', { detail: 'misrepresentation' }), event('removal-order', 'applicant', '2023-05-01')] }, 'misrepresentation-period');
    expect(d).toMatchObject({ status: 'cannot-compute', startsFrom: { event: 'the enforcement of the removal order' } });
  });

  it('is shown for a refusal under challenge, as a consequence if the finding stands', () => {
    const d = deadline({ kind: 'visitor-visa', isRefusal: true, officerFindings: [officer('ground', 'misrepresentation')], timeline: [event('refusal', 'applicant', '2026-10-01')] }, 'misrepresentation-period');
    expect(d?.check).toMatch(/only if/);
  });
});

describe('an Express Entry invitation', () => {
  it('gives 60 days from the invitation and sends the lawyer to the invitation\'s own deadline', () => {
    const d = deadline({ kind: 'permanent-residence', subKinds: ['express-entry:cec'], asOf: '2026-11-28', timeline: [event('invitation-to-apply', 'applicant', '2026-11-02')] }, 'express-entry-ita');
    expect(d).toMatchObject({ due: '2027-01-01', status: 'open' });
    expect(d?.check).toMatch(/invitation's own deadline/);
  });
});

describe('passport expiry', () => {
  it('is a dated statement against the intended stay', () => {
    const input = { ...caseOf({ kind: 'study-permit' }), passport: { expiry: { iso: '2027-06-30', evidence: { docId: 'p', quote: 'Date of expiry 30 JUN 2027' } }, stayEnd: { iso: '2028-04-30', evidence: { docId: 'l', quote: 'Expected completion: April 30, 2028' } } } };
    const d = analyseCase(input).deadlines.find((x) => x.id === 'passport-expiry');
    expect(d).toMatchObject({ due: '2027-06-30', status: 'open', severity: 'high' });
    expect(d?.explanation).toContain('2028-04-30');
  });
});

describe('restoration of temporary resident status, IRPR 182(1): 90 days after losing status', () => {
  // An extension refused in Canada on Tuesday 2026-09-08 (the permit had run out while it was pending,
  // IRPR 183(5)(a)): the 90 days exclude that day, so the last day is Monday 2026-12-07.
  const extensionRefused = (asOf: string, location: CaseSpec['location'] = 'inside-canada'): CaseSpec => ({
    kind: 'study-permit',
    location,
    isRefusal: true,
    asOf,
    timeline: [event('refusal', 'applicant', '2026-09-08')],
  });

  it('runs 90 days from the refusal of an extension made in Canada, with the conditions and the day status was lost to confirm', () => {
    const d = deadline(extensionRefused('2026-11-20'), 'restoration');
    expect(d).toMatchObject({ due: '2026-12-07', status: 'open', daysLeft: 17, rule: 'IRPR 182(1)', startsFrom: { date: '2026-09-08' } });
    expect(d?.check).toMatch(/IRPR 183\(5\)\(a\)/);
    expect(d?.check).toMatch(/IRPR 182\(2\)/);
  });

  it('is close the day before its last day, due on it, and passed (critical) the day after', () => {
    expect(deadline(extensionRefused('2026-12-06'), 'restoration')).toMatchObject({ status: 'close', daysLeft: 1 });
    expect(deadline(extensionRefused('2026-12-07'), 'restoration')).toMatchObject({ status: 'due-today', daysLeft: 0 });
    expect(deadline(extensionRefused('2026-12-08'), 'restoration')).toMatchObject({ status: 'passed', severity: 'critical', daysLeft: -1 });
  });

  it('does not apply to a refusal outside Canada (no status in Canada was lost) nor to a permanent residence application', () => {
    expect(deadline(extensionRefused('2026-11-20', 'outside-canada'), 'restoration')).toBeUndefined();
    expect(deadline({ ...extensionRefused('2026-11-20'), kind: 'spousal-sponsorship' }, 'restoration')).toBeUndefined();
    expect(deadline({ ...extensionRefused('2026-11-20'), isRefusal: false }, 'restoration')).toBeUndefined();
  });

  it('covers a worker and a visitor too', () => {
    expect(deadline({ ...extensionRefused('2026-11-20'), kind: 'work-permit' }, 'restoration')).toMatchObject({ due: '2026-12-07' });
    expect(deadline({ ...extensionRefused('2026-11-20'), kind: 'visitor-visa' }, 'restoration')).toMatchObject({ due: '2026-12-07' });
  });
});
