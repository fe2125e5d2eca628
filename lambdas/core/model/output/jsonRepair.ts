import { jsonrepair, JSONRepairError } from 'jsonrepair';

/**
 * Reads JSON as language models write it. Strict JSON is parsed as is; otherwise the JSON is cut out
 * of the answer and `jsonrepair` repairs it:
 *
 * - a Markdown code fence around the JSON, or prose before and after it (cut out here);
 * - `//` and `/* … *\/` comments; trailing commas; missing commas between values;
 * - single-quoted strings, smart quotes (“ ” ‘ ’) used as quotes, unquoted keys;
 * - raw newlines, tabs and other control characters inside strings, invalid escapes (`\'` becomes `'`;
 *   jsonrepair drops the backslash of the others), and double quotes inside a string that are obviously
 *   not its end;
 * - Python and JavaScript literals: `True`, `False`, `None`, `undefined`; `NaN` and `Infinity` become null (here);
 * - loosely written numbers (`.5`, `2.`; a leading `+` is dropped here);
 * - output cut short (truncated): the open string and the open objects and arrays are closed, and a
 *   dangling key is dropped (here);
 * - an answer that is a JSON string holding the JSON (double-encoded; here).
 *
 * Which repairs were applied is returned (for the transparency log); the text itself never is.
 * jsonrepair does not say what it changed, so the labels compare its output with its input: counts of
 * what it removes (comments, quotes of other kinds, invalid escapes) or adds (escapes, closing
 * brackets, commas). They are labels for a log, never used to change the value.
 */

export type JsonRepair =
  | 'code-fence'
  | 'surrounding-text'
  | 'comments'
  | 'trailing-comma'
  | 'comma-fix'
  | 'single-quotes'
  | 'smart-quotes'
  | 'unquoted-keys'
  | 'control-characters'
  | 'invalid-escapes'
  | 'inner-quotes'
  | 'non-json-literals'
  | 'bare-words'
  | 'number-format'
  | 'truncated'
  | 'double-encoded';

export type JsonReadResult = { ok: true; value: unknown; repairs: JsonRepair[] } | { ok: false; problem: string; repairs: JsonRepair[] };

/** How many times a spot where jsonrepair gives up is fixed here and the repair tried again. */
const MAX_FIXES = 16;

/** Strips a Markdown fence and any prose before the first JSON object or array. */
function extractJson(text: string, repairs: Set<JsonRepair>): string {
  let body = text.replace(/^\uFEFF/, '').trim();
  const fence = /```[A-Za-z0-9_-]*[ \t]*\r?\n?([\s\S]*?)(?:```|$)/.exec(body);
  if (fence && fence[1].trim()) {
    repairs.add('code-fence');
    body = fence[1].trim();
  }
  const first = body.search(/[{[]/);
  if (first < 0) return '';
  if (first > 0) {
    repairs.add('surrounding-text');
    body = body.slice(first);
  }
  return body;
}

/** The quotes a string may open with, and the characters that may close it. */
const QUOTES: Record<string, string> = { '"': '"', "'": "'", '`': '`', '\u201C': '\u201D"', '\u201D': '\u201D"', '\u2018': "\u2019'" };

/**
 * Where the first value of `body` (which starts with `{` or `[`) ends: just after the bracket that closes it,
 * or undefined when it never closes (truncated). Brackets inside strings and comments do not count; an
 * apostrophe inside a word (`it's`) does not open a string.
 */
function endOfFirstValue(body: string): number | undefined {
  let depth = 0;
  let closers = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (closers) {
      if (ch === '\\') i++;
      else if (closers.includes(ch)) closers = '';
    } else if (ch === '/' && (body[i + 1] === '/' || body[i + 1] === '*')) {
      const end = body[i + 1] === '/' ? body.indexOf('\n', i) : body.indexOf('*/', i + 2);
      if (end < 0) return undefined;
      i = body[i + 1] === '/' ? end : end + 1;
    } else if (QUOTES[ch] && !(ch === "'" && /[\p{L}\p{N}]/u.test(body[i - 1] ?? ''))) {
      closers = QUOTES[ch];
    } else if (ch === '{' || ch === '[') {
      depth++;
    } else if ((ch === '}' || ch === ']') && --depth === 0) {
      return i + 1;
    }
  }
  return undefined;
}

/**
 * A spot where jsonrepair gives up (its error's position) though the repair is plain: a `+` before a number,
 * a doubled comma, `\u` without four hex digits. The text fixed there, or undefined.
 */
