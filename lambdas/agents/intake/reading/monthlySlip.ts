/**
 * Whether a payslip pays one month, so that its salary line is a monthly rate: it says so ("PAY SLIP
 * FOR THE MONTH OF …", « bulletin de paie du mois de … »), or its pay period runs from a month's
 * first day to its last ("Période : du 01/10/2025 au 31/10/2025", "Pay Period: July 1-31, 2025").
 * A period of two weeks, or one that spans two months, is not a month.
 */
import moneyJson from './lexicons/money.json';
import { phrases } from './lexicon';
import { datesIn, type DateOrder } from './textReaders';

const MONTHLY_SLIP = phrases(moneyJson.monthlySlip);
/** The label of a payslip's period ("Pay period", « Période de paie », « Période »). */
const PERIOD_LABEL = phrases(moneyJson.payPeriodLabels);
/** How far after its label a period's dates may stand. */
const REACH = 40;

const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Whether an ISO day range is one calendar month, first day to last. */
function isWholeMonth(from: string, to: string): boolean {
  const [y1, m1, d1] = from.split('-').map(Number);
  const [y2, m2, d2] = to.split('-').map(Number);
  return y1 === y2 && m1 === m2 && d1 === 1 && d2 === lastDayOf(y2, m2);
}

export function paysOneMonth(text: string, order: DateOrder): boolean {
  if (MONTHLY_SLIP.test(text)) return true;
  const labels = new RegExp(PERIOD_LABEL.source, 'giu');
  for (const m of text.matchAll(labels)) {
    const from = m.index + m[0].length;
    const period = datesIn(text.slice(from, from + REACH + 30), order).find((d) => d.start <= REACH && d.until !== undefined);
    if (!period || period.until === 'present' || period.precision !== 'day' || period.until?.precision !== 'day') continue;
    if (isWholeMonth(period.iso, period.until.iso)) return true;
  }
  return false;
}
