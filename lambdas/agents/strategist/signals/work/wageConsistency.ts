/**
 * Wage consistency: the wage in the job offer against the wage the LMIA approved, per the same unit
 * (hour, week, month, year). An offer below the LMIA wage is adverse, quoting both.
 */
import type { Evidence } from '../../../../contracts/intakeOutput';
import { pagesOf, type CaseFile, type PageRef } from '../../text/caseFile';
import { quoteLine } from '../../text/evidenceQuotes';
import { findMoney } from '../../text/money';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';

type Unit = 'hour' | 'week' | 'month' | 'year';

interface Wage {
  value: number;
  unit: Unit;
  evidence?: Evidence;
}

const WAGE_LINE = /\b(?:wage|salary|rate of pay|hourly (?:wage|rate)|pay rate|remuneration|salaire|taux horaire|rémunération)\b[^\n]*/gi;
const UNITS: Array<[Unit, RegExp]> = [
  ['hour', /\b(?:per hour|an hour|\/\s?(?:hr|hour|h)\b|hourly|de l'heure|par heure|l'heure)/i],
  ['week', /\b(?:per week|a week|\/\s?(?:wk|week)|weekly|par semaine)\b/i],
  ['month', /\b(?:per month|a month|\/\s?(?:mo|month)|monthly|par mois|mensuel)/i],
  ['year', /\b(?:per (?:year|annum)|a year|\/\s?(?:yr|year)|annual(?:ly)?|par an(?:née)?|annuel)/i],
];

function wagesIn(pages: readonly PageRef[]): Wage[] {
  const out: Wage[] = [];
  for (const ref of pages) {
    for (const m of ref.page.text.matchAll(WAGE_LINE)) {
      const line = m[0];
      const amount = findMoney(line)[0];
      const unit = UNITS.find(([, pattern]) => pattern.test(line.slice(amount?.end ?? 0)))?.[0];
      if (!amount || !unit) continue;
      const start = m.index ?? 0;
      out.push({ value: amount.value, unit, evidence: quoteLine(ref, start, start + line.length) });
    }
  }
  return out;
}

const show = (w: Wage) => `${w.value.toFixed(2)} per ${w.unit}`;

export const wageConsistency: SignalFinder = (file: CaseFile): Signal => {
  const offered = wagesIn(pagesOf(file, ['job-offer']));
  const approved = wagesIn(pagesOf(file, ['lmia']));
  const pair = offered.flatMap((o) => approved.filter((a) => a.unit === o.unit).map((a) => [o, a] as const))[0];
  if (pair) {
    const [offer, lmia] = pair;
    const evidence = [offer.evidence, lmia.evidence].filter((e): e is Evidence => !!e);
    if (offer.value + 0.005 < lmia.value) {
      return { rating: evidence.length === 2 ? 'adverse' : 'weak', finding: `The job offer pays ${show(offer)}, below the ${show(lmia)} the LMIA approved.`, evidence };
    }
    return { rating: 'strong', finding: `The job offer pays ${show(offer)}, at or above the ${show(lmia)} the LMIA approved.`, evidence };
  }
  if (offered.length || approved.length) {
    const known = offered[0] ?? approved[0];
    return { rating: 'adequate', finding: `A wage of ${show(known)} is stated in the ${offered.length ? 'job offer' : 'LMIA'}, with nothing to compare it with.`, evidence: known.evidence ? [known.evidence] : [] };
  }
  return noEvidence('No wage is stated in a job offer or LMIA.');
};
