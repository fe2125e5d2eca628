/**
 * The one money reader of the product, English and French: amounts with their currency, as case
 * files write them — CAD 24,310.55, $5,000, US$ 1,250, 12 500,00 $, 12 500 $ CA, 1.250,00 €,
 * ₹5,00,000, Rs. 15 lakh, 1.2 crore rupees, Ksh 150,000, ₱45,000, $85k, $1.2M, 300 euros — and, for
 * wages, the period they are paid per (hour, week, month, year), from the words after the amount
 * ("per hour", "/hr", "par heure", "per annum", "par an"), before it ("annual salary of", "taux
 * horaire de") or, for a salary, from the amount itself when no hourly wage could be that large.
 * Currency words and period phrases live in moneyWords.json.
 */
import words from './moneyWords.json';

export type PayPeriod = 'hour' | 'week' | 'month' | 'year';

export interface FoundMoney {
  amount: number;
  /** ISO 4217; the document's currency (or `XXX`) when it writes only `$` or "dollars". */
  currency: string;
  /** Whether the currency is written with the amount (not taken from the document). */
  currencyWritten: boolean;
  per?: PayPeriod;
  /** The amount as written (currency and multiplier included). */
  written: string;
  start: number;
  end: number;
}

export interface ReadMoneyOptions {
  /** The document's currency (from its country), for `$` and "dollars"; `XXX` when not given. */
  defaultCurrency?: string;
  /**
   * The document's language. Accepted so that both readers are called alike; English and French
   * words are read in every document (files mix them) and figures are read by their marks alone.
   */
  language?: 'en' | 'fr';
  /** The mark the document writes before its three-digit thousandths (the dinar's millimes), from `thousandthsMark`. */
  thousandths?: ThousandthsMark;
}

export type ThousandthsMark = ',' | '.';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternation = (list: readonly string[]) => [...list].sort((a, b) => b.length - a.length).map(escape).join('|');
const lower = (s: string) => s.toLowerCase().replace(/[\s\u00a0\u202f]+/g, ' ');

const CURRENCIES = new Map(Object.entries(words.currencies as Record<string, string | null>).map(([w, iso]) => [lower(w), iso]));
const MULTIPLIERS = new Map(Object.entries(words.multipliers).map(([w, n]) => [w, n]));
const INDIAN = new Set(words.indianMultipliers);
const EXACT_CASE = new Map(words.exactCase.map((w) => [lower(w), w]));

/** A currency writing that is also a word ("try", "pen") names a currency only as written in the list ("TRY", "PEN"). */
const currencyWriting = (written: string | undefined): string | undefined => {
  if (written === undefined) return undefined;
  const exact = EXACT_CASE.get(lower(written));
  return exact === undefined || exact === written.replace(/[\s\u00a0\u202f]+/g, ' ') ? written : undefined;
};

/** Spaces inside an amount: ordinary, no-break and narrow no-break (French typography). */
const SP = '[ \\u00a0\\u202f]';
const CURRENCY = `(?:${alternation(Object.keys(words.currencies)).replace(/\\ /g, `${SP}`).replace(/ /g, SP)})`;

/**
 * A written figure: Indian grouping (5,00,000), comma or space thousands (385,000.00, 24 310,55), dot
 * thousands (1.250,00), or plain (18.50, 12,5). `decimals`: how many digits may follow the decimal
 * mark of a grouped figure (two; three in a document written in millimes: 12 480,350).
 */
const numberPattern = (decimals: 2 | 3) =>
  [
    `\\d{1,2}(?:,\\d{2})+,\\d{3}(?:\\.\\d{1,${decimals}})?`,
    `\\d{1,3}(?:,\\d{3})+(?:\\.\\d{1,${decimals}})?`,
    `\\d{1,3}(?:${SP}\\d{3})+(?:[.,]\\d{1,${decimals}})?`,
    `\\d{1,3}(?:\\.\\d{3})+(?:,\\d{1,${decimals}})?`,
    '\\d+(?:[.,]\\d{1,3})?',
  ].join('|');
const MULTIPLIER = `(?:${alternation([...MULTIPLIERS.keys()])})`;

