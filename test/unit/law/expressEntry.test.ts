/**
 * Express Entry eligibility (lambdas/law/expressEntry/): each class's requirements as rules over the
 * case-fact model, at their boundary days, and what each says when the file cannot tell.
 */
import { analyseCase } from '../../../lambdas/law/analyseCase';
import { LegalAnalysis } from '../../../lambdas/contracts/legalAnalysis';
import type { DocumentType } from '../../../lambdas/contracts/documentTypes';
import type { TimelineEvent } from '../../../lambdas/contracts/caseFacts';
import { caseOf, event, type CaseSpec } from './caseBuilder';

const analysis = (spec: CaseSpec) => LegalAnalysis.parse(analyseCase(caseOf({ kind: 'permanent-residence', ...spec })));
const byProvision = (spec: CaseSpec, provision: string) => analysis(spec).findings.filter((f) => f.provision === provision);
const docs = (...types: DocumentType[]) => types.map((type, i) => ({ docId: `d${i}`, type }));

const job = (from: string, to: string | undefined, detail: string, country: string | undefined = 'Canada'): TimelineEvent =>
  event('employment', 'applicant', from, { ...(to ? { end: { iso: to, precision: 'day' } } : {}), detail, ...(country ? { country } : {}) });
const study = (from: string, to: string, detail = 'full-time'): TimelineEvent => event('study', 'applicant', from, { end: { iso: to, precision: 'day' }, detail });
const applied = (iso: string) => event('application', 'applicant', iso);
const ielts = (l: number, r: number, w: number, s: number, iso = '2026-01-10') =>
  event('language-test', 'applicant', iso, { detail: `IELTS General Training; listening ${l}; reading ${r}; writing ${w}; speaking ${s}` });

const SKILLED_FULL_TIME = 'NOC 21232; 37.5 hours per week; full-time';
const cec = (timeline: TimelineEvent[], extra: Partial<CaseSpec> = {}): CaseSpec => ({ subKinds: ['express-entry', 'express-entry:cec'], timeline: [ielts(8, 7, 7, 7), ...timeline], documents: docs('language-test-results', 'employment-letter'), ...extra });

