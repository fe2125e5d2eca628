import { loadResearchIndex } from '../../../lambdas/core/caselaw/loadIndex';
import { lookAlikeProblems, lookAlikes, spellingMiss, spellings } from './heldOutCorpora';

const now = new Date('2026-11-22T12:00:00Z');
const index = loadResearchIndex();

describe('held-out citation corpora', () => {
  it('holds at least 40 look-alikes and 80 spellings, in English and French', () => {
    expect(lookAlikes().length).toBeGreaterThanOrEqual(40);
    expect(spellings().length).toBeGreaterThanOrEqual(80);
    expect(new Set(spellings().map((s) => s.lang))).toEqual(new Set(['en', 'fr']));
  });

  it('reads no look-alike as a citation that is not in it, and flags none', async () => {
    const wrong: string[] = [];
    for (const row of lookAlikes()) for (const p of await lookAlikeProblems(row, index, now)) wrong.push(`${JSON.stringify(row.text)}: ${p}`);
    expect(wrong).toEqual([]);
  });

  it('reads at least 95% of the spellings as the case or provision they cite', () => {
    const rows = spellings();
    const misses = rows.map((row) => ({ row, why: spellingMiss(row, index, now) })).filter((m) => m.why !== undefined);
    const report = misses.map((m) => `${JSON.stringify(m.row.input)} → expected ${m.row.kind}:${m.row.id}, ${m.why}`);
    console.info(`held-out spellings: ${rows.length - misses.length}/${rows.length} read`);
    // The misses are printed when recall falls below 95%.
    expect(misses.length <= Math.floor(rows.length * 0.05) ? [] : report).toEqual([]);
  });

  it('does not read "Dr. Baker examined me; Baker confirmed that I am fit to travel" as the Supreme Court\'s Baker', async () => {
    expect(await lookAlikeProblems({ text: 'Dr. Baker examined me; Baker confirmed that I am fit to travel.', expected: [] }, index, now)).toEqual([]);
  });

  it('reads the report page of "[1999] 2 S.C.R. 817" as part of the report, never as a provision', async () => {
    const text = 'The refusal relied on Baker v. Canada (Minister of Citizenship and Immigration), [1999] 2 S.C.R. 817, and on the Regulations.';
    expect(await lookAlikeProblems({ text, expected: ['[1999] 2 SCR 817'] }, index, now)).toEqual([]);
  });
});
