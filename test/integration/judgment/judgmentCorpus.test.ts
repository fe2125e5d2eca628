import { JudgmentExpectation, loadJudgmentCorpus, FAVOURABLE_OUTCOMES } from '../../corpus/judgmentCorpus';

/**
 * The judgment corpus's expectations are data a lawyer signs: a typo in an outcome, a provision id
 * or a date would silently change what the bench measures. This checks every expected.json against
 * the schema; it asserts nothing about the scores (`npm run bench -- judgment` measures them).
 */
describe('judgment corpus (test/corpus/judgment)', () => {
  const items = loadJudgmentCorpus();

  it.each(items.map((item) => [item.slug, item] as const))('%s: expected.json is valid and the folder holds 3 to 8 documents', (_slug, item) => {
    const parsed = JudgmentExpectation.safeParse(item.raw);
    expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
    expect(item.documents.length).toBeGreaterThanOrEqual(3);
    expect(item.documents.length).toBeLessThanOrEqual(8);
    // Sources are plain text; .pdf.txt and .docx.txt are rendered to PDF and DOCX by the harness.
    for (const name of item.documents) expect(name).toMatch(/\.(txt|md)$/);
  });

  it('covers every workflow, both languages and strong files in the numbers issue 30 asks for', () => {
    const parsed = items.map((i) => JudgmentExpectation.parse(i.raw));
    const count = (f: (e: JudgmentExpectation) => boolean) => parsed.filter(f).length;
    expect(items.length).toBeGreaterThanOrEqual(32);
    const minimum: Record<string, number> = { 'refusal-analysis': 6, 'risk-audit': 6, 'initial-assessment': 5, 'final-review': 4, 'document-list': 3, 'client-guidance': 2 };
    for (const [workflow, n] of Object.entries(minimum)) expect(count((e) => e.workflow === workflow)).toBeGreaterThanOrEqual(n);
    expect(count((e) => e.language === 'fr')).toBeGreaterThanOrEqual(10);
    expect(count((e) => e.strong)).toBeGreaterThanOrEqual(10);
    // Every strong file accepts its workflow's favourable outcome (checked per item by the schema too).
    for (const e of parsed.filter((x) => x.strong)) expect(e.acceptable).toContain(FAVOURABLE_OUTCOMES[e.workflow]);
  });

  it('rejects a broken expectation: an outcome of another workflow, a non-canonical provision, an impossible date', () => {
    const good = items.find((i) => (i.raw as { workflow: string }).workflow === 'risk-audit')!.raw as Record<string, unknown>;
    expect(JudgmentExpectation.safeParse(good).success).toBe(true);
    expect(JudgmentExpectation.safeParse({ ...good, acceptable: ['GO'] }).success).toBe(false);
    expect(JudgmentExpectation.safeParse({ ...good, provisions: { expected: ['R117(9)(b)'], inapplicable: [] } }).success).toBe(false);
    expect(JudgmentExpectation.safeParse({ ...good, asOf: '2026-02-30' }).success).toBe(false);
    expect(JudgmentExpectation.safeParse({ ...good, workflow: 'document-list' }).success).toBe(false);
  });
});
