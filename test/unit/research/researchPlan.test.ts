import { createBundledIndexSource } from '../../../lambdas/core/research/bundledIndexSource';
import { ISSUES, planResearch } from '../../../lambdas/agents/detective/research/researchPlan';
import { ResearchIssue } from '../../../lambdas/contracts/detectiveOutput';
import { document, fact, profile, SPOUSAL_WITH_UNDISCLOSED_REFUSAL } from './researchFixtures';

const ids = (issues: ResearchIssue[]) => issues.map((i) => i.id);

describe('research plan: issues from the application type', () => {
  it('study permit: intent to leave (IRPR 216(1)(b)), financial capacity, dual intent', () => {
    const plan = planResearch('study-permit', profile(), [document('imm-1294')]);
    expect(ids(plan)).toEqual(['study-intent-to-leave', 'financial-capacity', 'dual-intent']);
    expect(plan[0].description).toContain('IRPR 216(1)(b)');
  });

  it('spousal sponsorship: genuineness and primary purpose (IRPR 4(1))', () => {
    const plan = planResearch('spousal-sponsorship', profile(), [document('imm-1344')]);
    expect(ids(plan)).toEqual(['spousal-genuineness']);
    expect(plan[0].description).toContain('IRPR 4(1)');
  });

  it('visitor visa: leaving at the end of the stay (IRPR 179(b))', () => {
    expect(planResearch('visitor-visa', profile(), [])[0]).toMatchObject({ id: 'visitor-intent-to-leave', description: expect.stringContaining('IRPR 179(b)') });
  });

  it('work permit: ability to perform the work (IRPR 200(3)(a)) and leaving at the end of the period', () => {
    const plan = planResearch('work-permit', profile(), []);
    expect(ids(plan)).toEqual(['work-ability-to-perform', 'work-intent-to-leave']);
    expect(plan[0].description).toContain('IRPR 200(3)(a)');
  });

  it('refusal file of an unrecognised kind (and an audit stored as refusal-response): standard of review, procedural fairness, adequacy of reasons', () => {
    expect(ids(planResearch('unknown', profile(), [], { answersRefusal: true }))).toEqual(['standard-of-review', 'procedural-fairness', 'adequacy-of-reasons']);
    expect(ids(planResearch('refusal-response', profile(), []))).toEqual(['standard-of-review', 'procedural-fairness', 'adequacy-of-reasons']);
  });

  it("refusal file typed by its refused kind: the refusal's review issues, then that kind's own issues", () => {
    const plan = planResearch('study-permit', profile(), [document('refusal-letter')], { answersRefusal: true });
    expect(ids(plan).slice(0, 3)).toEqual(['standard-of-review', 'procedural-fairness', 'adequacy-of-reasons']);
    expect(ids(plan)).toEqual(expect.arrayContaining(ids(planResearch('study-permit', profile(), []))));
    expect(plan.slice(3).every((issue) => issue.reason.startsWith('the refused application was a study-permit'))).toBe(true);
  });

  it('refusal response: also researches the refused application\'s own issues, from its form in the file', () => {
    const plan = planResearch('refusal-response', profile(), [document('refusal-letter'), document('imm-5257')]);
    expect(ids(plan)).toEqual(['standard-of-review', 'procedural-fairness', 'adequacy-of-reasons', 'visitor-intent-to-leave']);
    expect(plan[3].reason).toContain('visitor-visa');
  });

  it('unknown application type with no signals: nothing to research', () => {
    expect(planResearch('unknown', profile(), [])).toEqual([]);
  });

  it('produces issues that satisfy the ResearchIssue contract, each with a reason', () => {
    for (const type of ['study-permit', 'spousal-sponsorship', 'visitor-visa', 'work-permit', 'refusal-response'] as const) {
      for (const issue of planResearch(type, SPOUSAL_WITH_UNDISCLOSED_REFUSAL.profile, SPOUSAL_WITH_UNDISCLOSED_REFUSAL.documents)) {
        expect(ResearchIssue.parse(issue)).toEqual(issue);
        expect(issue.reason.length).toBeGreaterThan(10);
      }
    }
  });
});

