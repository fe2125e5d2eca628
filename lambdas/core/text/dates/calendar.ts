/** Calendar arithmetic of the date readers: valid days, ISO forms, a found date's shape. */
import type { DateParts, DatePrecision, FoundDate } from './types';

const pad = (n: number) => String(n).padStart(2, '0');

export function validDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 2100) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

export const validMonth = (year: number, month: number) => month >= 1 && month <= 12 && year >= 1900 && year <= 2100;

/** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
export function isoOf(d: DateParts): string {
  if (d.month === undefined) return String(d.year);
  return d.day === undefined ? `${d.year}-${pad(d.month)}` : `${d.year}-${pad(d.month)}-${pad(d.day)}`;
}

export function found(parts: DateParts, start: number, end: number, ambiguous?: string[]): FoundDate {
  const precision: DatePrecision = parts.day !== undefined ? 'day' : parts.month !== undefined ? 'month' : 'year';
  return {
    ...parts,
    iso: isoOf(parts),
    precision,
    ...(ambiguous ? { ambiguous } : {}),
    time: Date.UTC(parts.year, (parts.month ?? 1) - 1, parts.day ?? 1),
    start,
    end,
  };
}

export const twoDigitYear = (y: string) => (y.length === 2 ? (Number(y) < 70 ? 2000 + Number(y) : 1900 + Number(y)) : Number(y));
