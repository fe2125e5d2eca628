import { loadResearchIndex } from '../../../lambdas/core/caselaw/loadIndex';
import { createBundledIndexSource } from '../../../lambdas/core/research/bundledIndexSource';
import { type DetectiveInput, runDetective } from '../../../lambdas/agents/detective/research/detective';
import { LOOP_BACK_RESERVE } from '../../../lambdas/core/research/researchBudget';
import { ResearchBudget } from '../../../lambdas/core/research/researchBudget';
import { ResearchSourceUnavailable } from '../../../lambdas/core/research/researchErrors';
import { planResearch } from '../../../lambdas/agents/detective/research/researchPlan';
import { type Authority, DetectiveOutput, type ResearchHit } from '../../../lambdas/contracts/detectiveOutput';
import { getTiers } from '../../../workflows/registry';
import type { Tier } from '../../../workflows/schema';
import { fact, hit, profile, RecordingSource, recording, SPOUSAL_WITH_UNDISCLOSED_REFUSAL as SPOUSAL } from './researchFixtures';

const tiers = getTiers();
const index = loadResearchIndex();
const bundled = createBundledIndexSource({ index });
const spousalPlan = planResearch('spousal-sponsorship', SPOUSAL.profile, SPOUSAL.documents);
/** Five issues: misrepresentation, the three refusal-response issues, financial capacity. */
const refusalPlan = planResearch('refusal-response', SPOUSAL.profile, SPOUSAL.documents);

function detect(tier: Tier, overrides: Partial<DetectiveInput> = {}) {
  return runDetective({
    plan: spousalPlan,
    sources: [bundled],
    budget: new ResearchBudget(tiers[tier].maxResearchCalls),
    tier: tiers[tier],
    applicationType: 'spousal-sponsorship',
    ...overrides,
  });
}

const allCitations = (out: DetectiveOutput) => [...out.authorities, ...out.similarCases, ...out.deepResearch.findings].map((a) => a.citation);

/** A source holding many distinct decisions, so that citation limits and call counts are what bind. */
const plentiful = (name: ResearchHit['source'], prefix: string) =>
  new RecordingSource(name, ['case'], (q) => Array.from({ length: q.limit ?? 8 }, (_, i) => hit(`${2000 + i} FC ${prefix}${q.text.length}${i}`, { source: name, score: 10 - i * 0.1 })));