/** Letters of English and French words, for word boundaries. */
const L = '\\p{L}';
// A currency after the figure may stand on the next line when it closes the sentence there ("465 000⏎FCFA."),
// not when it opens the next line's own figure ("12 000⏎USD 500").
const amountPattern = (decimals: 2 | 3) => new RegExp(
  `(?<![${L}\\p{N}.,])(?<!\\p{N}[-/])(?:(?<pre>${CURRENCY})${SP}?(?:(?<pre2>${CURRENCY})${SP}?)?(?<wrap>\\n)?)?(?<num>${numberPattern(decimals)})(?:${SP}?(?<mult>${MULTIPLIER})(?![${L}]))?(?:(?:${SP}?|\\n(?=[ \\t]*${CURRENCY}[ \\t]*(?:[.,;)]|\\n|$)))(?:d['’]|(?:of|de)${SP})?(?<post>${CURRENCY}))?(?![${L}\\p{N}]|[.,]\\p{N})`,
  'giu',
);
const AMOUNT = amountPattern(2);
const AMOUNT_IN_THOUSANDTHS = amountPattern(3);

/** What follows a currency code that opens a figure with cents ("EUR 1.150,00", "MAD 4 020,00"). */
const FIGURE_WITH_CENTS = /^[ \u00a0\u202f]?\d{1,3}(?:[.,\u00a0\u202f ]\d{3})*[.,]\d{2}(?!\d)/u;
/** Currencies written in lakh and crore. */
const SOUTH_ASIAN = new Set(['INR', 'PKR', 'NPR', 'BDT', 'LKR']);

/** Figures with two decimals, as in statement columns: "385,000.00", "24 310,55" (no currency needed). */
export const TABLE_FIGURE = /(?<![\w.,])-?(?:\d{1,3}(?:[,\u00a0\u202f ]\d{3})+|\d+)[.,]\d{2}(?![\w])/g;

/**
 * The value of a written figure. The last `.` or `,` followed by one or two digits is the decimal
 * mark; followed by three digits it groups thousands (1.250 and 1,250 are both 1250), except in a
 * figure that already used the other mark for grouping (1,250.375 is not written by case files) and
 * in a document written in millimes, where `thousandths` is its decimal mark (780,000 is 780 dinars).
 */
export function parseAmount(written: string, thousandths?: ThousandthsMark): number | undefined {
  const s = written.replace(/[^\d.,\-]/g, '');
  if (!/\d/.test(s)) return undefined;
  const decimal = (thousandths && new RegExp(`\\${thousandths}(\\d{3})$`).exec(s)) || /[.,](\d{1,2})$/.exec(s);
  const whole = (decimal ? s.slice(0, decimal.index) : s).replace(/[.,]/g, '');
  const value = Number(`${whole}${decimal ? `.${decimal[1]}` : ''}`);
  return Number.isFinite(value) ? value : undefined;
}

/** Currencies whose minor unit has three digits (the dinar's millimes, the fils, the baisa). */
const THOUSANDTHS_CURRENCIES = new Set(words.thousandthsCurrencies);
/** "12 480,350", "9.874,125": a three-digit tail after a comma that follows other grouping. */
const COMMA_THOUSANDTHS = /\d[ \u00a0\u202f.]\d{3},\d{3}(?![\d.,])/u;
/** "18,450.750": a three-digit tail after a point that follows comma grouping. */
const POINT_THOUSANDTHS = /\d,\d{3}\.\d{3}(?![\d.,])/u;

/**
 * The decimal mark of a document written in millimes: its currency has three-digit minor units and
 * one of its figures shows the mark unambiguously (a three-digit tail after grouping with the other
 * mark or a space). Then every figure of the document that ends in that mark and three digits has
 * decimals ("950,000" beside "12 480,350 TND" is 950 dinars). Undefined otherwise: "JOD 25,000" alone
 * is twenty-five thousand.
 */
export function thousandthsMark(text: string, currency: string | undefined): ThousandthsMark | undefined {
  if (!currency || !THOUSANDTHS_CURRENCIES.has(currency)) return undefined;
  if (COMMA_THOUSANDTHS.test(text)) return ',';
  if (POINT_THOUSANDTHS.test(text)) return '.';
  return undefined;
}

