/**
 * Wage consistency: the wage in the job offer against the wage the LMIA approved, per the same unit
 * (hour, week, month, year), as the case-fact model read each (its amount, currency and period: an
 * annual salary is never compared as an hourly wage). An offer below the LMIA wage is adverse,
 * quoting both.
 */
import type { Money } from '../../../../contracts/caseFacts';
import { moneyIn } from '../../facts/fileFacts';
import type { CaseFile } from '../../text/caseFile';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';

/** Wages with their period; a wage whose period the document does not give cannot be compared. */
const wagesIn = (file: CaseFile, type: 'job-offer' | 'lmia') => moneyIn(file, 'salary', [type]).filter((m) => m.per !== undefined);

/** `XXX` is a figure whose document names no currency: it compares with any. */
const sameCurrency = (a: Money, b: Money) => a.currency === b.currency || a.currency === 'XXX' || b.currency === 'XXX';

const show = (w: Money) => `${w.amount.toFixed(2)} per ${w.per}`;

export const wageConsistency: SignalFinder = (file: CaseFile): Signal => {
  const offered = wagesIn(file, 'job-offer');
  const approved = wagesIn(file, 'lmia');
  const pair = offered.flatMap((o) => approved.filter((a) => a.per === o.per && sameCurrency(a, o)).map((a) => [o, a] as const))[0];
  if (pair) {
    const [offer, lmia] = pair;
    const evidence = [offer.evidence, lmia.evidence];
    if (offer.amount + 0.005 < lmia.amount) {
      return { rating: 'adverse', finding: `The job offer pays ${show(offer)}, below the ${show(lmia)} the LMIA approved.`, evidence };
    }
    return { rating: 'strong', finding: `The job offer pays ${show(offer)}, at or above the ${show(lmia)} the LMIA approved.`, evidence };
  }
  if (offered.length || approved.length) {
    const known = offered[0] ?? approved[0];
    return { rating: 'adequate', finding: `A wage of ${show(known)} is stated in the ${offered.length ? 'job offer' : 'LMIA'}, with nothing to compare it with.`, evidence: [known.evidence] };
  }
  return noEvidence('No wage is stated in a job offer or LMIA.');
};
