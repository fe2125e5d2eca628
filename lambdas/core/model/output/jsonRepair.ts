/**
 * Reads JSON as language models write it. Strict JSON is parsed as is; otherwise one pass over the
 * text fixes the usual breakages and the result is parsed again:
 *
 * - a Markdown code fence around the JSON, or prose before and after it;
 * - `//` and `/* … *\/` comments; trailing commas; doubled or missing commas between values;
 * - single-quoted strings, smart quotes (“ ” ‘ ’) used as quotes, unquoted keys;
 * - raw newlines, tabs and other control characters inside strings, invalid escapes (`\'`), and
 *   double quotes inside a string that are obviously not its end;
 * - Python and JavaScript literals: `True`, `False`, `None`, `NaN`, `Infinity`, `undefined`;
 * - output cut short (truncated): the open string is closed, a dangling key is dropped, and the
 *   open objects and arrays are closed;
 * - an answer that is a JSON string holding the JSON (double-encoded).
 *
 * Which repairs were applied is returned (for the transparency log); the text itself never is.
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

type Last = 'start' | 'open' | 'comma' | 'colon' | 'key' | 'value';

const LITERALS: Record<string, { json: string; repair?: JsonRepair }> = {
  true: { json: 'true' },
  false: { json: 'false' },
  null: { json: 'null' },
  True: { json: 'true', repair: 'non-json-literals' },
  False: { json: 'false', repair: 'non-json-literals' },
  None: { json: 'null', repair: 'non-json-literals' },
  NaN: { json: 'null', repair: 'non-json-literals' },
  Infinity: { json: 'null', repair: 'non-json-literals' },
  '-Infinity': { json: 'null', repair: 'non-json-literals' },
  undefined: { json: 'null', repair: 'non-json-literals' },
};

const VALID_ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't', 'u']);
const OPENING_QUOTES: Record<string, { closers: string; repair?: JsonRepair }> = {
  '"': { closers: '"' },
  "'": { closers: "'", repair: 'single-quotes' },
  '\u201C': { closers: '\u201D"', repair: 'smart-quotes' },
  '\u201D': { closers: '\u201D"', repair: 'smart-quotes' },
  '\u2018': { closers: "\u2019'", repair: 'single-quotes' },
};
const WORD_START = /[A-Za-z_$\-+.0-9]/;
const WORD_CHAR = /[A-Za-z0-9_$\-+.]/;
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

function normaliseNumber(token: string): string | undefined {
  if (JSON_NUMBER.test(token)) return token;
  let t = token.startsWith('+') ? token.slice(1) : token;
  t = t.replace(/^(-?)\./, '$10.').replace(/\.(?=$|[eE])/, '');
  t = t.replace(/^(-?)0+(?=\d)/, '$1');
  return JSON_NUMBER.test(t) ? t : undefined;
}

/** Strips a Markdown fence and any prose around the first JSON object or array. */
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

class Scanner {
  private out = '';
  private readonly stack: Array<'{' | '['> = [];
  private last: Last = 'start';
  /** Output length before the current object entry's key (and its comma), to drop a dangling key. */
  private entryStart = -1;
  private i = 0;

  constructor(
    private readonly text: string,
    private readonly repairs: Set<JsonRepair>,
  ) {}

  private get inObject(): boolean {
    return this.stack[this.stack.length - 1] === '{';
  }

  private peekSignificant(from: number): string | undefined {
    for (let j = from; j < this.text.length; j++) if (!/\s/.test(this.text[j])) return this.text[j];
    return undefined;
  }

  /** Before a value or key: a comma where one is missing between two values. */
  private beforeItem(): void {
    if (this.stack.length && (this.last === 'value' || this.last === 'key')) {
      this.out += ',';
      this.repairs.add('comma-fix');
      this.last = 'comma';
    }
  }

  private markEntry(): void {
    if (this.inObject && (this.last === 'open' || this.last === 'comma')) this.entryStart = this.last === 'comma' ? this.out.lastIndexOf(',') : this.out.length;
  }

  run(): string {
    const { text } = this;
    while (this.i < text.length) {
      const ch = text[this.i];
      if (/\s/.test(ch)) {
        this.out += ch;
        this.i++;
      } else if (ch === '/' && (text[this.i + 1] === '/' || text[this.i + 1] === '*')) {
        this.skipComment();
      } else if (ch === '{' || ch === '[') {
        this.beforeItem();
        this.stack.push(ch);
        this.out += ch;
        this.last = 'open';
        this.i++;
      } else if (ch === '}' || ch === ']') {
        if (!this.stack.length) break;
        this.closeContainer();
        this.i++;
        if (!this.stack.length) break;
      } else if (ch === ',') {
        if (this.last === 'comma' || this.last === 'open' || this.last === 'start') this.repairs.add('comma-fix');
        else {
          this.out += ',';
          this.last = 'comma';
        }
        this.i++;
      } else if (ch === ':') {
        this.out += ':';
        this.last = 'colon';
        this.i++;
      } else if (OPENING_QUOTES[ch]) {
        this.readString(ch);
      } else if (WORD_START.test(ch)) {
        this.readWord();
      } else {
        // A character JSON has no use for outside a string (a stray `;` or `>`): leave it out.
        this.repairs.add('bare-words');
        this.i++;
      }
    }
    if (this.i < text.length && text.slice(this.i + 1).trim()) this.repairs.add('surrounding-text');
    this.finish();
    return this.out;
  }

