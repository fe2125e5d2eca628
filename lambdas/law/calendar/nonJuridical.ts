/**
 * Whether a last day falls on a weekend or a fixed-date holiday. Interpretation Act s 26: a time
 * limit that expires on a holiday runs to the next day that is not one. The rules never extend a
 * deadline silently: they state the last day as counted and ask, in `check`, that the extension be
 * confirmed (Saturdays are not holidays under s 35, but the Federal Courts Rules close the registry).
 */
import * as z from 'zod';
import raw from './holidays.json';
import { isWeekend, weekday } from './days';

const Holidays = z.strictObject({ $comment: z.string().optional(), fixed: z.array(z.string().regex(/^\d{2}-\d{2}$/)) });
const holidays = Holidays.parse(raw);

const NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "a Saturday", "a holiday (1 July)", or undefined for an ordinary working day. */
export function nonJuridicalDay(iso: string): string | undefined {
  if (isWeekend(iso)) return `a ${NAMES[weekday(iso)]}`;
  if (holidays.fixed.includes(iso.slice(5))) return `a holiday (${iso.slice(5)})`;
  return undefined;
}
