import { loadResearchIndex } from '../../../lambdas/core/caselaw/loadIndex';
import { createBundledIndexSource, TOPIC_BOOST } from '../../../lambdas/core/research/bundledIndexSource';
import { ResearchHit } from '../../../lambdas/contracts/detectiveOutput';

const index = loadResearchIndex();
const source = createBundledIndexSource({ index });
const citations = (hits: ResearchHit[]) => hits.map((h) => h.citation);

describe('bundled index research source', () => {
  it('finds IRPA 40(1)(a) and a misrepresentation decision in the top 3 for "misrepresentation undisclosed prior refusal"', async () => {
    const top3 = (await source.search({ text: 'misrepresentation undisclosed prior refusal' })).slice(0, 3);
    expect(citations(top3)).toContain('IRPA 40(1)(a)');
    expect(top3.some((h) => h.kind === 'case' && h.topics.includes('misrepresentation'))).toBe(true);
  });

  it('ranks IRPR 4(1) first for "genuine marriage bad faith primary purpose"', async () => {
    const [first] = await source.search({ text: 'genuine marriage bad faith primary purpose' });
    expect(first).toMatchObject({ citation: 'IRPR 4(1)', kind: 'provision', name: 'Relationships in bad faith' });
  });

  it('returns Vavilov and Dunsmuir for "standard of review reasonableness", each with its status from the index, ranked by relevance only', async () => {
    const hits = await source.search({ text: 'standard of review reasonableness' });
    expect(hits.find((h) => h.citation === '2019 SCC 65')).toMatchObject({ status: 'good-law' });
    expect(hits.find((h) => h.citation === '2008 SCC 9')).toMatchObject({ status: 'overtaken-in-part' });
    const scores = hits.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('ranks the study-permit provision first for intent to leave at the end of the stay', async () => {
    const [first] = await source.search({ text: 'study permit applicant will leave Canada end of authorized stay', applicationType: 'study-permit' });
    expect(first.citation).toBe('IRPR 216(1)(b)');
  });

  it('ranks IRPR 200(3)(a) first for ability to perform the work, and IRPR 179(b) for a visitor leaving', async () => {
    const [work] = await source.search({ text: 'ability to perform the work language requirements', applicationType: 'work-permit' });
    const [visitor] = await source.search({ text: 'visitor will leave Canada end of authorized stay', applicationType: 'visitor-visa' });
    expect([work.citation, visitor.citation]).toEqual(['IRPR 200(3)(a)', 'IRPR 179(b)']);
  });

  it('excludes hits sharing no topic with the query when topics are given', async () => {
    const all = await source.search({ text: 'standard of review reasonableness procedural fairness', limit: 40 });
    const filtered = await source.search({ text: 'standard of review reasonableness procedural fairness', topics: ['procedural-fairness'], limit: 40 });
    expect(all.some((h) => !h.topics.includes('procedural-fairness'))).toBe(true);
    expect(filtered.length).toBeGreaterThan(0);
    for (const h of filtered) expect(h.topics).toContain('procedural-fairness');
    expect(citations(filtered)).not.toContain('2019 SCC 65');
  });

  it('boosts hits by the number of query topics they share', async () => {
    const plain = await source.search({ text: 'study permit dual intent', limit: 40 });
    const boosted = await source.search({ text: 'study permit dual intent', topics: ['study-permit', 'dual-intent'], limit: 40 });
    const score = (hits: ResearchHit[], citation: string) => hits.find((h) => h.citation === citation)?.score ?? NaN;
    // IRPR 216(1)(b) shares both topics, Osakue (2024 FC 1472) only study-permit.
    expect(score(boosted, 'IRPR 216(1)(b)') / score(plain, 'IRPR 216(1)(b)')).toBeCloseTo(1 + 2 * TOPIC_BOOST, 2);
    expect(score(boosted, '2024 FC 1472') / score(plain, '2024 FC 1472')).toBeCloseTo(1 + TOPIC_BOOST, 2);
  });

  it('leaves out provisions for another application type and demotes decisions off the type', async () => {
    const hits = await source.search({ text: 'applicant will leave Canada end of authorized stay', applicationType: 'visitor-visa', limit: 40 });
    expect(citations(hits)).not.toContain('IRPR 216(1)(b)'); // a study-permit provision
    for (const h of hits.filter((x) => x.kind === 'provision')) {
      expect(index.findProvision(h.citation)?.applicationTypes).toContain('visitor-visa');
    }
    const plain = await source.search({ text: 'visitor visa refusal', limit: 40 });
    const typed = await source.search({ text: 'visitor visa refusal', applicationType: 'visitor-visa', limit: 40 });
    const ratio = (citation: string) => (typed.find((h) => h.citation === citation)?.score ?? 0) / (plain.find((h) => h.citation === citation)?.score ?? 1);
    expect(ratio('2013 FC 1083')).toBeGreaterThan(ratio('2015 FC 38')); // visitor-visa topic vs not
  });

  it('honours kinds, limit and exclude', async () => {
    const hits = await source.search({ text: 'misrepresentation undisclosed prior refusal', kinds: ['case'], limit: 3, exclude: ['2023 FC 62'] });
    expect(hits).toHaveLength(3);
    expect(hits.every((h) => h.kind === 'case')).toBe(true);
    expect(citations(hits)).not.toContain('2023 FC 62');
  });

  it('returns hits that satisfy the ResearchHit contract, with the index’s status and source', async () => {
    const hits = await source.search({ text: 'humanitarian and compassionate relief', limit: 20 });
    expect(hits.length).toBeGreaterThan(0);
    for (const h of hits) {
      expect(ResearchHit.parse(h)).toEqual(h);
      expect(h.source).toBe('bundled-index');
      if (h.kind === 'case') expect(h.status).toBe(index.findCaseByCitation(h.citation)?.status);
    }
    expect(hits.find((h) => h.citation === '2014 FCA 113')).toMatchObject({ status: 'overruled' });
  });

  it('returns nothing for a query with no indexed term', async () => {
    expect(await source.search({ text: 'the and of' })).toEqual([]);
  });

  it('looks up a decision by any spelling of its citation and a provision by its id', async () => {
    expect(await source.lookup?.('2019 CSC 65')).toMatchObject({ citation: '2019 SCC 65', status: 'good-law', score: 0 });
    expect(await source.lookup?.('IRPR 4(1)')).toMatchObject({ kind: 'provision', name: 'Relationships in bad faith' });
    expect(await source.lookup?.('2099 FC 1')).toBeUndefined();
  });
});
