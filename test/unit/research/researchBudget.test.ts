import { ResearchBudget, withBudget } from '../../../lambdas/core/research/researchBudget';
import { ResearchBudgetExhausted } from '../../../lambdas/core/research/researchErrors';
import { hit, RecordingSource } from './researchFixtures';

describe('research-call budget', () => {
  it('counts every search and lookup, and reports what remains', async () => {
    const budget = new ResearchBudget(3);
    const inner = Object.assign(new RecordingSource('mcp', ['case'], () => [hit('2019 SCC 65')]), {
      lookup: async (citation: string) => hit(citation),
    });
    const source = withBudget(inner, budget);
    await source.search({ text: 'a' });
    await source.lookup?.('2019 SCC 65');
    expect(budget).toMatchObject({ used: 2, remaining: 1, exhausted: false });
  });

  it('throws ResearchBudgetExhausted instead of making a call beyond the limit', async () => {
    const budget = new ResearchBudget(2);
    const inner = new RecordingSource('bundled-index', ['case']);
    const source = withBudget(inner, budget);
    await source.search({ text: 'one' });
    await source.search({ text: 'two' });
    const third = source.search({ text: 'three' });
    await expect(third).rejects.toBeInstanceOf(ResearchBudgetExhausted);
    await expect(third).rejects.toMatchObject({ limit: 2, message: expect.stringContaining('a search of bundled-index was not made') });
    expect(inner.queries.map((q) => q.text)).toEqual(['one', 'two']);
    expect(budget).toMatchObject({ used: 2, remaining: 0, exhausted: true });
  });

  it('counts a call that then fails: the call was made', async () => {
    const budget = new ResearchBudget(2);
    const source = withBudget(new RecordingSource('mcp', ['case'], () => Promise.reject(new Error('down'))), budget);
    await expect(source.search({ text: 'a' })).rejects.toThrow('down');
    expect(budget.used).toBe(1);
  });

  it('is shared: two sources draw on the same calls', async () => {
    const budget = new ResearchBudget(2);
    const a = withBudget(new RecordingSource('bundled-index', ['case']), budget);
    const b = withBudget(new RecordingSource('mcp', ['case']), budget);
    await a.search({ text: 'x' });
    await b.search({ text: 'x' });
    await expect(a.search({ text: 'x' })).rejects.toBeInstanceOf(ResearchBudgetExhausted);
  });

  it('can keep calls for later: a source wrapped with keep = 1 stops with one call left', async () => {
    const budget = new ResearchBudget(3);
    const early = withBudget(new RecordingSource('bundled-index', ['case']), budget, 1);
    await early.search({ text: 'x' });
    await early.search({ text: 'x' });
    await expect(early.search({ text: 'x' })).rejects.toThrow(/down to the 1 call kept for later/);
    expect(budget.remaining).toBe(1);
    await withBudget(new RecordingSource('bundled-index', ['case']), budget).search({ text: 'x' });
    expect(budget.exhausted).toBe(true);
  });

  it('resumes from the calls an earlier run of the audit used', () => {
    expect(new ResearchBudget(6, 4)).toMatchObject({ used: 4, remaining: 2 });
    expect(new ResearchBudget(6, 9)).toMatchObject({ used: 6, remaining: 0 });
    expect(new ResearchBudget(4).tryTake()).toBe(true);
  });

  it('rejects a limit that is not a positive integer', () => {
    expect(() => new ResearchBudget(0)).toThrow(RangeError);
    expect(() => new ResearchBudget(2.5)).toThrow(RangeError);
    expect(() => new ResearchBudget(4, -1)).toThrow(RangeError);
  });
});
