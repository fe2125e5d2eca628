import { loadResearchIndex } from '../../../lambdas/core/caselaw/loadIndex';
import { ParsedCitation } from '../../../lambdas/core/citations/citationSchema';
import { parseCitations } from '../../../lambdas/core/citations/parseCitations';
import { LOOK_ALIKES, SPELLINGS, type SpellingRow } from './spellingTable';

const now = new Date('2026-11-22T12:00:00Z');
const index = loadResearchIndex();

/** Why the row was not read as expected, or undefined when it was. */
function miss(row: SpellingRow): string | undefined {
  const before = row.before ?? '';
  const text = before + row.input;
  const found = parseCitations(text, { now, index, ...(row.document ? { mode: 'document' as const } : {}) });
  const inInput = found.flatMap((c) => c.occurrences.filter((o) => o.end > before.length).map((o) => ({ c, o })));
  const match = inInput.find(({ c, o }) => c.kind === row.kind && c.id === row.id && (row.pinpoint === undefined || o.pinpoint === row.pinpoint) && (row.form === undefined || o.form === row.form));
  if (match) return undefined;
  return `read as ${JSON.stringify(inInput.map(({ c, o }) => ({ kind: c.kind, id: c.id, form: o.form, pinpoint: o.pinpoint })))}`;
}

function falsePositives(mode: 'document' | 'immigration'): string[] {
  return LOOK_ALIKES.filter((text) => parseCitations(text, { now, index, mode }).length > 0);
}

describe('the spelling table of Canadian citations', () => {
  const misses = SPELLINGS.map((row) => ({ row, why: miss(row) })).filter((m) => m.why !== undefined);
  const recall = 1 - misses.length / SPELLINGS.length;

  it('holds at least 150 real-world forms and 40 look-alikes', () => {
    expect(SPELLINGS.length).toBeGreaterThanOrEqual(150);
    expect(LOOK_ALIKES.length).toBeGreaterThanOrEqual(40);
  });

  it('reads at least 95% of the forms with the expected kind, id, pinpoint and form', () => {
    // The measured numbers, for the record.
    console.info(`spelling table: ${SPELLINGS.length - misses.length}/${SPELLINGS.length} forms read (recall ${(recall * 100).toFixed(1)}%)`);
    for (const m of misses) console.info(`missed ${JSON.stringify(m.row.input)}: ${m.why}`);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });

  it.each(['document', 'immigration'] as const)('reads at most one look-alike in 40 as a citation (%s mode)', (mode) => {
    const wrong = falsePositives(mode);
    console.info(`look-alikes (${mode} mode): ${wrong.length}/${LOOK_ALIKES.length} read as citations${wrong.length ? `: ${JSON.stringify(wrong)}` : ''}`);
    expect(wrong.length).toBeLessThanOrEqual(Math.floor(LOOK_ALIKES.length / 40));
  });

  it('returns results that satisfy the ParsedCitation schema, each with its span in the text', () => {
    for (const row of SPELLINGS) {
      const text = (row.before ?? '') + row.input;
      const found = parseCitations(text, { now, index });
      expect(() => ParsedCitation.array().parse(found)).not.toThrow();
      for (const c of found) for (const o of c.occurrences) expect(text.slice(o.start, o.end)).toBe(o.raw);
    }
  });

  it('reads every form as valid: a real, well-formed citation is never marked impossible', () => {
    for (const row of SPELLINGS) {
      const text = (row.before ?? '') + row.input;
      for (const c of parseCitations(text, { now, index })) expect({ input: row.input, id: c.id, valid: c.valid }).toEqual({ input: row.input, id: c.id, valid: true });
    }
  });
});