describe('detective: citing what was retrieved', () => {
  it('cites IRPA 40(1)(a) and IRPR 4(1) for a spousal file with an undisclosed refusal, with high confidence', async () => {
    const out = await detect('pro');
    const cite = (c: string) => out.authorities.find((a) => a.citation === c);
    expect(cite('IRPA 40(1)(a)')).toMatchObject({ issueId: 'misrepresentation-undisclosed-refusal', confidence: 'high', source: 'bundled-index' });
    expect(cite('IRPR 4(1)')).toMatchObject({ issueId: 'spousal-genuineness', confidence: 'high' });
    expect(DetectiveOutput.parse(out)).toEqual(out);
  });

  it('cites only citations some source returned, never inventing one', async () => {
    const source = recording(bundled);
    const returned = new Set<string>();
    const spy = { ...source, search: async (q: Parameters<typeof source.search>[0]) => {
      const hits = await source.search(q);
      hits.forEach((h) => returned.add(h.citation));
      return hits;
    } };
    const out = await detect('ultra', { plan: refusalPlan, applicationType: 'refusal-response', sources: [spy] });
    expect(allCitations(out).length).toBeGreaterThan(0);
    for (const citation of allCitations(out)) expect(returned).toContain(citation);
  });

  it('states each proposition in the source’s own words: an index proposition, or a sentence of the holding or summary', async () => {
    const out = await detect('ultra', { plan: refusalPlan, applicationType: 'refusal-response' });
    for (const authority of [...out.authorities, ...out.similarCases]) {
      const decision = index.findCaseByCitation(authority.citation);
      const text = decision ? [...decision.propositions, decision.holding].join(' ') : index.findProvision(authority.citation)?.summary;
      expect(text).toContain(authority.proposition);
    }
  });

  it('never cites a decision its source marks overtaken or overruled, and records why in excluded', async () => {
    const out = await detect('ultra', { plan: refusalPlan, applicationType: 'refusal-response' });
    expect(allCitations(out)).toContain('2019 SCC 65');
    expect(allCitations(out)).not.toContain('2008 SCC 9');
    expect(out.excluded).toContainEqual({ citation: '2008 SCC 9', reason: 'marked overtaken-in-part by bundled-index; replaced by 2019 SCC 65' });
  });

  it('does not cite a decision the bundled index marks overruled even when another source reports it with status unknown', async () => {
    const mcp = new RecordingSource('mcp', ['case'], () => [hit('2014 FCA 113', { summary: 'H&C relief requires unusual hardship.' })]);
    const out = await detect('pro', { sources: [bundled, mcp] });
    expect(allCitations(out)).not.toContain('2014 FCA 113');
    expect(out.excluded).toContainEqual({ citation: '2014 FCA 113', reason: 'marked overruled in the bundled index; replaced by 2015 SCC 61' });
  });

  it('gives hits of external sources at most medium confidence', async () => {
    const mcp = plentiful('mcp', '9');
    const out = await detect('ultra', { plan: refusalPlan, sources: [mcp], applicationType: 'refusal-response' });
    expect(out.authorities.length).toBeGreaterThan(0);
    expect(out.authorities.every((a: Authority) => a.confidence !== 'high')).toBe(true);
  });

  it('records a note and goes on when a source cannot be reached', async () => {
    const down = new RecordingSource('mcp', ['case'], () => Promise.reject(new ResearchSourceUnavailable('mcp', 'connection refused')));
    const out = await detect('pro', { sources: [bundled, down] });
    expect(out.authorities.map((a) => a.citation)).toContain('IRPR 4(1)');
    expect(out.notes.some((n) => n.startsWith('mcp could not be searched') && n.includes('ResearchSourceUnavailable'))).toBe(true);
  });

  it('notes an empty plan instead of researching', async () => {
    const out = await detect('pro', { plan: [] });
    expect(out.authorities).toEqual([]);
    expect(out.researchCalls.used).toBe(0);
    expect(out.notes).toContain('no issues to research for this application type and profile');
  });
});

describe('detective: tier limits', () => {
  it.each([
    ['guest', 3],
    ['pro', 10],
    ['ultra', 20],
  ] as const)('%s: at most %i citations in all (authorities, similar cases, policy findings)', async (tier, max) => {
    const sources = [bundled, plentiful('mcp', '1'), plentiful('bedrock-kb', '2')];
    const out = await detect(tier, { plan: refusalPlan, applicationType: 'refusal-response', sources });
    const citations = allCitations(out);
    expect(citations.length).toBeLessThanOrEqual(max);
    expect(new Set(citations).size).toBe(citations.length);
    const notCited = out.excluded.filter((e) => e.reason === "over the tier's citation limit" || e.reason.startsWith('beyond the 4 authorities'));
    expect(notCited.length).toBeGreaterThan(0);
    for (const e of notCited) expect(citations).not.toContain(e.citation);
  });

  it('guest: keeps the best authority of each issue first, in plan order', async () => {
    const out = await detect('guest', { plan: refusalPlan, applicationType: 'refusal-response' });
    expect(out.authorities.map((a) => a.issueId)).toEqual(refusalPlan.slice(0, 3).map((i) => i.id));
    expect(out.notes).toContain(`issue ${refusalPlan[4].id} was not researched: no source answered within the research-call budget`);
  });

  it.each([
    ['guest', 4],
    ['pro', 6],
    ['ultra', 12],
  ] as const)('%s: at most %i research calls across all sources, and the count is reported', async (tier, limit) => {
    const sources = [plentiful('mcp', '1'), bundled, plentiful('bedrock-kb', '2')].map(recording);
    const out = await detect(tier, { plan: refusalPlan, applicationType: 'refusal-response', sources });
    const made = sources.reduce((n, s) => n + s.searches.length + s.lookups.length, 0);
    expect(made).toBeLessThanOrEqual(limit);
    expect(out.researchCalls).toEqual({ used: made, limit });
  });

  it('searches every issue in the bundled index before asking other sources, and keeps one call for a loop-back', async () => {
    const sources = [plentiful('mcp', '1'), bundled].map(recording);
    const out = await detect('guest', { plan: refusalPlan, applicationType: 'refusal-response', sources });
    expect(sources[1].searches.map((q) => q.text)).toEqual(refusalPlan.slice(0, 3).map((i) => i.query));
    expect(sources[0].searches).toHaveLength(0);
    expect(out.researchCalls.used).toBe(tiers.guest.maxResearchCalls - LOOP_BACK_RESERVE);
    expect(out.notes.some((n) => n.includes('1 call kept for replacing citations that fail verification'))).toBe(true);
  });
});

