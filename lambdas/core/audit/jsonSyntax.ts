/**
 * Where JSON text breaks, and which top-level keys it repeats. JSON.parse's own messages differ between Node versions, sometimes give no
 * position and sometimes quote the whole text (line breaks included), so the position is found here: jsonc-parser scans and parses
 * (comments and trailing commas refused, as RFC 8259 does), and this module turns its first error into a message a user can act on.
 */
import type { ParseErrorCode } from 'jsonc-parser';

/**
 * jsonc-parser's ES module build. Its `main` is a UMD build whose internal requires esbuild cannot follow: a
 * bundle (the CLI's, a Lambda's) that takes it fails at load with "Cannot find module './impl/format'"
 * (evanw/esbuild#1619, microsoft/node-jsonc-parser#57). Where the ES module cannot be required (under jest,
 * which leaves node_modules untransformed), the UMD build is, which works unbundled.
 */
function jsoncParser(): typeof import('jsonc-parser') {
  try {
    return require('jsonc-parser/lib/esm/main.js') as typeof import('jsonc-parser');
  } catch {
    return require('jsonc-parser') as typeof import('jsonc-parser');
  }
}
const { printParseErrorCode, visit } = jsoncParser();

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

/** What the text may hold next, from the parser's last event: it decides what an unexpected token is called. */
type Expecting = 'value' | 'value-or-close' | 'key' | 'key-or-close' | 'colon' | 'after-value';

