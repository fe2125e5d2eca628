/**
 * IRPA 40(2)(a) and 40(3): an earlier misrepresentation finding keeps the person inadmissible for
 * five years (from the final determination outside Canada; from the removal order's enforcement in
 * Canada), and during them no application for permanent residence may be made. Tested on this
 * application's filing day. The finding a refusal file challenges is never a bar here: it is the
 * ground under review (groundsUnderReview.ts) and its period a consequence (deadlines).
 */
import type { ProvisionFinding } from '../../contracts/legalAnalysis';
import { addYears, describeDate } from '../calendar';
import type { CaseInput } from '../caseInput';
import { FILING_DAY_UNKNOWN, filingDay } from '../filingDay';
import { misrepresentationFindings } from '../misrepresentationFindings';
import { findingOf, provisionRule } from './ruleData';
import { onOrBefore, shifted, spoken } from './window';

const PERMANENT = new Set(['spousal-sponsorship', 'common-law-sponsorship', 'conjugal-sponsorship', 'permanent-residence']);

export function misrepresentationPeriod(input: CaseInput): ProvisionFinding[] {
  const earlier = misrepresentationFindings(input).filter((f) => !f.underReview);
  if (earlier.length === 0) return [];
  const period = provisionRule('bar:misrepresentation-five-years');
  const noPr = provisionRule('bar:misrepresentation-no-pr-application');
  const appliesForPr = PERMANENT.has(input.facts.application.kind) || input.applicationType === 'spousal-sponsorship';
  const out: ProvisionFinding[] = [];
  for (const finding of earlier) {
    if (!finding.start) {
      const why = finding.inCanada
        ? 'An earlier misrepresentation finding in Canada was followed by a removal order; the five years run from the day the order was enforced, which the file does not give (IRPA 40(2)(a)).'
        : 'The file shows an earlier misrepresentation finding without its date; the five years run from the final determination (IRPA 40(2)(a)).';
      out.push(findingOf(period, 'check', why, finding.evidence));
      continue;
    }
    const end = shifted(finding.start, (d) => addYears(d, 5));
    const filing = filingDay(input);
    const inside = onOrBefore(filing.range, end);
    if (inside === 'no') continue;
    const arithmetic = `An earlier misrepresentation finding dated ${finding.startDate ? describeDate(finding.startDate) : spoken(finding.start)} keeps the applicant inadmissible for five years, to ${spoken(end)} (IRPA 40(2)(a))`;
    const check = [
      'If that decision was challenged, the five years run from the final determination; confirm its day.',
      filing.event ? '' : FILING_DAY_UNKNOWN,
    ].filter(Boolean).join(' ');
    const status = inside === 'yes' ? 'engaged' : 'check';
    out.push(findingOf(period, status, `${arithmetic}; ${filing.phrase} ${inside === 'yes' ? 'falls inside it' : 'may fall inside it'}.`, finding.evidence, check));
    if (appliesForPr) {
      out.push(findingOf(noPr, status, `${arithmetic}; ${filing.phrase} is an application for permanent residence made ${inside === 'yes' ? 'inside' : 'possibly inside'} that period, which IRPA 40(3) forbids.`, finding.evidence, check));
    }
  }
  return out;
}