describe('IRPR 87.1(2)(a): one year of full-time skilled work in Canada in the three years before the application', () => {
  const since = (start: string, application: string) => cec([job(start, undefined, SKILLED_FULL_TIME), applied(application)]);

  it('is engaged and decisive for an application made the day before the year is reached, with the window and the count in its reasoning', () => {
    const [f] = byProvision(since('2025-06-06', '2026-06-05'), 'IRPR 87.1(2)(a)');
    expect(f).toMatchObject({ status: 'engaged', decisive: true, severity: 'critical' });
    expect(f.reasoning).toContain('2023-06-05');
    expect(f.reasoning).toContain('364 days');
    expect(f.facts.length).toBeGreaterThan(0);
  });

  it('is met on the day the year is reached, and the day after', () => {
    expect(byProvision(since('2025-06-06', '2026-06-06'), 'IRPR 87.1(2)(a)')).toEqual([]);
    expect(byProvision(since('2025-06-06', '2026-06-07'), 'IRPR 87.1(2)(a)')).toEqual([]);
  });

  it('counts only the work inside the three years: a past job reaching a year the day before, the day of, the day after the window moves past it', () => {
    const ended = (application: string) => cec([job('2022-06-06', '2024-06-04', SKILLED_FULL_TIME), applied(application)]);
    expect(byProvision(ended('2026-06-05'), 'IRPR 87.1(2)(a)')).toEqual([]);
    expect(byProvision(ended('2026-06-06'), 'IRPR 87.1(2)(a)')).toEqual([]);
    expect(byProvision(ended('2026-06-07'), 'IRPR 87.1(2)(a)')[0]).toMatchObject({ status: 'engaged' });
  });

  it('leaves out work done while a full-time student (IRPR 87.1(3)(a)) and says so', () => {
    const student = (application: string) => cec([job('2024-01-08', undefined, 'NOC 21223; 30 hours per week'), study('2023-09-05', '2025-08-22'), applied(application)]);
    const [f] = byProvision(student('2026-08-22'), 'IRPR 87.1(2)(a)');
    expect(f).toMatchObject({ status: 'engaged' });
    expect(f.reasoning).toMatch(/full-time study left out/);
    expect(byProvision(student('2026-08-23'), 'IRPR 87.1(2)(a)')).toEqual([]);
  });

  it('asks whether the studies were full-time when the file does not say and only that decides the year', () => {
    const [f] = byProvision(cec([job('2024-01-08', undefined, SKILLED_FULL_TIME), study('2023-09-05', '2025-08-22', 'diploma'), applied('2026-03-01')]), 'IRPR 87.1(2)(a)');
    expect(f).toMatchObject({ status: 'check', decisive: false });
    expect(f.check).toMatch(/part-time/);
  });

  it('leaves out self-employment (IRPR 87.1(3)(b))', () => {
    const [f] = byProvision(cec([job('2023-01-01', undefined, 'NOC 21232; 40 hours per week; self-employed'), applied('2026-01-01')]), 'IRPR 87.1(2)(a)');
    expect(f).toMatchObject({ status: 'engaged' });
    expect(f.reasoning).toMatch(/self-employment left out/);
  });

  it('counts part-time work in proportion: 15 hours a week for two years is one year', () => {
    const partTime = (application: string) => cec([job('2024-06-06', undefined, 'NOC 21232; 15 hours per week; part-time'), applied(application)]);
    expect(byProvision(partTime('2026-06-06'), 'IRPR 87.1(2)(a)')).toEqual([]);
    expect(byProvision(partTime('2026-06-05'), 'IRPR 87.1(2)(a)')[0]).toMatchObject({ status: 'engaged' });
  });

  it('does not count work outside Canada', () => {
    expect(byProvision(cec([job('2020-01-01', undefined, SKILLED_FULL_TIME, 'India'), applied('2026-01-01')]), 'IRPR 87.1(2)(a)')[0]).toMatchObject({ status: 'engaged' });
  });

  it('does not count a TEER 4 or 5 occupation', () => {
    expect(byProvision(cec([job('2022-01-01', undefined, 'NOC 65200; 40 hours per week'), applied('2026-01-01')]), 'IRPR 87.1(2)(a)')[0]).toMatchObject({ status: 'engaged' });
  });

  it('asks for the hours and the occupation code instead of flagging when the file does not state them', () => {
    const [f] = byProvision(cec([job('2022-01-01', undefined, ''), applied('2026-01-01')]), 'IRPR 87.1(2)(a)');
    expect(f).toMatchObject({ status: 'check', decisive: false });
    expect(f.check).toMatch(/hours per week/);
    expect(f.check).toMatch(/NOC code/);
  });

  it('asks for the work history when the file dates no work at all', () => {
    expect(byProvision(cec([applied('2026-01-01')]), 'IRPR 87.1(2)(a)')[0]).toMatchObject({ status: 'check' });
  });

  it('tests an application made on the day of the analysis when the file does not date it, and says so', () => {
    const [f] = byProvision(cec([job('2025-06-06', undefined, SKILLED_FULL_TIME)], { asOf: '2026-06-05' }), 'IRPR 87.1(2)(a)');
    expect(f.reasoning).toContain('an application filed today (2026-06-05)');
  });

  it('is not assessed on a refusal file, nor for another class or another kind of application', () => {
    expect(byProvision({ ...since('2025-06-06', '2026-06-05'), isRefusal: true, workflowType: 'refusal-analysis' }, 'IRPR 87.1(2)(a)')).toEqual([]);
    expect(byProvision({ ...since('2025-06-06', '2026-06-05'), subKinds: ['express-entry', 'express-entry:fsw'] }, 'IRPR 87.1(2)(a)')).toEqual([]);
    expect(byProvision({ ...since('2025-06-06', '2026-06-05'), kind: 'work-permit' }, 'IRPR 87.1(2)(a)')).toEqual([]);
  });
});