/** A figure followed by a multiplier may have a decimal of any length (1.125 crore, 2,5 millions). */
function parseScaled(written: string, multiplier: number): number | undefined {
  const m = /^(\d+)(?:[.,](\d+))?$/.exec(written);
  if (!m) return undefined;
  return Math.round(Number(`${m[1]}.${m[2] ?? '0'}`) * multiplier * 100) / 100;
}

/** A period's phrase, its spaces matching a line break too ("29,50 $ de⏎l'heure": a wrapped line). */
const periodPhrases = (phrases: readonly string[]) => alternation(phrases).replace(/(?:\\ | )/g, '\\s+');

function periodRegexes(table: Record<string, string[]>, anchor: 'start' | 'end'): Array<[PayPeriod, RegExp]> {
  return (Object.entries(table) as Array<[PayPeriod, string[]]>).map(([period, phrases]) => [
    period,
    anchor === 'start'
      ? new RegExp(`^\\s*[(,]?\\s*(?:${periodPhrases(phrases)})(?![${L}])`, 'iu')
      : new RegExp(`(?<![${L}])(?:${periodPhrases(phrases)})(?![${L}])`, 'giu'),
  ]);
}
const PERIOD_AFTER = periodRegexes(words.periodAfter, 'start');
const PERIOD_BEFORE = periodRegexes(words.periodBefore, 'end');
const SALARY = new RegExp(`(?<![${L}])(?:${alternation(words.salaryWords)})(?![${L}])`, 'iu');

/**
 * No hourly wage, and no monthly one in the currencies whose hourly wages are in tens, reaches this:
 * a salary this large with no period written is per year. (Currencies with larger figures are left
 * without a period rather than guessed.)
 */
const ANNUAL_SALARY_FLOOR = 20_000;
const WAGE_SCALE_CURRENCIES = new Set(['CAD', 'USD', 'EUR', 'GBP', 'AUD', 'CHF', 'XXX']);

/** The period written right after the amount, or the nearest one before it on its line. */
function periodOf(text: string, start: number, end: number, floor: number, amount: number, currency: string): PayPeriod | undefined {
  // Indian and East African figures close with "/-" or "/=" ("Rs 50,000/- per month").
  let after = text.slice(end, end + 30).replace(/^\/[-=]/, '');
  // The period may wrap to the next line ("TRY 22,000⏎per month"), but a form's next field, or a next line that opens with a capital (its own label: "Annual cost to company …"), is not it.
  if (/^[ \t]*\n(?:[^\n]*:|[ \t]*\p{Lu})/u.test(after)) after = after.slice(0, Math.max(0, after.indexOf('\n')));
  const stated = PERIOD_AFTER.find(([, re]) => re.test(after))?.[0];
  if (stated) return stated;
  // The words before count only within the amount's own sentence, after the previous amount.
  const lineStart = Math.max(floor, text.lastIndexOf('\n', start - 1) + 1, start - 80);
  // A wrapped line does not end its sentence ("un salaire annuel de⏎145 000 $"), but a form's next field does.
  const wrapped = lineStart > floor && text[lineStart - 1] === '\n' && !text.slice(lineStart, start).includes(':') && /\p{L}[ \t]*$/u.test(text.slice(Math.max(floor, lineStart - 81), lineStart - 1));
  const window = text.slice(wrapped ? Math.max(floor, lineStart - 81, text.lastIndexOf('\n', lineStart - 2) + 1) : lineStart, start);
  const sentenceStart = Math.max(-1, ...[...window.matchAll(/[.;!?](?=\s)/g)].map((m) => m.index));
  const before = window.slice(sentenceStart + 1);
  let nearest: { period: PayPeriod; at: number } | undefined;
  for (const [period, re] of PERIOD_BEFORE) {
    for (const m of before.matchAll(re)) if (!nearest || m.index > nearest.at) nearest = { period, at: m.index };
  }
  if (nearest) return nearest.period;
  if (SALARY.test(before) && amount >= ANNUAL_SALARY_FLOOR && WAGE_SCALE_CURRENCIES.has(currency)) return 'year';
  return undefined;
}

