/**
 * Money: balances, deposits, salaries, tuition, payments, with amount and currency, and for wages
 * the period. What an amount is comes from the words nearest before it in its sentence, its form
 * field's label, or its table row; an amount with no such word is left out rather than guessed.
 */
import type { Money, FactDate } from '../../../contracts/caseFacts';
import { CUES, phrases } from './lexicon';
import { quoteOf, type ReadingDocument } from './readingDocument';
import { datesIn, moneyIn, type MoneyInText } from './textReaders';

type MoneyKind = Money['kind'];
const KIND_CUES: ReadonlyArray<[MoneyKind, RegExp]> = [
  ['tuition', CUES.tuition],
  ['salary', CUES.salary],
  ['balance', CUES.balance],
  ['deposit', CUES.deposit],
  ['gift', CUES.gift],
  ['loan', CUES.loan],
  ['income', CUES.income],
  ['payment', CUES.payment],
];
const PERIODS: ReadonlyArray<[NonNullable<Money['per']>, RegExp]> = [
  ['hour', CUES.perHour],
  ['week', CUES.perWeek],
  ['month', CUES.perMonth],
  ['year', CUES.perYear],
];
const CANADIAN = phrases(['canada', 'canadian', 'canadien(?:ne)?', 'cad', 'ontario', 'québec', 'quebec', 'british columbia', 'alberta', 'manitoba', 'saskatchewan', 'nova scotia', 'new brunswick', 'nouveau-brunswick', 'nouvelle-écosse', 'colombie-britannique']);
const OTHER_DOLLARS: ReadonlyArray<[string, RegExp]> = [
  ['USD', phrases(['united states', 'u\\.s\\.a?\\.?', 'usa', 'états-unis', 'new york', 'california', 'texas', 'florida'])],
  ['AUD', phrases(['australia', 'australie'])],
  ['NZD', phrases(['new zealand', 'nouvelle-zélande'])],
  ['SGD', phrases(['singapore', 'singapour'])],
  ['HKD', phrases(['hong kong'])],
  ['JMD', phrases(['jamaica', 'jamaïque'])],
  ['TTD', phrases(['trinidad'])],
];
const NAMED_CURRENCY = /(?:currency|devise|monnaie)\s*:\s*([A-Z]{3})\b/;
/** Figures in statement rows: "2,500.00", "14 300,00". */
const ROW_FIGURE = /(?<![\w.,])-?(?:\d{1,3}(?:[,\u00a0\u202f ]\d{3})+|\d+)[.,]\d{2}(?![\w])/g;
const FROM = /\b(?:from|de la part de|provenant de|de)\s+([\p{Lu}][\p{L}'’.-]+(?:\s+[\p{Lu}][\p{L}'’.-]+){0,3})/u;

function nearestKind(text: string, at: number): { kind: MoneyKind; distance: number } | undefined {
  let best: { kind: MoneyKind; distance: number } | undefined;
  for (const [kind, cue] of KIND_CUES) {
    const global = new RegExp(cue.source, 'giu');
    for (const m of text.matchAll(global)) {
      const index = m.index ?? 0;
      const distance = index <= at ? at - (index + m[0].length) : (index - at) * 3; // words before an amount name it
      if (distance < 0 ? false : !best || distance < best.distance) best = { kind, distance: Math.max(0, distance) };
    }
  }
  return best && best.distance <= 120 ? best : undefined;
}

function periodAfter(text: string, end: number, start: number): Money['per'] | undefined {
  const after = text.slice(end, end + 25);
  const before = text.slice(Math.max(0, start - 40), start);
  for (const [per, cue] of PERIODS) if (new RegExp(`^\\s*${cue.source}`, 'iu').test(after) || cue.test(before)) return per;
  return undefined;
}

export function readMoney(doc: ReadingDocument): Money[] {
  const all = doc.pages.map((p) => p.text).join('\n');
  const named = NAMED_CURRENCY.exec(all)?.[1];
  // A bare "$" in a Canadian file is the Canadian dollar, unless the document names another dollar's country.
  const otherDollar = OTHER_DOLLARS.find(([, pattern]) => pattern.test(all));
  const defaultCurrency = named ?? (CANADIAN.test(all) ? 'CAD' : otherDollar ? otherDollar[0] : 'CAD');
  const out: Money[] = [];
  for (const page of doc.pages) {
    for (const segment of page.segments) {
      const text = segment.text;
      let amounts: MoneyInText[] = moneyIn(text, defaultCurrency);
      if (amounts.length === 0 && segment.cells && named) {
        amounts = [...text.matchAll(ROW_FIGURE)].map((m) => ({ amount: Math.abs(Number(m[0].replace(/[\s\u00a0\u202f]/g, '').replace(/,(\d{2})$/, '.$1').replace(/,/g, ''))), currency: named, start: m.index ?? 0, end: (m.index ?? 0) + m[0].length }));
        // In a statement row, the last figure is the running balance unless the row names another kind.
        if (amounts.length >= 2 && !CUES.balance.test(text)) amounts = amounts.slice(0, -1);
      }
      const context = `${segment.heading ?? ''}`;
      for (const a of amounts) {
        const kind = nearestKind(text, a.start) ?? (segment.field ? nearestKind(segment.field.label, segment.field.label.length) : undefined) ?? (context ? nearestKind(context, context.length) : undefined);
        if (!kind || !Number.isFinite(a.amount) || a.amount <= 0) continue;
        const per = kind.kind === 'salary' || kind.kind === 'income' ? (a.per ?? periodAfter(text, a.end, a.start)) : undefined;
        const date = kind.kind === 'deposit' || kind.kind === 'balance' || kind.kind === 'payment' ? datesIn(text, doc.dateOrder)[0] : undefined;
        const from = kind.kind === 'deposit' || kind.kind === 'gift' ? FROM.exec(text.slice(a.end))?.[1] : undefined;
        const factDate: FactDate | undefined = date ? { iso: date.iso, precision: date.precision } : undefined;
        out.push({
          kind: kind.kind,
          amount: a.amount,
          currency: a.currency,
          ...(per ? { per } : {}),
          ...(factDate ? { date: factDate } : {}),
          ...(from ? { from } : {}),
          evidence: quoteOf(doc, page, segment.start, segment.end, segment.start + a.start),
          confidence: a.currency === 'XXX' ? 0.5 : a.currency === defaultCurrency && !named ? 0.65 : 0.8,
          source: 'rules',
        });
      }
    }
  }
  return out;
}
