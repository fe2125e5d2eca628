/**
 * What an amount of money is (a balance, a deposit, a salary, a payment, …), from the words that
 * label it: the nearest cue before it in its own clause, else a cue right after it ("CLP 1,150,000
 * balance only"), else the label of its form field, its table column or the heading above it.
 * The vocabulary is lexicons/money.json.
 */
import type { Money } from '../../../contracts/caseFacts';
import moneyJson from './lexicons/money.json';
import { spacedPhrases } from './spacedPhrases';

export type MoneyKind = Money['kind'];

/** One expression per phrase: an alternation would stop at its first phrase that matches, not the longest. */
const KIND_CUES: ReadonlyArray<[MoneyKind, RegExp]> = Object.entries(moneyJson.kinds).flatMap(([kind, list]) => list.map((phrase): [MoneyKind, RegExp] => [kind as MoneyKind, spacedPhrases([phrase], 'giu')]));

interface Cue {
  kind: MoneyKind;
  start: number;
  end: number;
}

function cuesIn(text: string): Cue[] {
  const out: Cue[] = [];
  for (const [kind, pattern] of KIND_CUES) {
    for (const m of text.matchAll(pattern)) out.push({ kind, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** The cue ending nearest the end of `before`; of cues ending at the same place, the longer (the more specific phrase). */
export function kindBefore(before: string): MoneyKind | undefined {
  const cues = cuesIn(before);
  cues.sort((a, b) => b.end - a.end || a.start - b.start);
  return cues[0]?.kind;
}

/** The cue starting nearest the start of `after` (the amount's own words, "… balance only"); of cues starting together, the longer. */
export function kindAfter(after: string): MoneyKind | undefined {
  const cues = cuesIn(after);
  cues.sort((a, b) => a.start - b.start || b.end - a.end);
  return cues[0]?.kind;
}

/** Words after an amount count only up to its clause's end and this far. */
const AFTER_REACH = 30;
/** Words before an amount count only from its clause's start and this far. */
const BEFORE_REACH = 160;

const ABBREVIATION = /(?<![\p{L}])(?:approx|appr|abt|ca|env|bal|acct|a\/c|avg|est|incl|excl|no|nos|mr|mrs|ms|dr|mme|m)\.$/iu;

/** The clause around [start, end) within [from, to): cut at sentence and clause punctuation. */
export function clauseAround(text: string, start: number, end: number, from: number, to: number): { before: string; after: string } {
  const beforeFrom = Math.max(from, start - BEFORE_REACH);
  let before = text.slice(beforeFrom, start);
  // "bal approx. USD 2,100", "env. 2 000 €": an abbreviation's full stop ends no clause, nor does a leader of dots ("Salaire de base ........ 185 000 FCFA").
  const cut = Math.max(...[...before.matchAll(/(?<!\.)[.;!?](?=\s)|[;!?](?=\s)|\n\s*\n/g)].filter((m) => !ABBREVIATION.test(before.slice(0, m.index + 1))).map((m) => m.index + m[0].length), 0);
  before = before.slice(cut);
  const afterText = text.slice(end, Math.min(to, end + AFTER_REACH));
  const stop = afterText.search(/[.;:!?(](?=\s|$)|[,;:(]|\n/);
  return { before, after: stop >= 0 ? afterText.slice(0, stop) : afterText };
}

export interface KindContext {
  before: string;
  after: string;
  /** A form field's label, a table column's title, the heading above: in that order. */
  labels: ReadonlyArray<string | undefined>;
}

export function moneyKindOf(ctx: KindContext): MoneyKind | undefined {
  const direct = kindBefore(ctx.before) ?? kindAfter(ctx.after);
  if (direct) return direct;
  for (const label of ctx.labels) {
    const kind = label ? kindBefore(label) : undefined;
    if (kind) return kind;
  }
  return undefined;
}
