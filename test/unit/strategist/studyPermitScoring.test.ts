import { scoreCaseFile } from '../../../lambdas/agents/strategist/scoreCaseFile';
import { caseFileOf } from './strategistFixtures';
import { WEAK_STUDY } from './studyCaseTexts';

describe('strategist: study permit', () => {
  it('scores weak ties, an unexplained lump-sum deposit and a prior refusal low', async () => {
    const out = scoreCaseFile(await caseFileOf(WEAK_STUDY));
    expect(out.applicationType).toBe('study-permit');
    expect(out.rubricScore).toBeLessThan(35);
    expect(out.defensibilityScore).toBe(out.rubricScore);
  });

  it('rates funds adverse, quoting the cash deposit line, and cites IRPR 216(1)(b) and IRPR 220', async () => {
    const out = scoreCaseFile(await caseFileOf(WEAK_STUDY));
    const funds = out.factors.find((f) => f.id === 'funds-provenance')!;
    expect(funds.rating).toBe('adverse');
    expect(funds.provisions).toEqual(expect.arrayContaining(['IRPR 216(1)(b)', 'IRPR 220']));
    expect(funds.finding).toContain('A deposit of 2,500,000.00 on 2026-01-28');
    expect(funds.evidence).toEqual([{ docId: 'bank-statement-meghna.txt', page: 1, quote: expect.stringContaining('CASH DEPOSIT - BRANCH COUNTER') }]);
  });

  it('rates ties adverse from what the file says (no work, plan to settle, brother in Toronto), citing IRPR 216(1)(b)', async () => {
    const out = scoreCaseFile(await caseFileOf(WEAK_STUDY));
    const ties = out.factors.find((f) => f.id === 'home-ties')!;
    expect(ties.rating).toBe('adverse');
    expect(ties.provisions).toContain('IRPR 216(1)(b)');
    expect(ties.evidence.map((e) => e.quote)).toEqual(
      expect.arrayContaining([
        'I am currently unemployed since my employer closed its Dhaka office in August 2024.',
        'After graduating I hope to settle permanently in Canada and work as a chef in Toronto.',
      ]),
    );
  });

  it('rates a disclosed refusal of an earlier study permit weak, quoting the letter and the Yes answer', async () => {
    const out = scoreCaseFile(await caseFileOf(WEAK_STUDY));
    const refusals = out.factors.find((f) => f.id === 'prior-refusals')!;
    expect(refusals.rating).toBe('weak');
    expect(refusals.evidence.map((e) => e.docId)).toEqual(['refusal-letter-2025.txt', 'imm1294-application.txt']);
  });

  it('sees a step down from an MBA to an unrelated diploma, and a conditional admission', async () => {
    const out = scoreCaseFile(await caseFileOf(WEAK_STUDY));
    expect(out.factors.find((f) => f.id === 'study-plan-logic')).toMatchObject({ rating: 'weak', finding: expect.stringContaining('below a credential the applicant already holds') });
    expect(out.factors.find((f) => f.id === 'program-fit')).toMatchObject({ rating: 'weak' });
    expect(out.factors.find((f) => f.id === 'career-stage')).toMatchObject({ rating: 'weak', finding: expect.stringContaining('The applicant is 34') });
  });

  it('asks first for the evidence that answers the adverse factors', async () => {
    const out = scoreCaseFile(await caseFileOf(WEAK_STUDY));
    expect(out.evidencePlan.live[0].factor).toMatch(/home-ties|funds-provenance/);
    expect(out.evidencePlan.live.map((p) => p.item)).toEqual(expect.arrayContaining([expect.stringMatching(/source of any large deposit/)]));
  });
});