function fixAt(text: string, at: number, repairs: Set<JsonRepair>): string | undefined {
  if (text[at] === '+' && /[\d.I]/.test(text[at + 1] ?? '')) {
    repairs.add('number-format');
    return text.slice(0, at) + text.slice(at + 1);
  }
  if (text[at] === ',' && /[,{[]\s*$/.test(text.slice(0, at))) {
    repairs.add('comma-fix');
    return text.slice(0, at) + text.slice(at + 1);
  }
  if (text.startsWith('\\u', at)) {
    // `\u` without four hex digits: kept as the text it is (an escaped backslash, then `u`).
    repairs.add('invalid-escapes');
    return `${text.slice(0, at)}\\${text.slice(at)}`;
  }
  return undefined;
}

const count = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;

/** Escape sequences by kind: of a double quote, of a control character, and invalid ones. */
function escapes(text: string): { quote: number; control: number; invalid: number } {
  const found = { quote: 0, control: 0, invalid: 0 };
  for (const [, escape] of text.matchAll(/\\(u[0-9a-fA-F]{4}|[\s\S]?)/g)) {
    if (escape === '"') found.quote++;
    else if (escape.length === 1 && 'bfnrt'.includes(escape)) found.control++;
    else if (escape.length === 5) found.control += parseInt(escape.slice(1), 16) < 0x20 ? 1 : 0;
    else if (escape !== '\\' && escape !== '/') found.invalid++;
  }
  return found;
}

const NOT_QUOTED = String.raw`[\w$"'\u0060\u2018-\u201D]`;
const BARE_LITERAL = new RegExp(String.raw`(?<!${NOT_QUOTED})[-+]?(?:True|False|None|NaN|Infinity|undefined)(?!${NOT_QUOTED})`, 'g');
const BARE_NAN = new RegExp(String.raw`(?<!${NOT_QUOTED})[-+]?(?:NaN|Infinity)(?!${NOT_QUOTED})`);
const QUOTED_NAN = /["'\u0060\u2018-\u201D][-+]?(?:NaN|Infinity)["'\u0060\u2018-\u201D]/;
const LITERAL_WORD = String.raw`(?:true|false|null|True|False|None|NaN|Infinity|undefined)(?![\w$])`;
const BARE_VALUE = new RegExp(String.raw`(?<=[:[,]\s*)(?!${LITERAL_WORD})[A-Za-z_$][\w$-]*(?![\w$-]|\s*:)`, 'g');
const UNQUOTED_KEY = /[{,]\s*[A-Za-z_$][\w$-]*\s*:/g;
const TRAILING_COMMA = /,\s*[}\]]/g;
const LOOSE_NUMBER = /(?<![\w.])\.\d|\d\.(?![\w.])/g;

/** Comments outside double-quoted strings (jsonrepair removes them). */
const COMMENT = /("(?:[^"\\\n]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$)/g;

const withoutComments = (text: string): string => text.replace(COMMENT, (_comment, string?: string) => string ?? '');

/** Which repairs turned `input` (without its comments) into `output` (jsonrepair's), from what was removed and what was added. */
function labelRepairs(input: string, output: string, repairs: Set<JsonRepair>): void {
  const fewer = (pattern: RegExp) => count(output, pattern) < count(input, pattern);
  if (fewer(/['\u2018\u2019]/g)) repairs.add('single-quotes');
  if (fewer(/[\u201C\u201D]/g)) repairs.add('smart-quotes');
  if (fewer(UNQUOTED_KEY)) repairs.add('unquoted-keys');
  if (fewer(BARE_LITERAL)) repairs.add('non-json-literals');
  if (fewer(BARE_VALUE)) repairs.add('bare-words');
  if (fewer(LOOSE_NUMBER)) repairs.add('number-format');
  const trailing = count(input, TRAILING_COMMA) - count(output, TRAILING_COMMA);
  if (trailing > 0) repairs.add('trailing-comma');
  const commasKept = count(input, /,/g) - trailing - (/,\s*$/.test(input) ? 1 : 0);
  if (count(output, /,/g) > commasKept) repairs.add('comma-fix');
  const before = escapes(input);
  const after = escapes(output);
  if (after.control > before.control) repairs.add('control-characters');
  if (after.quote > before.quote) repairs.add('inner-quotes');
  if (before.invalid > 0) repairs.add('invalid-escapes');
  if (count(output, /[}\]]/g) > count(input, /[}\]]/g)) repairs.add('truncated');
}

