import { scoreCaseFile } from '../../../lambdas/agents/strategist/scoreCaseFile';
import { STRONG_SPOUSAL, WHIRLWIND_SPOUSAL } from './spousalCaseTexts';
import { caseFileOf } from './strategistFixtures';

const factor = (out: ReturnType<typeof scoreCaseFile>, id: string) => {
  const f = out.factors.find((x) => x.id === id);
  if (!f) throw new Error(`no factor ${id}`);
  return f;
};

describe('strategist: spousal sponsorship', () => {
  it('scores a long, consistent, well-documented relationship at 65 or more', async () => {
    const out = scoreCaseFile(await caseFileOf(STRONG_SPOUSAL));
    expect(out.applicationType).toBe('spousal-sponsorship');
    expect(out.rubric).toEqual({ id: 'spousal-sponsorship', version: expect.any(String) });
    expect(out.rubricScore).toBeGreaterThanOrEqual(65);
    expect(out.defensibilityScore).toBe(out.rubricScore);
    expect(out.modelAdjustment).toBeNull();
    expect(out.confidence).toBe('high');
    expect(out.factors.filter((f) => f.rating === 'adverse')).toEqual([]);
  });

  it('reads the relationship dates written as 14/03/2019, "May 20, 2023" and "20 May 2023"', async () => {
    const out = scoreCaseFile(await caseFileOf(STRONG_SPOUSAL));
    const history = factor(out, 'relationship-history');
    expect(history.rating).toBe('strong');
    expect(history.finding).toContain('50 months from its start (2019-03-14) to the marriage (2023-05-20)');
    expect(factor(out, 'answer-consistency').rating).not.toMatch(/weak|adverse/);
  });

  it('finds the joint lease naming both partners and rates cohabitation strong', async () => {
    const out = scoreCaseFile(await caseFileOf(STRONG_SPOUSAL));
    const cohabitation = factor(out, 'cohabitation');
    expect(cohabitation.rating).toBe('strong');
    expect(cohabitation.evidence[0]).toMatchObject({ docId: 'joint-lease-pune.txt' });
  });

  it('treats "no children together" as neutral rather than a weakness', async () => {
    const out = scoreCaseFile(await caseFileOf(STRONG_SPOUSAL));
    expect(factor(out, 'children').rating).toBe('adequate');
    expect(out.weaknesses.map((w) => w.factor)).not.toContain('children');
  });

  it('lists every strong factor as a strength and the documents behind them in the baseline plan', async () => {
    const out = scoreCaseFile(await caseFileOf(STRONG_SPOUSAL));
    expect(out.strengths.map((s) => s.factor)).toEqual(out.factors.filter((f) => f.rating === 'strong').map((f) => f.id));
    expect(out.evidencePlan.baseline.map((b) => b.item)).toEqual(expect.arrayContaining([expect.stringContaining('joint-lease-pune.txt'), expect.stringContaining('imm5532-relationship.txt')]));
  });

  it('scores a whirlwind marriage with no cohabitation and contradictory answers low, with an adverse IRPR 4(1) factor', async () => {
    const out = scoreCaseFile(await caseFileOf(WHIRLWIND_SPOUSAL));
    expect(out.rubricScore).toBeLessThan(40);
    const convenience = factor(out, 'convenience-signals');
    expect(convenience).toMatchObject({ rating: 'adverse', earned: 0 });
    expect(convenience.provisions).toContain('IRPR 4(1)');
    expect(convenience.finding).toMatch(/marriage \d month\(s\) after the relationship began; no shared language; money paid/);
    expect(convenience.evidence.map((e) => e.quote)).toEqual(
      expect.arrayContaining([expect.stringContaining('translation app'), expect.stringContaining('I paid a fee of USD 3,000')]),
    );
  });

  // The date contradiction (first met 2024-01-05 in one account, 2023-11-20 in the other) waits on the
  // rules reader: it does not yet read "I met Viktor on 2023-11-20 when he wrote to me" as a first contact.
  // Which dates are compared (this couple's only) is specified in answerConsistencyFacts.test.ts.
  it('quotes both sides of each contradiction between the partners’ accounts', async () => {
    const out = scoreCaseFile(await caseFileOf(WHIRLWIND_SPOUSAL));
    const consistency = factor(out, 'answer-consistency');
    expect(['weak', 'adverse']).toContain(consistency.rating);
    expect(consistency.finding).toContain('whether the partners have lived together');
    expect(consistency.evidence.map((e) => e.docId)).toEqual(expect.arrayContaining(['imm5532-relationship.txt', 'applicant-statement.txt']));
  });

  it('rates the absence of joint finances as no evidence, not as adverse', async () => {
    const out = scoreCaseFile(await caseFileOf(WHIRLWIND_SPOUSAL));
    expect(factor(out, 'joint-finances')).toMatchObject({ rating: 'no-evidence', earned: 0, evidence: [] });
    expect(out.confidence).not.toBe('high');
    expect(out.evidencePlan.live.map((p) => p.factor)).toContain('joint-finances');
  });

  it('puts adverse factors first among the weaknesses, each naming its provisions', async () => {
    const out = scoreCaseFile(await caseFileOf(WHIRLWIND_SPOUSAL));
    const adverse = out.factors.filter((f) => f.rating === 'adverse').map((f) => f.id);
    expect(out.weaknesses.slice(0, adverse.length).map((w) => w.factor)).toEqual(adverse);
    expect(out.weaknesses[0].text).toMatch(/\(adverse; IRPR 4\(1\)/);
  });
});
