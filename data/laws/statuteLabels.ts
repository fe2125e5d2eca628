/**
 * Labels as printed in the consolidation → the canonical label values of the units they name.
 *
 * English and French print most labels alike except paragraphs (`(a)` / `a)`). A repealed or
 * spent run of units shares one label: `(2) and (3)`, `(3) to (5)`, `227.1 to 232`, `d) à g)`.
 * Each unit of such a run gets its own entry so that a citation of any of them resolves.
 */
import type { ProvisionKind } from '../../lambdas/core/statutes/statuteIndexSchema';

/** A label the reader cannot turn into canonical values; names the label and the unit kind. */
export class UnreadableLabel extends Error {
  override readonly name = 'UnreadableLabel';
  constructor(readonly label: string, readonly kind: ProvisionKind, detail: string) {
    super(`cannot read the ${kind} label "${label}": ${detail}`);
  }
}

const ROMAN: ReadonlyArray<[string, number]> = [
  ['m', 1000], ['cm', 900], ['d', 500], ['cd', 400], ['c', 100], ['xc', 90], ['l', 50], ['xl', 40], ['x', 10], ['ix', 9], ['v', 5], ['iv', 4], ['i', 1],
];

function toRoman(value: number): string {
  let rest = value;
  let out = '';
  for (const [symbol, amount] of ROMAN) {
    while (rest >= amount) {
      out += symbol;
      rest -= amount;
    }
  }
  return out;
}

function fromRoman(text: string): number | undefined {
  const lower = text.toLowerCase();
  if (!/^[mdclxvi]+$/.test(lower)) return undefined;
  let value = 0;
  for (let i = 0; i < lower.length; i += 1) {
    const current = ROMAN.find(([s]) => s === lower[i])?.[1] ?? 0;
    const next = ROMAN.find(([s]) => s === lower[i + 1])?.[1] ?? 0;
    value += current < next ? -current : current;
  }
  return toRoman(value) === lower ? value : undefined;
}

/** One piece of a label without its brackets: `216`, `(1.1)` → `1.1`, `a)` → `a`, `(b.01)` → `b.01`. */
function labelValue(piece: string, kind: ProvisionKind, label: string): string {
  const text = piece.trim();
  const match = kind === 'section' ? /^(\d+(?:\.\d+)*)$/.exec(text) : /^\(?([0-9A-Za-z]+(?:\.\d+)*)\)$/.exec(text);
  if (!match) throw new UnreadableLabel(label, kind, `"${text}" is not a ${kind} label`);
  return match[1];
}

/** Values strictly between `first` and `last` at the whole-step level, plus `last` itself. */
function expandRange(first: string, last: string, kind: ProvisionKind, label: string): string[] {
  const [firstBase] = first.split('.');
  const [lastBase, ...lastDecimals] = last.split('.');
  const values = [first];
  let steps: string[];
  if (/^\d+$/.test(firstBase) && /^\d+$/.test(lastBase)) {
    steps = [];
    for (let n = Number(firstBase) + 1; n <= Number(lastBase); n += 1) steps.push(String(n));
  } else if ((kind === 'subparagraph' || kind === 'subclause') && fromRoman(firstBase) && fromRoman(lastBase)) {
    const upper = firstBase === firstBase.toUpperCase();
    steps = [];
    for (let n = (fromRoman(firstBase) ?? 0) + 1; n <= (fromRoman(lastBase) ?? 0); n += 1) {
      steps.push(upper ? toRoman(n).toUpperCase() : toRoman(n));
    }
  } else if (/^[A-Za-z]$/.test(firstBase) && /^[A-Za-z]$/.test(lastBase)) {
    steps = [];
    for (let code = firstBase.charCodeAt(0) + 1; code <= lastBase.charCodeAt(0); code += 1) steps.push(String.fromCharCode(code));
  } else {
    throw new UnreadableLabel(label, kind, `cannot list the units from ${first} to ${last}`);
  }
  if (steps.length === 0 && firstBase !== lastBase) throw new UnreadableLabel(label, kind, `the range ${first} to ${last} runs backwards`);
  values.push(...steps);
  // `227.1 to 232.5` would end on a decimal: the whole step `232` is listed above, add `232.5`.
  if (lastDecimals.length > 0 && last !== first) values.push(last);
  return [...new Set(values)];
}

/**
 * Canonical values (no brackets) of the units a printed label names, in order.
 * `(b)` → `["b"]`; `c) et d)` → `["c", "d"]`; `(3) to (5)` → `["3", "4", "5"]`; `227.1 to 232` → `["227.1", "228", …, "232"]`.
 */
export function labelValues(label: string, kind: ProvisionKind): string[] {
  const text = label.replace(/\s+/g, ' ').trim();
  const range = / (?:to|à) /.exec(text);
  if (range) {
    const first = labelValue(text.slice(0, range.index), kind, label);
    const last = labelValue(text.slice(range.index + range[0].length), kind, label);
    return expandRange(first, last, kind, label);
  }
  return text.split(/ (?:and|et) |, /).map((piece) => labelValue(piece, kind, label));
}