/**
 * Output cut short inside an object entry (`{"points": 3, "rea` or `…, "reason":`): jsonrepair keeps the
 * key with null; the entry is dropped instead, as nothing of its value was written. The entry is the last
 * one of the innermost open object, and the text ends with its key.
 */
function dropDanglingKey(value: unknown, input: string): void {
  let node = value;
  let innermost: Record<string, unknown> | undefined;
  while (node && typeof node === 'object') {
    if (Array.isArray(node)) node = node[node.length - 1];
    else {
      innermost = node as Record<string, unknown>;
      const keys = Object.keys(innermost);
      node = keys.length ? innermost[keys[keys.length - 1]] : undefined;
    }
  }
  if (!innermost) return;
  const name = Object.keys(innermost).at(-1);
  if (name === undefined || innermost[name] !== null) return;
  const tail = input.trimEnd().replace(/:$/, '').trimEnd().replace(/["'\u2018\u2019\u201C\u201D]$/, '');
  if (tail.endsWith(name) && !/[\w$-]/.test(tail.charAt(tail.length - name.length - 1))) delete innermost[name];
}

/** NaN and ±Infinity written bare, which jsonrepair keeps as strings: null, as JSON.stringify writes them. */
function nullForNaN(value: unknown): unknown {
  if (typeof value === 'string') return /^[-+]?(?:NaN|Infinity)$/.test(value) ? null : value;
  if (Array.isArray(value)) return value.map(nullForNaN);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, nullForNaN(v)]));
  return value;
}

/** A value that is itself JSON text of an object or array (the answer was encoded twice). */
function decodeTwice(value: unknown, repairs: Set<JsonRepair>): unknown {
  if (typeof value !== 'string' || !/^\s*[{[]/.test(value)) return value;
  try {
    const inner: unknown = JSON.parse(value);
    repairs.add('double-encoded');
    return inner;
  } catch {
    return value;
  }
}

/**
 * jsonrepair's output for `body`, with the text it was given (after fixes at the spots where it gave up), or what
 * could not be repaired. jsonrepair throws JSONRepairError at such a spot, and RangeError for nesting too deep for it.
 */
function repairWithFixes(body: string, repairs: Set<JsonRepair>): { text: string; json: string } | { problem: string } {
  let text = body;
  for (let fixes = 0; ; fixes++) {
    try {
      return { text, json: jsonrepair(text) };
    } catch (error) {
      const at = error instanceof JSONRepairError ? error.position : undefined;
      const fixed = at !== undefined && fixes < MAX_FIXES ? fixAt(text, at, repairs) : undefined;
      if (fixed === undefined) return { problem: `the answer is not JSON even after repair${at !== undefined ? ` (at character ${at})` : ''}` };
      text = fixed;
    }
  }
}

/** Parses JSON written by a model, repairing what can be repaired; never throws. */
export function readModelJson(text: string): JsonReadResult {
  const repairs = new Set<JsonRepair>();
  try {
    return { ok: true, value: decodeTwice(JSON.parse(text), repairs), repairs: [...repairs] };
  } catch {
    // repaired below
  }
  let body = extractJson(text, repairs);
  if (!body) return { ok: false, problem: 'the answer holds no JSON object', repairs: [...repairs] };
  const end = endOfFirstValue(body);
  if (end !== undefined && body.slice(end).trim()) {
    repairs.add('surrounding-text');
    body = body.slice(0, end);
  }
  const repaired = repairWithFixes(body, repairs);
  if ('problem' in repaired) return { ok: false, problem: repaired.problem, repairs: [...repairs] };
  // jsonrepair wraps values that follow the first one in an array (newline-delimited JSON); the text after the
  // first value is cut above, so a wrap means it closed the first value early (`[1,,2]` reads as `[[1],2]`).
  if (count(repaired.json, /\[/g) > count(repaired.text, /\[/g)) return { ok: false, problem: 'the answer is not one JSON value even after repair', repairs: [...repairs] };
  try {
    let value: unknown = JSON.parse(repaired.json);
    const plain = withoutComments(repaired.text);
    if (plain.length < repaired.text.length) repairs.add('comments');
    labelRepairs(plain, repaired.json, repairs);
    if (repairs.has('truncated')) dropDanglingKey(value, plain);
    if (BARE_NAN.test(plain) && !QUOTED_NAN.test(plain)) value = nullForNaN(value);
    return { ok: true, value: decodeTwice(value, repairs), repairs: [...repairs] };
  } catch {
    // Nesting too deep for the recursion of JSON.parse or of the steps above.
    return { ok: false, problem: 'the answer is not JSON even after repair', repairs: [...repairs] };
  }
}
