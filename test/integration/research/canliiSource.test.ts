import { createServer } from 'node:http';
import { canliiCaseAddress, createCanliiSource } from '../../../lambdas/core/research/canliiSource';
import { ResearchBudget } from '../../../lambdas/core/research/researchBudget';
import {
  ResearchSourceInvalidResponse,
  ResearchSourceMisconfigured,
  ResearchSourceThrottled,
  ResearchSourceUnavailable,
} from '../../../lambdas/core/research/researchErrors';
import { confirmExternally } from '../../../lambdas/agents/verifier/verification/externalConfirmation';
import type { NeutralLookup } from '../../../lambdas/agents/verifier/verification/resolveCitation';
import { deadCanliiEndpoint, type FakeCanlii, REAL_UNINDEXED, startFakeCanlii } from './fakeCanliiServer';

const HASSANI = { year: 2006, court: 'FC', number: 1283 };
const UNKNOWN = { year: 2022, court: 'FC', number: 1734 };
const ref = (citation: string): NeutralLookup => {
  const [year, court, number] = citation.split(' ');
  return { citation, year: Number(year), court: court as NeutralLookup['court'], number: Number(number) };
};

describe('CanLII case addresses', () => {
  it.each([
    [{ year: 2019, court: 'SCC', number: 65 }, { databaseId: 'csc-scc', caseId: '2019scc65' }],
    [{ year: 2010, court: 'FCA', number: 250 }, { databaseId: 'fca', caseId: '2010fca250' }],
    [{ year: 2023, court: 'FC', number: 123 }, { databaseId: 'fct', caseId: '2023fc123' }],
    [{ year: 2002, court: 'FCT', number: 1009 }, { databaseId: 'fct', caseId: '2002fct1009' }],
  ])('finds %j at %j', (citation, address) => {
    expect(canliiCaseAddress(citation)).toEqual(address);
  });

  it('has no address for a court it is not asked about', () => {
    expect(canliiCaseAddress({ year: 2020, court: 'ONCA', number: 123 })).toBeUndefined();
  });
});