/**
 * Every amount of money in the text, in order. A figure is money only with a currency written
 * next to it (or an Indian multiplier, lakh or crore): section numbers, years, phone and passport
 * numbers are never amounts. `$` and "dollars" take `defaultCurrency`, else `XXX`.
 */
export function readMoney(text: string, options: ReadMoneyOptions = {}): FoundMoney[] {
  const fallback = options.defaultCurrency && /^[A-Z]{3}$/.test(options.defaultCurrency) ? options.defaultCurrency : 'XXX';
  const out: FoundMoney[] = [];
  let floor = 0;
  const pattern = options.thousandths ? AMOUNT_IN_THOUSANDTHS : AMOUNT;
  const amounts = new RegExp(pattern.source, pattern.flags);
  for (let m = amounts.exec(text); m; m = amounts.exec(text)) {
    const groups = m.groups as { pre?: string; pre2?: string; wrap?: string; num: string; mult?: string; post?: string };
    // "Lindenstraße 12 EUR 1.150,00" (a PDF closed up the columns): the code opens the figure with cents after it, not the bare number before.
    if (groups.post && !groups.pre && /^\d{1,3}$/.test(groups.num) && FIGURE_WITH_CENTS.test(text.slice(m.index + m[0].length))) {
      amounts.lastIndex = m.index + m[0].length - groups.post.length;
      continue;
    }
    // A currency at a line's end and its figure on the next ("CAD⏎132,000,") only when the figure is grouped or has cents: never a year.
    if (groups.wrap && !/\d[,.\u00a0\u202f ]\d/.test(groups.num)) continue;
    const { num } = groups;
    const pre = currencyWriting(groups.pre);
    const pre2 = currencyWriting(groups.pre2);
    let { mult } = groups;
    let post = currencyWriting(groups.post);
    let written = m[0];
    // One-letter multipliers are case-sensitive (5M, 50k), and only with a currency ("$3 m" is three
    // dollars and a metre): otherwise the amount ends at its figure.
    if ((mult && mult.length === 1 && ((!pre && !post) || !['k', 'K', 'M'].includes(mult))) || (mult?.toLowerCase() === 'cr' && !pre && !post)) {
      written = m[0].slice(0, m[0].indexOf(num) + num.length);
      mult = undefined;
      post = undefined;
    }
    // "$524.56 CR" on a statement is a credit: crore counts only with a South Asian currency, or none.
    if (mult?.toLowerCase() === 'cr' && (pre || post) && !SOUTH_ASIAN.has(CURRENCIES.get(lower(pre ?? post ?? '')) ?? '')) {
      written = m[0].slice(0, m[0].indexOf(num) + num.length);
      mult = undefined;
      post = undefined;
    }
    const indian = mult !== undefined && INDIAN.has(mult.toLowerCase());
    if (!pre && !post && !indian) continue;
    const multiplier = mult ? (MULTIPLIERS.get(mult) ?? MULTIPLIERS.get(mult.toLowerCase()) ?? 1) : 1;
    const amount = mult ? parseScaled(num, multiplier) : parseAmount(num, options.thousandths);
    if (amount === undefined) continue;
    const named = [pre, pre2, post].map((c) => (c === undefined ? undefined : CURRENCIES.get(lower(c))));
    const iso = named.find((c): c is string => typeof c === 'string');
    const currency = iso ?? (indian && !pre && !post ? (fallback === 'XXX' ? 'INR' : fallback) : fallback);
    const start = m.index;
    const end = start + written.length;
    const per = periodOf(text, start, end, floor, amount, currency);
    out.push({ amount, currency, currencyWritten: iso !== undefined, ...(per ? { per } : {}), written, start, end });
    floor = end;
  }
  return out;
}

/** Amount written without decimals and grouping, to find the same figure elsewhere ("385,000.00" → "385,000" and "385 000"). */
export function figureSpellings(value: number): string[] {
  const whole = Math.trunc(value);
  const grouped = whole.toLocaleString('en-US');
  return [...new Set([grouped, grouped.replace(/,/g, ' '), grouped.replace(/,/g, '\u00a0'), String(whole)])].filter((s) => s.length >= 4);
}
