/**
 * Length and history of the relationship: months from its start to the marriage (or to today when
 * there is no marriage), from the dates the case-fact model read, and the periods spent together in
 * person (date ranges in the relationship documents: the model has no fact kind for a visit). A date
 * the documents give differently is named as unsettled, never used as if it were agreed.
 */
import type { Evidence } from '../../../../contracts/intakeOutput';
import { pagesOf, type CaseFile } from '../../text/caseFile';
import { dayOf, readDates, monthsBetween } from '../../../../core/text/dates';
import { distinctEvidence, quoteLine } from '../../text/evidenceQuotes';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';
import { inConflict } from '../../facts/fileFacts';
import { earliest, relationshipEvents } from './relationshipDates';

const RANGE_JOIN = /^\s*(?:to|-|–|—|au|until|jusqu'au)\s*$/i;

/** Periods written as "2022-12-18 to 2023-01-08" in the relationship documents. */
export function periodsTogether(file: CaseFile): Evidence[] {
  const pages = pagesOf(file, ['imm-5532', 'submission-letter', 'other', 'wedding-evidence']);
  const seen = new Set<string>();
  const out: Evidence[] = [];
  for (const ref of pages) {
    const dates = readDates(ref.page.text);
    for (let i = 0; i + 1 < dates.length; i++) {
      const [a, b] = [dates[i], dates[i + 1]];
      if (!RANGE_JOIN.test(ref.page.text.slice(a.end, b.start)) || b.time <= a.time) continue;
      const key = `${a.iso}|${b.iso}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const e = quoteLine(ref, a.start, b.end);
      if (e) out.push(e);
    }
  }
  return out;
}

export const relationshipHistory: SignalFinder = (file: CaseFile): Signal => {
  const events = relationshipEvents(file);
  const start = earliest(events, 'relationship-start') ?? earliest(events, 'first-in-person');
  const marriage = earliest(events, 'marriage');
  if (!start) {
    return noEvidence(marriage ? `Only the marriage date (${marriage.date.iso}) is stated; when the relationship began is not.` : 'Neither the start of the relationship nor the marriage date is stated.');
  }
  const visits = periodsTogether(file);
  const until = marriage?.date ?? dayOf(file.assessedOn);
  const months = monthsBetween(start.date, until);
  const span = marriage ? `${months} months from its start (${start.date.iso}) to the marriage (${marriage.date.iso})` : `${months} months since it began (${start.date.iso}), with no marriage date stated`;
  const evidence = distinctEvidence([start.evidence, marriage?.evidence, visits[0]], 3);
  const unsettled = [start, marriage].some((e) => e && inConflict(file, e.evidence));
  const finding = `The relationship ran ${span}; ${visits.length} period(s) spent together in person are listed.${unsettled ? ' The documents give one of these dates differently (not resolved — check the conflicting readings).' : ''}`;
  if (months < 0) return { rating: 'weak', finding: `The marriage (${marriage?.date.iso}) is dated before the relationship began (${start.date.iso}).`, evidence };
  const rating: Signal['rating'] =
    months >= 24 || (months >= 12 && visits.length >= 3) ? 'strong' : months >= 12 || (months >= 6 && visits.length >= 2) ? 'adequate' : 'weak';
  return { rating, finding, evidence };
};
