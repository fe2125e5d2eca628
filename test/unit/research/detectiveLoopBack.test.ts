import { loadResearchIndex } from '../../../lambdas/core/caselaw/loadIndex';
import { createBundledIndexSource } from '../../../lambdas/core/research/bundledIndexSource';
import { runDetective } from '../../../lambdas/agents/detective/research/detective';
import { ResearchBudget } from '../../../lambdas/core/research/researchBudget';
import { planResearch } from '../../../lambdas/agents/detective/research/researchPlan';
import type { DetectiveOutput } from '../../../lambdas/contracts/detectiveOutput';
import type { ResearchSource } from '../../../lambdas/core/research/researchSource';
import { getTiers } from '../../../workflows/registry';
import { profile, recording, SPOUSAL_WITH_UNDISCLOSED_REFUSAL as SPOUSAL } from './researchFixtures';

const tiers = getTiers();
const index = loadResearchIndex();
const bundled = createBundledIndexSource({ index });
const refusalPlan = planResearch('refusal-response', profile(), []);
const spousalPlan = planResearch('spousal-sponsorship', SPOUSAL.profile, SPOUSAL.documents);

const citationsOf = (out: DetectiveOutput) => [...out.authorities, ...out.similarCases, ...out.deepResearch.findings].map((a) => a.citation);

async function firstRun(plan = spousalPlan, applicationType: 'spousal-sponsorship' | 'refusal-response' = 'spousal-sponsorship') {
  return runDetective({ plan, sources: [bundled], budget: new ResearchBudget(tiers.pro.maxResearchCalls), tier: tiers.pro, applicationType });
}

/** A previous run that cited Dunsmuir for the standard of review (as an older run or another source might have). */
function previousCitingDunsmuir(): DetectiveOutput {
  return {
    plan: refusalPlan,
    authorities: [
      { kind: 'case', citation: '2008 SCC 9', name: 'Dunsmuir v. New Brunswick', proposition: 'there are two standards of review, correctness and reasonableness', issueId: 'standard-of-review', source: 'bundled-index', score: 9, confidence: 'high' },
      { kind: 'case', citation: '[1999] 2 SCR 817', name: 'Baker v. Canada (Minister of Citizenship and Immigration)', proposition: 'the content of the duty of procedural fairness varies with context and is assessed through the Baker factors', issueId: 'procedural-fairness', source: 'bundled-index', score: 20, confidence: 'high' },
    ],
    similarCases: [],
    deepResearch: { status: 'skipped', reason: 'deep research (policy and program-instruction sources) is not included in this tier', findings: [] },
    researchCalls: { used: 3, limit: 6 },
    excluded: [],
    notes: [],
  };
}

function loopBack(previous: DetectiveOutput, replacementsFor: NonNullable<Parameters<typeof runDetective>[0]['replacementsFor']>, sources: ResearchSource[] = [bundled], plan = previous.plan) {
  return runDetective({
    plan,
    sources,
    budget: new ResearchBudget(tiers.pro.maxResearchCalls, previous.researchCalls.used),
    tier: tiers.pro,
    applicationType: plan === refusalPlan ? 'refusal-response' : 'spousal-sponsorship',
    previous,
    replacementsFor,
  });
}

