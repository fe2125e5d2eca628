/**
 * Where JSON text breaks, and which top-level keys it repeats. JSON.parse's own messages differ between Node versions, sometimes give no
 * position and sometimes quote the whole text (line breaks included), so the position is found here.
 */

/** Deeper nesting than this is reported instead of scanned. */
const MAX_JSON_DEPTH = 256;

export function describeJsonSyntaxError(text: string): string {
  if (!text.trim()) return 'not valid JSON: the text is empty';
  const found = new JsonSyntaxScan(text).firstProblem();
  if (!found) return 'not valid JSON';
  const before = text.slice(0, found.offset);
  const line = before.split('\n').length;
  const column = Array.from(before.slice(before.lastIndexOf('\n') + 1)).length + 1;
  return `not valid JSON at line ${line}, column ${column}: ${found.problem}`;
}

class JsonSyntaxStop {
  constructor(
    readonly offset: number,
    readonly problem: string,
  ) {}
}

/** A syntax-only pass over JSON text (RFC 8259) that stops at the first problem. */
export class JsonSyntaxScan {
  private at = 0;
  private readonly rootKeys = new Set<string>();
  private readonly duplicates = new Set<string>();

  constructor(private readonly text: string) {}

  firstProblem(): { offset: number; problem: string } | undefined {
    try {
      this.document();
      return undefined;
    } catch (e) {
      if (e instanceof JsonSyntaxStop) return { offset: e.offset, problem: e.problem };
      throw e;
    }
  }

  /** Keys that the outermost object holds more than once (JSON.parse silently keeps the last). */
  topLevelDuplicateKeys(): string[] {
    return this.firstProblem() ? [] : [...this.duplicates];
  }

  private document(): void {
    this.space();
    this.value(0);
    this.space();
    if (this.at < this.text.length) this.stop('unexpected text after the end of the JSON value');
  }

  private value(depth: number): void {
    if (depth > MAX_JSON_DEPTH) this.stop(`nested more than ${MAX_JSON_DEPTH} levels deep`);
    const c = this.text[this.at];
    if (c === '{') this.object(depth);
    else if (c === '[') this.array(depth);
    else if (c === '"') this.string();
    else if (c === '-' || (c >= '0' && c <= '9')) this.number();
    else if (!this.word('true') && !this.word('false') && !this.word('null')) {
      const word = /^[\p{L}\p{N}_]{1,20}/u.exec(this.text.slice(this.at, this.at + 40))?.[0];
      const found = word ?? String.fromCodePoint(this.text.codePointAt(this.at) ?? 0);
      this.stop(`expected a value, found ${JSON.stringify(found)}${word ? ' (text values need double quotes)' : ''}`);
    }
  }

  private object(depth: number): void {
    this.at++;
    this.space();
    if (this.text[this.at] === '}') {
      this.at++;
      return;
    }
    for (;;) {
      this.space();
      if (this.text[this.at] === '}') this.stop('expected a key after ","; remove the comma before "}"');
      if (this.text[this.at] !== '"') this.stop('expected a key in double quotes');
      const keyStart = this.at;
      this.string();
      if (depth === 0) this.noteRootKey(this.text.slice(keyStart, this.at));
      this.space();
      if (this.text[this.at] !== ':') this.stop('expected ":" after the key');
      this.at++;
      this.space();
      this.value(depth + 1);
      this.space();
      const next = this.text[this.at];
      this.at++;
      if (next === '}') return;
      if (next !== ',') this.stop('expected "," or "}" after the value', this.at - 1);
    }
  }

  private array(depth: number): void {
    this.at++;
    this.space();
    if (this.text[this.at] === ']') {
      this.at++;
      return;
    }
    for (;;) {
      this.space();
      this.value(depth + 1);
      this.space();
      const next = this.text[this.at];
      this.at++;
      if (next === ']') return;
      if (next !== ',') this.stop('expected "," or "]" after the element', this.at - 1);
    }
  }

  private string(): void {
    this.at++;
    for (;;) {
      if (this.at >= this.text.length) this.stop('a string is not closed');
      const code = this.text.charCodeAt(this.at);
      if (code === 0x22) {
        this.at++;
        return;
      }
      if (code < 0x20) this.stop('a line break or other control character inside a string (write it as an escape such as \\n)');
      if (code === 0x5c) {
        const escape = this.text[this.at + 1];
        if (escape === 'u') {
          if (!/^[0-9A-Fa-f]{4}$/.test(this.text.slice(this.at + 2, this.at + 6))) this.stop('expected four hex digits after \\u');
          this.at += 6;
        } else if (escape !== undefined && '"\\/bfnrt'.includes(escape)) {
          this.at += 2;
        } else {
          this.stop('invalid escape sequence in a string');
        }
      } else {
        this.at++;
      }
    }
  }

  private number(): void {
    if (this.text[this.at] === '-') this.at++;
    if (this.text[this.at] === '0') this.at++;
    else if (!this.digits()) this.stop('expected a digit');
    if (this.text[this.at] === '.') {
      this.at++;
      if (!this.digits()) this.stop('expected a digit after the decimal point');
    }
    if (this.text[this.at] === 'e' || this.text[this.at] === 'E') {
      this.at++;
      if (this.text[this.at] === '+' || this.text[this.at] === '-') this.at++;
      if (!this.digits()) this.stop('expected a digit in the exponent');
    }
  }

  private digits(): boolean {
    const start = this.at;
    while (this.text[this.at] >= '0' && this.text[this.at] <= '9') this.at++;
    return this.at > start;
  }

  private word(literal: string): boolean {
    if (!this.text.startsWith(literal, this.at)) return false;
    this.at += literal.length;
    return true;
  }

  private space(): void {
    while (this.at < this.text.length && ' \t\n\r'.includes(this.text[this.at])) this.at++;
  }

  private noteRootKey(quoted: string): void {
    const key = JSON.parse(quoted) as string;
    if (this.rootKeys.has(key)) this.duplicates.add(key);
    this.rootKeys.add(key);
  }

  private stop(problem: string, offset = this.at): never {
    throw offset >= this.text.length
      ? new JsonSyntaxStop(this.text.length, 'the text ends before the JSON is complete')
      : new JsonSyntaxStop(offset, problem);
  }
}