describe('detective: similar cases and deep research by tier', () => {
  it('guest: no similar-case retrieval, with a note', async () => {
    const out = await detect('guest');
    expect(out.similarCases).toEqual([]);
    expect(out.notes).toContain('similar-case retrieval is not included in this tier');
  });

  it.each(['pro', 'ultra'] as const)('%s: similar decisions on the same topics, beyond the cited ones', async (tier) => {
    const out = await detect(tier);
    expect(out.similarCases.length).toBeGreaterThan(0);
    const cited = new Set(out.authorities.map((a) => a.citation));
    for (const similar of out.similarCases) {
      expect(similar.kind).toBe('case');
      expect(cited.has(similar.citation)).toBe(false);
      expect(index.findCaseByCitation(similar.citation)?.topics.some((t) => ['misrepresentation', 'spousal-bona-fides'].includes(t))).toBe(true);
    }
  });

  const policy = () =>
    new RecordingSource('bedrock-kb', ['case', 'provision', 'policy'], (q) =>
      q.kinds?.includes('policy')
        ? [hit('https://www.canada.ca/pdi/spousal-assessment', { kind: 'policy', source: 'bedrock-kb', summary: 'Officers assess the genuineness of the relationship as a whole.', score: 0.8 })]
        : [],
    );

  it('guest and pro: deep research skipped, even with a policy source', async () => {
    for (const tier of ['guest', 'pro'] as const) {
      const source = policy();
      const out = await detect(tier, { sources: [bundled, source] });
      expect(out.deepResearch).toEqual({ status: 'skipped', reason: 'deep research (policy and program-instruction sources) is not included in this tier', findings: [] });
      expect(source.queries.some((q) => q.kinds?.includes('policy'))).toBe(false);
    }
  });

  it('ultra without a policy source: skipped, saying honestly that the bundled index holds no policy', async () => {
    const out = await detect('ultra');
    expect(out.deepResearch.status).toBe('skipped');
    expect(out.deepResearch.reason).toBe('no policy or program-instruction source is configured; the bundled index holds only decisions and provisions');
  });

  it('ultra with a policy source: done, with policy findings counted in the citation limit', async () => {
    const out = await detect('ultra', { sources: [bundled, policy()] });
    expect(out.deepResearch.status).toBe('done');
    expect(out.deepResearch.findings).toEqual([
      expect.objectContaining({ kind: 'policy', citation: 'https://www.canada.ca/pdi/spousal-assessment', source: 'bedrock-kb', confidence: 'medium' }),
    ]);
    expect(allCitations(out).length).toBeLessThanOrEqual(tiers.ultra.maxCitations);
  });
});

describe('detective: profile signals reach the research', () => {
  it('researches misrepresentation only when the file shows it', async () => {
    const clean = planResearch('spousal-sponsorship', profile({ declarations: [fact('I have never been refused a visa.')] }), []);
    const out = await detect('pro', { plan: clean });
    expect(out.authorities.some((a) => a.issueId === 'misrepresentation-undisclosed-refusal')).toBe(false);
    expect(out.authorities.map((a) => a.citation)).not.toContain('IRPA 40(1)(a)');
  });
});