describe('language: the Minister\'s thresholds in each of the four abilities (IRPR 87.1(2)(d), 75(2)(d), 87.2(3)(a))', () => {
  const withTest = (test: TimelineEvent, subKinds: string[], detail = SKILLED_FULL_TIME, application = '2026-06-01') => ({
    subKinds: ['express-entry', ...subKinds],
    timeline: [test, job('2020-01-01', undefined, detail), applied(application)],
    documents: docs('language-test-results', 'employment-letter', 'bank-statement', 'educational-credential-assessment'),
  });

  it('is engaged for a Canadian experience applicant in a TEER 1 job with IELTS writing 5.5 (CLB 6), and met at TEER 2 (CLB 5)', () => {
    const [f] = byProvision(withTest(ielts(7, 7, 5.5, 7), ['express-entry:cec']), 'IRPR 87.1(2)(d)');
    expect(f).toMatchObject({ status: 'engaged', decisive: true });
    expect(f.reasoning).toMatch(/writing 5.5 \(CLB 6\)/);
    expect(byProvision(withTest(ielts(7, 7, 5.5, 7), ['express-entry:cec'], 'NOC 22300; 40 hours per week'), 'IRPR 87.1(2)(d)')).toEqual([]);
  });

  it('is met at exactly CLB 7 (IELTS 6.0 in each ability) for a TEER 1 job', () => {
    expect(byProvision(withTest(ielts(6, 6, 6, 6), ['express-entry:cec']), 'IRPR 87.1(2)(d)')).toEqual([]);
  });

  it('reads CELPIP levels as CLB levels: skilled trades at reading 4 is met, at reading 3 it is not', () => {
    const celpip = (r: number) => event('language-test', 'applicant', '2026-01-10', { detail: `CELPIP-General; listening 5; reading ${r}; writing 4; speaking 5` });
    expect(byProvision(withTest(celpip(4), ['express-entry:fst'], 'NOC 72106; 40 hours per week'), 'IRPR 87.2(3)(a)')).toEqual([]);
    expect(byProvision(withTest(celpip(3), ['express-entry:fst'], 'NOC 72106; 40 hours per week'), 'IRPR 87.2(3)(a)')[0]).toMatchObject({ status: 'engaged' });
  });

  it('records TEF Canada scores and asks for their CLB conversion instead of guessing it', () => {
    const tef = event('language-test', 'applicant', '2026-01-10', { detail: 'TEF Canada; listening 520; reading 480; writing 430; speaking 455' });
    const [f] = byProvision(withTest(tef, ['express-entry:cec']), 'IRPR 87.1(2)(d)');
    expect(f).toMatchObject({ status: 'check', decisive: false });
    expect(f.reasoning).toContain('listening 520');
  });

  it('does not accept IELTS Academic as a designated test without a check', () => {
    const academic = event('language-test', 'applicant', '2026-01-10', { detail: 'IELTS Academic; listening 8; reading 8; writing 8; speaking 8' });
    expect(byProvision(withTest(academic, ['express-entry:fsw']), 'IRPR 75(2)(d)')[0]).toMatchObject({ status: 'check' });
  });

  it('asks for results when the file holds none', () => {
    const [f] = byProvision({ subKinds: ['express-entry', 'express-entry:cec'], timeline: [job('2020-01-01', undefined, SKILLED_FULL_TIME)] }, 'IRPR 87.1(2)(d)');
    expect(f).toMatchObject({ status: 'check' });
    expect(f.reasoning).toMatch(/no language test results/);
  });

  it('for a federal skilled worker, results two years old on the application day are out of date; the day before they are not', () => {
    expect(byProvision(withTest(ielts(8, 8, 8, 8, '2024-06-01'), ['express-entry:fsw'], SKILLED_FULL_TIME, '2026-06-01'), 'IRPR 75(2)(d)')[0]).toMatchObject({ status: 'engaged' });
    expect(byProvision(withTest(ielts(8, 8, 8, 8, '2024-06-01'), ['express-entry:fsw'], SKILLED_FULL_TIME, '2026-05-31'), 'IRPR 75(2)(d)')).toEqual([]);
  });
});

