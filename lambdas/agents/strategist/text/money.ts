/**
 * Amounts of money as statements and forms write them: 385,000.00, CAD 24,310.55, $5,000,
 * 24 310,55 $ (French), 1.250,00 € and bare table figures.
 */

const CURRENCY = String.raw`(?:CAD|USD|EUR|GBP|INR|PHP|CNY|RMB|NGN|GHS|KES|MXN|BRL|AUD|C\$|CA\$|US\$|Rs\.?|\$|€|£|₹|¥|₱)`;
const NUMBER = String.raw`\d{1,3}(?:[,\u00a0\u202f ]\d{3})+(?:[.,]\d{1,2})?|\d{1,3}(?:\.\d{3})+,\d{2}|\d+(?:[.,]\d{1,2})?`;

/** "CAD 1,250.00", "$1,250", "1 250,00 $", "GHS 385,000". Group 1 or 2 is the number. */
export const MONEY = new RegExp(String.raw`(?<![\w.,])(?:${CURRENCY}[ \t\u00a0]?(${NUMBER})|(${NUMBER})[ \t\u00a0]?${CURRENCY})(?![\w])`, 'g');

/** Figures with two decimals, as in statement columns: "385,000.00", "24 310,55". */
export const TABLE_FIGURE = /(?<![\w.,])-?(?:\d{1,3}(?:[,\u00a0\u202f ]\d{3})+|\d+)[.,]\d{2}(?![\w])/g;

/** The value of a written amount: the last `.` or `,` followed by one or two digits is the decimal mark. */
export function parseAmount(written: string): number | undefined {
  const s = written.replace(/[^\d.,\-]/g, '');
  if (!/\d/.test(s)) return undefined;
  const decimal = /[.,](\d{1,2})$/.exec(s);
  const whole = (decimal ? s.slice(0, decimal.index) : s).replace(/[.,]/g, '');
  const value = Number(`${whole}${decimal ? `.${decimal[1]}` : ''}`);
  return Number.isFinite(value) ? value : undefined;
}

export interface FoundAmount {
  value: number;
  written: string;
  start: number;
  end: number;
}

/** Every amount with a currency in the text. */
export function findMoney(text: string): FoundAmount[] {
  return [...text.matchAll(MONEY)].flatMap((m) => {
    const value = parseAmount(m[1] ?? m[2] ?? '');
    const start = m.index ?? 0;
    return value === undefined ? [] : [{ value, written: m[0], start, end: start + m[0].length }];
  });
}

/** Amount written without decimals and grouping, to find the same figure elsewhere ("385,000.00" → "385,000" and "385 000"). */
export function figureSpellings(value: number): string[] {
  const whole = Math.trunc(value);
  const grouped = whole.toLocaleString('en-US');
  return [...new Set([grouped, grouped.replace(/,/g, ' '), grouped.replace(/,/g, '\u00a0'), String(whole)])].filter((s) => s.length >= 4);
}
