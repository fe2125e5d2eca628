/**
 * Wage consistency: the wage in the job offer against the wage the LMIA approved, per the same unit
 * (hour, week, month, year). An offer below the LMIA wage is adverse, quoting both.
 */
import type { Evidence } from '../../../../contracts/intakeOutput';
import { pagesOf, type CaseFile, type PageRef } from '../../text/caseFile';
import { quoteLine } from '../../text/evidenceQuotes';
import { readMoney, type PayPeriod } from '../../../../core/text/money';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';

type Unit = PayPeriod;

interface Wage {
  value: number;
  unit: Unit;
  evidence?: Evidence;
}

const WAGE_LINE = /\b(?:wage|salary|rate of pay|hourly (?:wage|rate)|pay rate|remuneration|salaire|taux horaire|rémunération)\b[^\n]*/gi;

function wagesIn(pages: readonly PageRef[]): Wage[] {
  const out: Wage[] = [];
  for (const ref of pages) {
    for (const m of ref.page.text.matchAll(WAGE_LINE)) {
      const line = m[0];
      // The period is the amount's own (its words, or a salary too large to be hourly), never a
      // period named elsewhere on the line ("$85,000 a year for 40 hours per week").
      const amount = readMoney(line).find((a) => a.per !== undefined);
      if (!amount?.per) continue;
      const start = m.index ?? 0;
      out.push({ value: amount.amount, unit: amount.per, evidence: quoteLine(ref, start, start + line.length) });
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
