import { readModelJson } from '../../../lambdas/core/model/output/jsonRepair';

const value = (text: string) => {
  const read = readModelJson(text);
  if (!read.ok) throw new Error(read.problem);
  return read;
};

describe('reading JSON as models write it', () => {
  it('parses strict JSON as it is, with no repair', () => {
    expect(readModelJson('{"a": [1, "x", null, true]}')).toEqual({ ok: true, value: { a: [1, 'x', null, true] }, repairs: [] });
  });

  it.each([
    ['a Markdown code fence', '```json\n{"a": 1}\n```', { a: 1 }, 'code-fence'],
    ['an unclosed code fence', '```\n{"a": 1}', { a: 1 }, 'code-fence'],
    ['prose around the JSON', 'Sure! Here is the answer: {"a": 1} Let me know.', { a: 1 }, 'surrounding-text'],
    ['trailing commas', '{"a": [1, 2,], "b": 3,}', { a: [1, 2], b: 3 }, 'trailing-comma'],
    ['single quotes', "{'a': 'it is'}", { a: 'it is' }, 'single-quotes'],
    ['an escaped apostrophe in single quotes', "{'a': 'l\\'avocat'}", { a: "l'avocat" }, 'invalid-escapes'],
    ['smart quotes used as quotes', '{\u201Ca\u201D: \u201Cb\u201D}', { a: 'b' }, 'smart-quotes'],
    ['line and block comments', '{"a": 1, // one\n /* two */ "b": 2}', { a: 1, b: 2 }, 'comments'],
    ['raw newlines and tabs inside strings', '{"a": "one\ntwo\tthree"}', { a: 'one\ntwo\tthree' }, 'control-characters'],
    ['unescaped quotes inside a string', '{"a": "he said "no" twice", "b": 1}', { a: 'he said "no" twice', b: 1 }, 'inner-quotes'],
    ['Python literals', '{"a": True, "b": False, "c": None}', { a: true, b: false, c: null }, 'non-json-literals'],
    ['NaN, Infinity and undefined', '{"a": NaN, "b": -Infinity, "c": undefined}', { a: null, b: null, c: null }, 'non-json-literals'],
    ['unquoted keys', '{points: 3, reason: "x"}', { points: 3, reason: 'x' }, 'unquoted-keys'],
    ['a missing comma', '{"a": 1 "b": 2}', { a: 1, b: 2 }, 'comma-fix'],
    ['numbers written loosely', '{"a": +1, "b": .5, "c": 2.}', { a: 1, b: 0.5, c: 2 }, 'number-format'],
    ['a double-encoded answer', '"{\\"a\\": 1}"', { a: 1 }, 'double-encoded'],
  ])('repairs %s', (_what, text, expected, repair) => {
    const read = value(text);
    expect(read.value).toEqual(expected);
    expect(read.repairs).toContain(repair);
  });

  it.each([
    ['inside a string value', '{"points": 3, "reason": "cut sho', { points: 3, reason: 'cut sho' }],
    ['inside a key', '{"points": 3, "rea', { points: 3 }],
    ['after a key', '{"points": 3, "reason":', { points: 3 }],
    ['after a comma', '{"points": 3,', { points: 3 }],
    ['in nested containers', '{"a": [1, {"b": "c"', { a: [1, { b: 'c' }] }],
  ])('closes output truncated %s', (_where, text, expected) => {
    const read = value(text);
    expect(read.value).toEqual(expected);
    expect(read.repairs).toContain('truncated');
  });

  it('says so, without quoting the text, when nothing can be read', () => {
    expect(readModelJson('I cannot help with that.')).toEqual({ ok: false, problem: 'the answer holds no JSON object', repairs: [] });
    const broken = readModelJson('{"a": }}}{{');
    expect(broken.ok).toBe(true); // a dangling key is dropped: {} is what can be read
  });
});
