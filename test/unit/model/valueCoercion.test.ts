import * as z from 'zod';
import { validateWithCoercion } from '../../../lambdas/core/model/output/valueCoercion';

const Schema = z.strictObject({
  points: z.number().int().min(-10).max(10),
  final: z.boolean(),
  label: z.string(),
  kind: z.enum(['strong', 'no-evidence']),
  notes: z.array(z.string()),
  page: z.number().int().positive().optional(),
});

describe('safe coercion of an answer to its schema', () => {
  it('fixes numbers and booleans written as strings, a scalar where a string goes, one item for a list, enum case, extra keys and nulls for optional fields', () => {
    const result = validateWithCoercion(Schema, { points: ' -3 ', final: 'TRUE', label: 42, kind: 'No Evidence', notes: 'one note', page: null, confidence: 'high' });
    expect(result).toEqual({
      ok: true,
      value: { points: -3, final: true, label: '42', kind: 'no-evidence', notes: ['one note'] },
      coercions: expect.arrayContaining(['number-from-string', 'boolean-from-string', 'string-from-scalar', 'enum-case', 'list-from-item', 'null-omitted', 'extra-keys']),
    });
  });

  it('never changes what an answer means: out-of-range numbers and missing fields stay errors', () => {
    const result = validateWithCoercion(Schema, { points: 25, final: true, label: 'x', kind: 'strong', notes: [] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((i) => i.code)).toEqual(['too_big']);
    const missing = validateWithCoercion(Schema, { points: 1, final: true, kind: 'strong', notes: [] });
    expect(missing.ok).toBe(false);
  });

  it('does not touch the value it was given', () => {
    const answer = { points: '2', final: true, label: 'x', kind: 'strong', notes: [] };
    validateWithCoercion(Schema, answer);
    expect(answer.points).toBe('2');
  });
});