describe('CanLII source against a local fake of the documented API', () => {
  let fake: FakeCanlii;
  const source = () => createCanliiSource({ apiKey: fake.apiKey, endpoint: fake.endpoint, minIntervalMs: 0, timeoutMs: 300 });

  beforeAll(async () => {
    fake = await startFakeCanlii(REAL_UNINDEXED, { errorBodyFor: ['2021fc9999'] });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.mode = 'normal';
  });

  it('confirms a known decision with one GET of the case metadata endpoint, carrying the key', async () => {
    const result = await source().lookupCase(HASSANI);
    expect(result).toEqual({
      found: true,
      decision: expect.objectContaining({ databaseId: 'fct', caseId: '2006fc1283', title: 'Hassani v. Canada (Minister of Citizenship and Immigration)', citation: '2006 FC 1283 (CanLII)' }),
    });
    expect(fake.requests).toEqual([{ method: 'GET', path: '/v1/caseBrowse/en/fct/2006fc1283/', apiKey: fake.apiKey }]);
  });

  it('reports an unknown decision as not found (HTTP 404)', async () => {
    await expect(source().lookupCase(UNKNOWN)).resolves.toEqual({ found: false });
  });

  it('reports an unknown decision as not found when CanLII answers 200 with an error body', async () => {
    await expect(source().lookupCase({ year: 2021, court: 'FC', number: 9999 })).resolves.toEqual({ found: false });
  });

  it('raises ResearchSourceThrottled on HTTP 429', async () => {
    fake.mode = 'rate-limited';
    await expect(source().lookupCase(HASSANI)).rejects.toBeInstanceOf(ResearchSourceThrottled);
  });

  it('raises ResearchSourceUnavailable on HTTP 500, on a refused key, on a timeout and on a refused connection, never naming the key', async () => {
    fake.mode = 'error';
    await expect(source().lookupCase(HASSANI)).rejects.toThrow(/answered HTTP 500/);
    fake.mode = 'normal';
    const wrongKey = createCanliiSource({ apiKey: 'wrong', endpoint: fake.endpoint, minIntervalMs: 0 });
    await expect(wrongKey.lookupCase(HASSANI)).rejects.toThrow(/refused the API key \(HTTP 401\)/);
    fake.mode = 'hung';
    const hung = source().lookupCase(HASSANI);
    await expect(hung).rejects.toBeInstanceOf(ResearchSourceUnavailable);
    await expect(hung).rejects.toThrow(/did not answer within 300 ms/);
    const dead = createCanliiSource({ apiKey: fake.apiKey, endpoint: await deadCanliiEndpoint(), minIntervalMs: 0 });
    const refused = dead.lookupCase(HASSANI);
    await expect(refused).rejects.toBeInstanceOf(ResearchSourceUnavailable);
    await expect(refused).rejects.not.toThrow(fake.apiKey);
  });

  it('raises ResearchSourceInvalidResponse on an answer of another shape', async () => {
    const junk = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ cases: [] }));
    });
    await new Promise<void>((resolve) => junk.listen(0, '127.0.0.1', resolve));
    const port = (junk.address() as { port: number }).port;
    const junkSource = createCanliiSource({ apiKey: 'k', endpoint: `http://127.0.0.1:${port}/v1`, minIntervalMs: 0 });
    await expect(junkSource.lookupCase(HASSANI)).rejects.toBeInstanceOf(ResearchSourceInvalidResponse);
    await new Promise<void>((resolve) => junk.close(() => resolve()));
  });

  it('refuses a configuration without a key or with a bad endpoint, naming the setting', () => {
    expect(() => createCanliiSource({ apiKey: ' ' })).toThrow(ResearchSourceMisconfigured);
    expect(() => createCanliiSource({ apiKey: 'k', endpoint: 'ftp://example.test' })).toThrow(/endpoint/);
  });

  it('spaces its requests (CanLII allows about two a second, one at a time)', async () => {
    const spaced = createCanliiSource({ apiKey: fake.apiKey, endpoint: fake.endpoint, minIntervalMs: 120 });
    const started = Date.now();
    await Promise.all([spaced.lookupCase(HASSANI), spaced.lookupCase(UNKNOWN), spaced.lookupCase(HASSANI)]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(230);
    expect(fake.requests).toHaveLength(3);
  });

  describe('confirming citations within the audit’s research-call budget', () => {
    it('counts every call against the budget, makes none beyond it, and keeps the loop-back reserve', async () => {
      const budget = new ResearchBudget(6, 3);
      const result = await confirmExternally([ref('2006 FC 1283'), ref('2022 FC 1734'), ref('2009 FCA 189')], { source: source(), budget, keep: 1 });
      expect(fake.requests).toHaveLength(2);
      expect(budget.used).toBe(5);
      expect(result.calls).toBe(2);
      expect(result.answers.get('2006 FC 1283')).toEqual(expect.objectContaining({ outcome: 'found', title: 'Hassani v. Canada (Minister of Citizenship and Immigration)' }));
      expect(result.answers.get('2022 FC 1734')).toEqual({ outcome: 'no-such-case' });
      expect(result.answers.get('2009 FCA 189')).toEqual({ outcome: 'not-consulted', reason: expect.stringContaining('kept for the search for replacements') });
    });

    it('asks once per citation and reuses what an earlier run of the audit learned (the cache is per audit)', async () => {
      const first = await confirmExternally([ref('2006 FC 1283'), ref('2006 FC 1283'), ref('2022 FC 1734')], { source: source(), budget: new ResearchBudget(12) });
      expect(fake.requests).toHaveLength(2);
      fake.requests.length = 0;
      const budget = new ResearchBudget(12, 2);
      const second = await confirmExternally([ref('2006 FC 1283'), ref('2022 FC 1734')], { source: source(), budget, previous: first.lookups });
      expect(fake.requests).toHaveLength(0);
      expect(budget.used).toBe(2);
      expect(second.answers.get('2006 FC 1283')?.outcome).toBe('found');
      expect(second.lookups).toEqual(first.lookups);
    });

    it('turns rate limiting into unavailable, stops asking for the rest of the run, and asks again in a later run', async () => {
      fake.mode = 'rate-limited';
      const first = await confirmExternally([ref('2006 FC 1283'), ref('2009 FCA 189')], { source: source(), budget: new ResearchBudget(12) });
      expect(fake.requests).toHaveLength(1);
      expect(first.answers.get('2006 FC 1283')).toEqual({ outcome: 'unavailable', reason: 'rate-limited' });
      expect(first.answers.get('2009 FCA 189')).toEqual({ outcome: 'not-consulted', reason: 'CanLII was unavailable earlier in this run (rate-limited)' });
      fake.mode = 'normal';
      const second = await confirmExternally([ref('2006 FC 1283')], { source: source(), budget: new ResearchBudget(12), previous: first.lookups });
      expect(second.answers.get('2006 FC 1283')?.outcome).toBe('found');
    });

    it('never throws when CanLII is down', async () => {
      const dead = createCanliiSource({ apiKey: fake.apiKey, endpoint: await deadCanliiEndpoint(), minIntervalMs: 0 });
      const result = await confirmExternally([ref('2006 FC 1283')], { source: dead, budget: new ResearchBudget(4) });
      expect(result.answers.get('2006 FC 1283')).toEqual({ outcome: 'unavailable', reason: 'ResearchSourceUnavailable' });
    });
  });
});