describe('detective loop-back: replacing citations that failed verification', () => {
  it('searches only for the failed citation, on its issue, excluding it', async () => {
    const previous = await firstRun();
    const failed = previous.authorities.find((a) => a.kind === 'case' && a.issueId === 'misrepresentation-undisclosed-refusal');
    expect(failed).toBeDefined();
    const source = recording(bundled);
    await loopBack(previous, [{ citation: failed!.citation, issue: 'proposition-mismatch' }], [source]);

    expect(source.searches).toHaveLength(1);
    expect(source.searches[0]).toMatchObject({ text: spousalPlan[0].query, topics: ['misrepresentation'], kinds: ['case'] });
    expect(source.searches[0].exclude).toContain(failed!.citation);
  });

  it('keeps the other authorities unchanged and marks the replacement with `replaces`', async () => {
    const previous = await firstRun();
    const failed = previous.authorities.find((a) => a.kind === 'case')!;
    const out = await loopBack(previous, [{ citation: failed.citation, issue: 'name-mismatch' }]);

    const others = previous.authorities.filter((a) => a.citation !== failed.citation);
    expect(out.authorities.slice(0, others.length)).toEqual(others);
    const replacement = out.authorities.find((a) => a.replaces === failed.citation);
    expect(replacement).toMatchObject({ kind: 'case', issueId: failed.issueId, source: 'bundled-index' });
    expect(out.similarCases).toEqual(previous.similarCases);
    expect(out.plan).toEqual(previous.plan);
  });

  it('never re-cites a failed citation, and records it as failed verification', async () => {
    const previous = await firstRun();
    const failed = previous.authorities.map((a) => ({ citation: a.citation, issue: 'unverified' as const }));
    const out = await loopBack(previous, failed);
    for (const { citation } of failed) {
      expect(citationsOf(out)).not.toContain(citation);
      expect(out.excluded).toContainEqual({ citation, reason: 'failed verification (unverified)' });
    }
  });

  it('never re-cites a citation that failed in an earlier loop-back either', async () => {
    const previous = await firstRun();
    const [a, b] = previous.authorities.filter((x) => x.issueId === 'spousal-genuineness');
    const second = await loopBack(previous, [{ citation: a.citation, issue: 'unverified' }]);
    const third = await loopBack(second, [{ citation: b.citation, issue: 'unverified' }]);
    expect(citationsOf(third)).not.toContain(a.citation);
    expect(citationsOf(third)).not.toContain(b.citation);
  });

  it('prefers the replacement the index names for a superseded decision (Dunsmuir → Vavilov)', async () => {
    const previous = previousCitingDunsmuir();
    const out = await loopBack(previous, [{ citation: '2008 SCC 9', issue: 'superseded', proposition: 'reasonableness is the standard for reviewing the refusal' }]);
    expect(out.authorities).toContainEqual(
      expect.objectContaining({ citation: '2019 SCC 65', replaces: '2008 SCC 9', issueId: 'standard-of-review', source: 'bundled-index' }),
    );
    expect(citationsOf(out)).not.toContain('2008 SCC 9');
    expect(out.authorities).toContainEqual(previous.authorities[1]);
  });

  it('prefers the decision that reversed an overruled one (Kanthasamy FCA 2014 → Kanthasamy SCC 2015)', async () => {
    const previous = { ...previousCitingDunsmuir(), authorities: [] };
    const out = await loopBack(previous, [{ citation: '2014 FCA 113', issue: 'overruled', proposition: 'H&C relief requires weighing all humanitarian considerations' }]);
    expect(out.authorities).toContainEqual(expect.objectContaining({ citation: '2015 SCC 61', replaces: '2014 FCA 113' }));
  });

  it('looks the named replacement up when the search does not return it, skipping an overtaken link of the chain', async () => {
    // Pushpanathan → Dunsmuir (overtaken-in-part) → Vavilov: Vavilov is the good-law replacement.
    const withoutVavilov: ResearchSource = {
      name: 'bundled-index',
      kinds: ['case', 'provision'],
      search: async (q) => (await bundled.search(q)).filter((h) => h.citation !== '2019 SCC 65'),
      lookup: (c) => bundled.lookup!(c),
    };
    const source = recording(withoutVavilov);
    const previous = { ...previousCitingDunsmuir(), authorities: [] };
    const out = await loopBack(previous, [{ citation: '[1998] 1 SCR 982', issue: 'superseded' }], [source]);
    expect(source.lookups).toEqual(['2019 SCC 65']);
    expect(out.authorities).toEqual([expect.objectContaining({ citation: '2019 SCC 65', replaces: '[1998] 1 SCR 982', confidence: 'medium' })]);
    expect(out.researchCalls.used).toBe(previous.researchCalls.used + 2);
  });

  it('marks an already-cited successor as the replacement instead of citing it twice', async () => {
    const previous = await firstRun(refusalPlan, 'refusal-response');
    expect(previous.authorities.map((a) => a.citation)).toContain('2019 SCC 65');
    const source = recording(bundled);
    const out = await loopBack(previous, [{ citation: '2008 SCC 9', issue: 'superseded' }], [source]);
    expect(source.searches).toHaveLength(0);
    expect(out.authorities.filter((a) => a.citation === '2019 SCC 65')).toEqual([expect.objectContaining({ replaces: '2008 SCC 9' })]);
  });

  it('shares the audit’s budget: with no call left it finds no replacement and says so', async () => {
    const previous = { ...(await firstRun()), researchCalls: { used: 6, limit: 6 } };
    const failed = previous.authorities[0].citation;
    const out = await loopBack(previous, [{ citation: failed, issue: 'unverified' }]);
    expect(out.authorities.some((a) => a.replaces)).toBe(false);
    expect(out.researchCalls).toEqual({ used: 6, limit: 6 });
    expect(out.notes.some((n) => n.startsWith(`no replacement found for ${failed}`))).toBe(true);
    expect(out.notes).toContain('loop-back: 0 of 1 failed citation replaced');
  });

  it('stays within the tier’s citation limit, giving up a similar case to make room when needed', async () => {
    const previous = await firstRun(refusalPlan, 'refusal-response');
    expect(citationsOf(previous)).toHaveLength(tiers.pro.maxCitations);
    const out = await loopBack(previous, [
      { citation: '2099 FC 1', issue: 'fabricated', proposition: 'an applicant must be told of the officer’s concerns and given a chance to respond' },
    ]);
    expect(citationsOf(out)).toHaveLength(tiers.pro.maxCitations);
    expect(out.authorities.some((a) => a.replaces === '2099 FC 1')).toBe(true);
    const dropped = previous.similarCases[previous.similarCases.length - 1].citation;
    expect(out.excluded).toContainEqual({ citation: dropped, reason: 'similar case dropped to make room for a replacement of 2099 FC 1' });
  });
});
