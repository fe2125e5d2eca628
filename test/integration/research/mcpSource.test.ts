import { ResearchBudget, withBudget } from '../../../lambdas/core/research/researchBudget';
import {
  ResearchBudgetExhausted,
  ResearchSourceInvalidResponse,
  ResearchSourceMisconfigured,
  ResearchSourceUnavailable,
} from '../../../lambdas/core/research/researchErrors';
import { createMcpSource } from '../../../lambdas/core/research/mcpSource';
import { ResearchHit } from '../../../lambdas/contracts/detectiveOutput';
import { type CaseLawMcpServer, deadMcpUrl, startCaseLawMcpServer, type ServedCase } from './caseLawMcpServer';

const SERVED: ServedCase[] = [
  {
    citation: '2015 FC 38',
    name: 'Balasundaram v. Canada (Citizenship and Immigration)',
    summary: 'An undisclosed prior visa refusal supported a misrepresentation finding.',
    url: 'https://example.test/2015fc38',
    topics: ['misrepresentation'],
  },
  {
    citation: '2023 FC 62',
    name: 'Wang v. Canada (Citizenship and Immigration)',
    summary: 'Answering no to the prior-refusal question can be misrepresentation.',
  },
  {
    citation: '2013 FC 748',
    name: 'Huynh v. Canada (Citizenship and Immigration)',
    summary: 'The bad-faith test for spouses is disjunctive.',
    topics: ['spousal-bona-fides'],
  },
];

describe('MCP research source (a real MCP server on loopback)', () => {
  let server: CaseLawMcpServer;

  beforeAll(async () => {
    server = await startCaseLawMcpServer(SERVED);
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.calls.length = 0;
  });

  it('calls search_cases with {query, limit} and maps each result to a hit with status unknown and source mcp', async () => {
    const source = createMcpSource({ url: server.url });
    const hits = await source.search({ text: 'misrepresentation refusal', limit: 5 });

    expect(server.calls).toEqual([{ query: 'misrepresentation refusal', limit: 5 }]);
    expect(hits.map((h) => h.citation)).toEqual(['2015 FC 38', '2023 FC 62']);
    expect(hits[0]).toEqual({
      kind: 'case',
      citation: '2015 FC 38',
      name: 'Balasundaram v. Canada (Citizenship and Immigration)',
      summary: 'An undisclosed prior visa refusal supported a misrepresentation finding.',
      topics: ['misrepresentation'],
      score: 1,
      source: 'mcp',
      status: 'unknown',
      url: 'https://example.test/2015fc38',
    });
    expect(hits[1]).toMatchObject({ citation: '2023 FC 62', topics: [], status: 'unknown', score: 0.5 });
    expect(hits[1]).not.toHaveProperty('url');
    for (const hit of hits) expect(ResearchHit.parse(hit)).toEqual(hit);
  });

  it('leaves out excluded citations and asks the server for enough results to make up for them', async () => {
    const source = createMcpSource({ url: server.url });
    const hits = await source.search({ text: 'misrepresentation refusal', limit: 1, exclude: ['2015 FC 38'] });

    expect(server.calls[0].limit).toBe(2);
    expect(hits.map((h) => h.citation)).toEqual(['2023 FC 62']);
  });

  it('counts every call against the research budget and never makes a call beyond it', async () => {
    const budget = new ResearchBudget(2);
    const source = withBudget(createMcpSource({ url: server.url }), budget);

    await source.search({ text: 'refusal' });
    await source.search({ text: 'spouses' });
    await expect(source.search({ text: 'misrepresentation' })).rejects.toBeInstanceOf(ResearchBudgetExhausted);

    expect(server.calls).toHaveLength(2);
    expect(budget).toMatchObject({ used: 2, remaining: 0 });
  });

  it('raises ResearchSourceUnavailable, naming the server, when nothing listens at the URL', async () => {
    const url = await deadMcpUrl();
    const budget = new ResearchBudget(4);
    const search = withBudget(createMcpSource({ url, timeoutMs: 2000 }), budget).search({ text: 'refusal' });

    await expect(search).rejects.toBeInstanceOf(ResearchSourceUnavailable);
    await expect(search).rejects.toMatchObject({ source: 'mcp', message: expect.stringContaining(new URL(url).origin) });
    expect(budget.used).toBe(1);
  });

  it('raises ResearchSourceInvalidResponse when the tool answers prose instead of JSON', async () => {
    const source = createMcpSource({ url: server.url, toolName: 'search_cases_prose' });
    await expect(source.search({ text: 'refusal' })).rejects.toThrow(ResearchSourceInvalidResponse);
    await expect(source.search({ text: 'refusal' })).rejects.toThrow(/not JSON/);
  });

  it('raises ResearchSourceInvalidResponse when the JSON results lack a citation or summary', async () => {
    const source = createMcpSource({ url: server.url, toolName: 'search_cases_wrong_shape' });
    await expect(source.search({ text: 'refusal' })).rejects.toThrow(ResearchSourceInvalidResponse);
    await expect(source.search({ text: 'refusal' })).rejects.toThrow(/citation/);
  });

  it('raises ResearchSourceUnavailable when the tool reports an error or does not exist', async () => {
    await expect(createMcpSource({ url: server.url, toolName: 'search_cases_failing' }).search({ text: 'x' })).rejects.toThrow(
      /reported an error: index offline/,
    );
    await expect(createMcpSource({ url: server.url, toolName: 'no_such_tool' }).search({ text: 'x' })).rejects.toBeInstanceOf(
      ResearchSourceUnavailable,
    );
  });

  it('holds decisions by default; a policy server can say so and its results count as policy passages', async () => {
    expect(createMcpSource({ url: server.url }).kinds).toEqual(['case']);
    const policy = createMcpSource({ url: server.url, kinds: ['policy'] });
    expect((await policy.search({ text: 'refusal' })).map((h) => h.kind)).toEqual(['policy', 'policy']);
  });

  it('rejects a configuration without an http(s) URL, naming the setting', () => {
    expect(() => createMcpSource({ url: 'not a url' })).toThrow(ResearchSourceMisconfigured);
    expect(() => createMcpSource({ url: 'ftp://example.test/mcp' })).toThrow(/url must be an http\(s\) URL/);
  });
});