  private skipComment(): void {
    const { text } = this;
    this.repairs.add('comments');
    if (text[this.i + 1] === '/') {
      const end = text.indexOf('\n', this.i);
      this.i = end < 0 ? text.length : end;
    } else {
      const end = text.indexOf('*/', this.i + 2);
      this.i = end < 0 ? text.length : end + 2;
    }
  }

  private closeContainer(): void {
    if (this.last === 'comma') {
      this.out = this.out.replace(/,(\s*)$/, '$1');
      this.repairs.add('trailing-comma');
    } else if (this.last === 'colon' || this.last === 'key') {
      this.dropDanglingEntry();
    }
    const open = this.stack.pop();
    this.out += open === '{' ? '}' : ']';
    this.last = 'value';
  }

  private dropDanglingEntry(): void {
    if (this.entryStart >= 0) this.out = this.out.slice(0, this.entryStart);
    this.repairs.add('truncated');
    this.last = this.out.trimEnd().endsWith('{') ? 'open' : 'value';
  }

  private readString(quote: string): void {
    const { text } = this;
    const spec = OPENING_QUOTES[quote];
    if (spec.repair) this.repairs.add(spec.repair);
    this.beforeItem();
    this.markEntry();
    const isKey = this.inObject && (this.last === 'open' || this.last === 'comma');
    this.i++;
    let body = '';
    let closed = false;
    while (this.i < text.length) {
      const ch = text[this.i];
      if (ch === '\\') {
        const next = text[this.i + 1];
        if (next === undefined) {
          this.i++;
          break;
        }
        if (next === 'u' && !/^[0-9a-fA-F]{4}$/.test(text.slice(this.i + 2, this.i + 6))) {
          body += '\\\\u';
          this.repairs.add('invalid-escapes');
        } else if (VALID_ESCAPES.has(next)) body += `\\${next}`;
        else {
          body += next === "'" ? "'" : `\\\\${next}`;
          this.repairs.add('invalid-escapes');
        }
        this.i += 2;
        continue;
      }
      if (spec.closers.includes(ch)) {
        const after = this.peekSignificant(this.i + 1);
        const ends = after === undefined || after === ',' || after === '}' || after === ']' || after === ':';
        if (ends) {
          this.i++;
          closed = true;
          break;
        }
        body += ch === '"' ? '\\"' : ch;
        this.repairs.add('inner-quotes');
        this.i++;
        continue;
      }
      if (ch === '"') {
        body += '\\"';
      } else if (ch < ' ') {
        body += ch === '\n' ? '\\n' : ch === '\r' ? '\\r' : ch === '\t' ? '\\t' : `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
        this.repairs.add('control-characters');
      } else body += ch;
      this.i++;
    }
    if (!closed) {
      this.repairs.add('truncated');
      if (isKey) {
        this.dropDanglingEntry();
        return;
      }
    }
    this.out += `"${body}"`;
    this.last = isKey ? 'key' : 'value';
  }

  private readWord(): void {
    const { text } = this;
    let end = this.i;
    while (end < text.length && WORD_CHAR.test(text[end])) end++;
    const token = text.slice(this.i, end);
    this.i = end;
    const next = this.peekSignificant(end);
    this.beforeItem();
    if (this.inObject && (this.last === 'open' || this.last === 'comma') && next === ':') {
      this.markEntry();
      this.out += JSON.stringify(token);
      this.repairs.add('unquoted-keys');
      this.last = 'key';
      return;
    }
    const literal = LITERALS[token];
    if (literal) {
      if (literal.repair) this.repairs.add(literal.repair);
      this.out += literal.json;
    } else {
      const number = normaliseNumber(token);
      if (number !== undefined) {
        if (number !== token) this.repairs.add('number-format');
        this.out += number;
      } else {
        this.out += JSON.stringify(token);
        this.repairs.add('bare-words');
      }
    }
    this.last = 'value';
  }

  private finish(): void {
    if (!this.stack.length) return;
    this.repairs.add('truncated');
    if (this.last === 'comma') this.out = this.out.replace(/,(\s*)$/, '$1');
    if (this.last === 'colon' || this.last === 'key') this.dropDanglingEntry();
    while (this.stack.length) this.out += this.stack.pop() === '{' ? '}' : ']';
  }
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

/** Parses JSON written by a model, repairing what can be repaired; never throws. */
export function readModelJson(text: string): JsonReadResult {
  const repairs = new Set<JsonRepair>();
  try {
    return { ok: true, value: decodeTwice(JSON.parse(text), repairs), repairs: [...repairs] };
  } catch {
    // repaired below
  }
  const body = extractJson(text, repairs);
  if (!body) return { ok: false, problem: 'the answer holds no JSON object', repairs: [...repairs] };
  const repaired = new Scanner(body, repairs).run();
  try {
    return { ok: true, value: decodeTwice(JSON.parse(repaired), repairs), repairs: [...repairs] };
  } catch (error) {
    const at = /position (\d+)/.exec((error as Error).message)?.[1];
    return { ok: false, problem: `the answer is not JSON even after repair${at ? ` (at character ${at})` : ''}`, repairs: [...repairs] };
  }
}