/** The scanner errors jsonc-parser reports for a string token (the token's offset, not the offending character's). */
const STRING_ERRORS = new Set(['UnexpectedEndOfString', 'InvalidCharacter', 'InvalidEscapeCharacter', 'InvalidUnicode']);
/** Valid escapes (skipped), then what RFC 8259 forbids inside a string: a bad \u, another escape, a control character. */
const STRING_PROBLEM = /\\(?:["\\/bfnrt]|u[0-9A-Fa-f]{4})|(\\u)|(\\)|([\u0000-\u001f])/g;
const CONTROL_CHARACTER = 'a line break or other control character inside a string (write it as an escape such as \\n)';
/** JSON's whitespace; jsonc-parser also skips others (no-break space, byte-order mark, U+2028…), which JSON.parse refuses. */
const NOT_JSON_SPACE = /[^ \t\n\r]/g;

/** A syntax-only pass over JSON text (RFC 8259) that stops at the first problem. */
export class JsonSyntaxScan {
  private result: { problem?: { offset: number; problem: string }; duplicates: string[] } | undefined;

  constructor(private readonly text: string) {}

  firstProblem(): { offset: number; problem: string } | undefined {
    return this.scan().problem;
  }

  /** Keys that the outermost object holds more than once (JSON.parse silently keeps the last). */
  topLevelDuplicateKeys(): string[] {
    const { problem, duplicates } = this.scan();
    return problem ? [] : duplicates;
  }

  private scan(): { problem?: { offset: number; problem: string }; duplicates: string[] } {
    if (this.result) return this.result;
    const { text } = this;
    const open: Array<'{' | '['> = [];
    const rootKeys = new Set<string>();
    const duplicates = new Set<string>();
    let expecting: Expecting = 'value';
    /** Where the last token the parser reported ends: what lies between it and the next one is whitespace to check. */
    let scanned = 0;

    const stop = (problem: string, offset: number): never => {
      throw offset >= text.length ? new JsonSyntaxStop(text.length, 'the text ends before the JSON is complete') : new JsonSyntaxStop(offset, problem);
    };
    const afterValue = (offset: number): never => {
      const container = open[open.length - 1];
      return stop(
        container === '{' ? 'expected "," or "}" after the value' : container === '[' ? 'expected "," or "]" after the element' : 'unexpected text after the end of the JSON value',
        offset,
      );
    };
    const checkDepth = (offset: number) => {
      if (open.length > MAX_JSON_DEPTH) stop(`nested more than ${MAX_JSON_DEPTH} levels deep`, offset);
    };
    const badValue = (offset: number): never => {
      checkDepth(offset);
      const literal = ['true', 'false', 'null'].find((word) => text.startsWith(word, offset));
      if (literal) return afterValue(offset + literal.length); // `truex`: the literal is read, then what follows it is not a separator
      if (text[offset] === '-') return stop('expected a digit', offset + 1);
      const word = /^[\p{L}\p{N}_]{1,20}/u.exec(text.slice(offset, offset + 40))?.[0];
      const found = word ?? String.fromCodePoint(text.codePointAt(offset) ?? 0);
      return stop(`expected a value, found ${JSON.stringify(found)}${word ? ' (text values need double quotes)' : ''}`, offset);
    };
    /** Whatever starts at `offset` cannot stand there. */
    const unexpected = (offset: number): never => {
      switch (expecting) {
        case 'value':
        case 'value-or-close':
          return badValue(offset);
        case 'key':
          if (text[offset] === '}') return stop('expected a key after ","; remove the comma before "}"', offset);
          return stop('expected a key in double quotes', offset);
        case 'key-or-close':
          return stop('expected a key in double quotes', offset);
        case 'colon':
          return stop('expected ":" after the key', offset);
        default:
          return afterValue(offset);
      }
    };
    /** A token at [offset, offset + length): first, anything but JSON whitespace before it is the problem. */
    const token = (offset: number, length: number) => {
      NOT_JSON_SPACE.lastIndex = scanned;
      const other = NOT_JSON_SPACE.exec(text);
      if (other && other.index < offset) unexpected(other.index);
      scanned = Math.max(scanned, offset + length);
    };
    const valueAt = (offset: number, length: number) => {
      token(offset, length);
      checkDepth(offset);
    };
    const brokenToken = (code: ParseErrorCode, offset: number, length: number): never => {
      const name = printParseErrorCode(code);
      const mayBeString = expecting !== 'colon' && expecting !== 'after-value';
      const mayBeValue = expecting === 'value' || expecting === 'value-or-close';
      if (STRING_ERRORS.has(name) && mayBeString) {
        if (mayBeValue) checkDepth(offset);
        const raw = text.slice(offset, offset + length);
        for (const m of raw.matchAll(STRING_PROBLEM)) {
          const at = offset + (m.index ?? 0);
          if (m[1]) stop('expected four hex digits after \\u', at);
          if (m[2]) stop('invalid escape sequence in a string', at);
          if (m[3]) stop(CONTROL_CHARACTER, at);
        }
        // Nothing inside: the token stopped at a line break (jsonc-parser ends the string there) or at the end of the text.
        return stop(CONTROL_CHARACTER, offset + length);
      }
      if (name === 'UnexpectedEndOfNumber' && mayBeValue) {
        checkDepth(offset);
        const raw = text.slice(offset, offset + length);
        return stop(raw.endsWith('.') ? 'expected a digit after the decimal point' : 'expected a digit in the exponent', offset + length);
      }
      return unexpected(offset);
    };

    try {
      visit(
        text,
        {
          onObjectBegin: (offset, length) => {
            valueAt(offset, length);
            open.push('{');
            expecting = 'key-or-close';
          },
          onObjectProperty: (key, offset, length) => {
            token(offset, length);
            if (open.length === 1) {
              if (rootKeys.has(key)) duplicates.add(key);
              rootKeys.add(key);
            }
            expecting = 'colon';
          },
          onObjectEnd: (offset, length) => {
            token(offset, length);
            open.pop();
            expecting = 'after-value';
          },
          onArrayBegin: (offset, length) => {
            valueAt(offset, length);
            open.push('[');
            expecting = 'value-or-close';
          },
          onArrayEnd: (offset, length) => {
            token(offset, length);
            open.pop();
            expecting = 'after-value';
          },
          onLiteralValue: (_value, offset, length) => {
            valueAt(offset, length);
            expecting = 'after-value';
          },
          onSeparator: (character, offset, length) => {
            token(offset, length);
            expecting = character === ':' ? 'value' : open[open.length - 1] === '{' ? 'key' : 'value';
          },
          onError: (code, offset, length) => {
            token(offset, 0);
            brokenToken(code, offset, length);
          },
        },
        { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
      );
      token(text.length, 0);
      this.result = { duplicates: [...duplicates] };
    } catch (e) {
      if (!(e instanceof JsonSyntaxStop)) throw e;
      this.result = { problem: { offset: e.offset, problem: e.problem }, duplicates: [] };
    }
    return this.result;
  }
}
