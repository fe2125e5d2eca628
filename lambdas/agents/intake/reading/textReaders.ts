/**
 * The reader's access to the product's date and money readers: one place to call them, so the
 * fact reader states what it needs (ISO dates with their precision, amounts with their currency)
 * and not how text is parsed.
 */
import { findDates } from '../../strategist/text/dates';
import { findMoney } from '../../strategist/text/money';
import type { FactDate } from '../../../contracts/caseFacts';

export type DateOrder = 'day-first' | 'month-first' | 'unknown';

export interface DateInText extends FactDate {
  start: number;
  end: number;
}

export function datesIn(text: string, _order: DateOrder = 'unknown'): DateInText[] {
  return findDates(text).map((d) => ({ iso: d.iso, precision: d.precision, start: d.start, end: d.end }));
}

export interface MoneyInText {
  amount: number;
  currency: string;
  start: number;
  end: number;
}

const SYMBOLS: Array<[RegExp, string]> = [
  [/CAD|C\$|CA\$/, 'CAD'],
  [/USD|US\$/, 'USD'],
  [/EUR|€/, 'EUR'],
  [/GBP|£/, 'GBP'],
  [/INR|Rs\.?|₹/, 'INR'],
  [/PHP|₱/, 'PHP'],
  [/CNY|RMB|¥/, 'CNY'],
  [/NGN|₦/, 'NGN'],
  [/GHS/, 'GHS'],
  [/KES|Ksh/i, 'KES'],
  [/MXN/, 'MXN'],
  [/BRL/, 'BRL'],
  [/AUD/, 'AUD'],
];

export function moneyIn(text: string, defaultCurrency = 'XXX'): MoneyInText[] {
  return findMoney(text).map((m) => {
    const currency = SYMBOLS.find(([re]) => re.test(m.written))?.[1] ?? defaultCurrency;
    return { amount: m.value, currency, start: m.start, end: m.end };
  });
}