describe('the federal skilled worker class (IRPR 75(2), 76(1))', () => {
  const fsw = (timeline: TimelineEvent[], types: DocumentType[] = ['language-test-results', 'employment-letter', 'educational-credential-assessment', 'bank-statement']): CaseSpec => ({
    subKinds: ['express-entry', 'express-entry:fsw'],
    timeline: [ielts(8, 8, 8, 8), ...timeline],
    documents: docs(...types),
  });

  it('needs one continuous year: two half-years of skilled work with a gap between them do not make one (IRPR 75(2)(a))', () => {
    const [f] = byProvision(fsw([job('2020-01-01', '2020-06-30', SKILLED_FULL_TIME, 'Kenya'), job('2021-01-01', '2021-06-30', SKILLED_FULL_TIME, 'Kenya'), applied('2026-01-01')]), 'IRPR 75(2)(a)');
    expect(f).toMatchObject({ status: 'engaged', decisive: true });
  });

  it('is met by one continuous year abroad within the ten years, and not by one that ended more than ten years before', () => {
    expect(byProvision(fsw([job('2017-01-01', '2017-12-31', SKILLED_FULL_TIME, 'Kenya'), applied('2026-01-01')]), 'IRPR 75(2)(a)')).toEqual([]);
    expect(byProvision(fsw([job('2014-01-01', '2014-12-31', SKILLED_FULL_TIME, 'Kenya'), applied('2026-01-01')]), 'IRPR 75(2)(a)')[0]).toMatchObject({ status: 'engaged' });
  });

  it('always leaves the selection points as a check (IRPR 76(1)(a)): the audit does not award them', () => {
    const [f] = byProvision(fsw([job('2018-01-01', undefined, SKILLED_FULL_TIME, 'Kenya'), applied('2026-01-01')]), 'IRPR 76(1)(a)');
    expect(f).toMatchObject({ status: 'check', decisive: false });
  });

  it('flags missing settlement funds without an offer, asks about the exemption with one, and says nothing with a bank statement (IRPR 76(1)(b))', () => {
    const timeline = [job('2018-01-01', undefined, SKILLED_FULL_TIME, 'Kenya'), applied('2026-01-01')];
    expect(byProvision(fsw(timeline, ['language-test-results', 'employment-letter']), 'IRPR 76(1)(b)(i)')[0]).toMatchObject({ status: 'engaged', severity: 'high', decisive: false });
    expect(byProvision(fsw(timeline, ['language-test-results', 'employment-letter', 'job-offer']), 'IRPR 76(1)(b)(i)')[0]).toMatchObject({ status: 'check' });
    expect(byProvision(fsw(timeline), 'IRPR 76(1)(b)(i)')).toEqual([]);
  });

  it('asks for the credential assessment when the file holds none (IRPR 75(2)(e))', () => {
    expect(byProvision(fsw([job('2018-01-01', undefined, SKILLED_FULL_TIME, 'Kenya'), applied('2026-01-01')], ['language-test-results', 'bank-statement']), 'IRPR 75(2)(e)')[0]).toMatchObject({ status: 'check' });
  });

  it('never asks a Canadian experience applicant for settlement funds', () => {
    expect(analysis(cec([job('2024-01-01', undefined, SKILLED_FULL_TIME), applied('2026-01-01')])).findings.filter((f) => f.provision.startsWith('IRPR 76'))).toEqual([]);
  });
});

describe('the federal skilled trades class (IRPR 87.2)', () => {
  const fst = (timeline: TimelineEvent[], types: DocumentType[] = ['language-test-results', 'employment-letter', 'job-offer', 'bank-statement']): CaseSpec => ({
    subKinds: ['express-entry', 'express-entry:fst'],
    timeline: [event('language-test', 'applicant', '2026-01-10', { detail: 'CELPIP-General; listening 6; reading 5; writing 5; speaking 6' }), ...timeline],
    documents: docs(...types),
  });
  const welder = 'NOC 72106; 40 hours per week';

  it('needs two years in a skilled trade in the five years: the day before they are reached it is engaged, on the day it is met', () => {
    expect(byProvision(fst([job('2024-03-01', undefined, welder, 'Morocco'), applied('2026-02-28')]), 'IRPR 87.2(3)(b)')[0]).toMatchObject({ status: 'engaged', decisive: true });
    expect(byProvision(fst([job('2024-03-01', undefined, welder, 'Morocco'), applied('2026-03-01')]), 'IRPR 87.2(3)(b)')).toEqual([]);
  });

  it('does not count an occupation outside the skilled-trade groups of IRPR 87.2(1)', () => {
    expect(byProvision(fst([job('2019-01-01', undefined, SKILLED_FULL_TIME, 'Morocco'), applied('2026-01-01')]), 'IRPR 87.2(3)(b)')[0]).toMatchObject({ status: 'engaged' });
  });

  it('asks for a certificate of qualification or an offer when the file shows no offer (IRPR 87.2(3)(d))', () => {
    expect(byProvision(fst([job('2019-01-01', undefined, welder, 'Morocco'), applied('2026-01-01')], ['language-test-results', 'bank-statement']), 'IRPR 87.2(3)(d)')[0]).toMatchObject({ status: 'check' });
  });

  it('a complete file engages nothing', () => {
    expect(analysis(fst([job('2019-01-01', undefined, welder, 'Morocco'), applied('2026-01-01')])).findings).toEqual([]);
  });
});

describe('an Express Entry file that names no class', () => {
  it('says the class is to be found, rather than assessing a class at random', () => {
    const { findings } = analysis({ subKinds: ['express-entry'] });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ provision: 'IRPA 12(2)', status: 'check' });
  });
});

describe('the invitation to apply', () => {
  it('gives the 60-day deadline from the invitation date', () => {
    const { deadlines } = analysis(cec([event('invitation-to-apply', 'applicant', '2026-09-18')], { asOf: '2026-10-05' }));
    expect(deadlines.find((d) => d.id === 'express-entry-ita')).toMatchObject({ due: '2026-11-17' });
  });
});