describe('research plan: issues from profile signals', () => {
  it('puts misrepresentation (IRPA 40(1)(a)) first when a refusal letter is in the file and a form answers No to prior refusals', () => {
    const plan = planResearch('spousal-sponsorship', SPOUSAL_WITH_UNDISCLOSED_REFUSAL.profile, SPOUSAL_WITH_UNDISCLOSED_REFUSAL.documents);
    expect(plan[0]).toMatchObject({
      id: 'misrepresentation-undisclosed-refusal',
      topics: ['misrepresentation'],
      reason: 'a refusal letter is in the file and a declaration in the file states there was no prior refusal',
    });
    expect(plan[0].description).toContain('IRPA 40(1)(a)');
  });

  it('also flags misrepresentation from a recorded prior refusal and a "never been refused" statement, without a refusal letter', () => {
    const p = profile({
      priorRefusals: [fact('answered Yes: Have you ever been refused a visa?')],
      declarations: [fact('I have never been refused a visa to any country.')],
    });
    const plan = planResearch('visitor-visa', p, [document('imm-5257')]);
    expect(plan[0]).toMatchObject({ id: 'misrepresentation-undisclosed-refusal', reason: expect.stringContaining('a prior refusal is recorded in the file') });
  });

  it('does not flag misrepresentation from a "never refused" declaration alone', () => {
    const p = profile({ declarations: [fact('I have never been refused a visa.')] });
    expect(ids(planResearch('visitor-visa', p, []))).not.toContain('misrepresentation-undisclosed-refusal');
  });

  it('asks about disclosing a refusal that is in the file but not contradicted by a declaration', () => {
    const plan = planResearch('study-permit', profile(), [document('refusal-letter')]);
    expect(ids(plan)).toContain('prior-refusal-disclosure');
    expect(ids(plan)).not.toContain('misrepresentation-undisclosed-refusal');
    expect(ids(planResearch('refusal-response', profile(), [document('refusal-letter')]))).not.toContain('prior-refusal-disclosure');
    expect(ids(planResearch('study-permit', profile(), [document('refusal-letter')], { answersRefusal: true }))).not.toContain('prior-refusal-disclosure');
  });

  it('adds financial capacity when funds are stated, except for spousal sponsorship', () => {
    const withFunds = profile({ funds: [fact('CAD 12,000'), fact('CAD 3,000')] });
    expect(planResearch('visitor-visa', withFunds, []).find((i) => i.id === 'financial-capacity')).toMatchObject({
      reason: '2 fund amounts stated in the file',
    });
    expect(ids(planResearch('spousal-sponsorship', withFunds, []))).not.toContain('financial-capacity');
  });

  it('says when a study permit file has no proof of funds', () => {
    const issue = planResearch('study-permit', profile(), []).find((i) => i.id === 'financial-capacity');
    expect(issue?.reason).toContain('no proof of funds was found in the file');
  });

  it('never puts personal data in issues: no names, quotes or amounts', () => {
    const p = profile({
      ...SPOUSAL_WITH_UNDISCLOSED_REFUSAL.profile,
      applicantName: fact('Rowena Tabanao Catapang'),
      sponsorName: fact('Daniel Ross Ketteridge'),
    });
    const text = JSON.stringify(planResearch('spousal-sponsorship', p, SPOUSAL_WITH_UNDISCLOSED_REFUSAL.documents));
    for (const personal of ['Rowena', 'Ketteridge', 'CAD 4,200', 'Have you ever been refused', 'temporary resident visa has been refused']) {
      expect(text).not.toContain(personal);
    }
  });
});

describe('research plan queries against the bundled index', () => {
  const source = createBundledIndexSource();
  it.each([
    [ISSUES.misrepresentation, 'spousal-sponsorship', 'IRPA 40(1)(a)'],
    [ISSUES.studyIntentToLeave, 'study-permit', 'IRPR 216(1)(b)'],
    [ISSUES.studyFinancialCapacity, 'study-permit', 'IRPR 220'],
    [ISSUES.dualIntent, 'study-permit', 'IRPA 22(2)'],
    [ISSUES.spousalGenuineness, 'spousal-sponsorship', 'IRPR 4(1)'],
    [ISSUES.visitorIntentToLeave, 'visitor-visa', 'IRPR 179(b)'],
    [ISSUES.workAbilityToPerform, 'work-permit', 'IRPR 200(3)(a)'],
    [ISSUES.standardOfReview, 'refusal-response', '2019 SCC 65'],
    [ISSUES.proceduralFairness, 'refusal-response', '[1999] 2 SCR 817'],
  ] as const)('issue %# (%s) finds its key authority in the top 3', async (issue, applicationType, expected) => {
    const hits = await source.search({ text: issue.query, topics: issue.topics, applicationType });
    expect(hits.slice(0, 3).map((h) => h.citation)).toContain(expected);
  });
});
