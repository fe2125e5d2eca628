/**
 * The reader's access to the product's one date reader and one money reader (lambdas/core/text):
 * the fact reader states what it needs (ISO dates with their precision and period, amounts with
 * their currency and pay period), in the document's own numeric date order.
 */
import { dateOrderOf as orderOfText, readDates, type DateOrder } from '../../../core/text/dates';
import { readMoney, type PayPeriod, type ThousandthsMark } from '../../../core/text/money';
import type { FactDate, Language } from '../../../contracts/caseFacts';

export type { DateOrder };

export interface DateInText extends FactDate {
  start: number;
  end: number;
  /** For a period's opening date: its end, or `present`. */
  until?: FactDate | 'present';
}

/** How the document writes numeric dates (from its own unambiguous dates, a format label, its language). */
export function documentDateOrder(text: string, language: Language): DateOrder {
  return orderOfText(text, language === 'en' || language === 'fr' ? language : undefined);
}

export function datesIn(text: string, order: DateOrder = 'unknown'): DateInText[] {
  return readDates(text, { order }).map((d) => ({
    iso: d.iso,
    precision: d.precision,
    ...(d.ambiguous ? { ambiguous: d.ambiguous } : {}),
    start: d.start,
    end: d.end,
    ...(d.until ? { until: d.until === 'present' ? 'present' : { iso: d.until.iso, precision: d.until.precision } } : {}),
  }));
}

export interface MoneyInText {
  amount: number;
  currency: string;
  per?: PayPeriod;
  start: number;
  end: number;
}

/** `thousandths`: the decimal mark of a document written in millimes (core/text/money `thousandthsMark`). */
export function moneyIn(text: string, defaultCurrency = 'XXX', thousandths?: ThousandthsMark): MoneyInText[] {
  return readMoney(text, { defaultCurrency, ...(thousandths ? { thousandths } : {}) }).map((m) => ({ amount: m.amount, currency: m.currency, ...(m.per ? { per: m.per } : {}), start: m.start, end: m.end }));
}
