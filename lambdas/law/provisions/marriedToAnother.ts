/**
 * IRPR 117(9)(c)(i): a spouse is excluded when the sponsor or the applicant was, at the time of
 * their marriage, the spouse of another person. Tested on this marriage's day against the day each
 * earlier marriage of either of them ended (a divorce event). A previous marriage declared with no
 * end in the file, or dates too coarse to order, is a `check`; a common-law or conjugal
 * relationship is not a marriage and is never tested.
 */
import type { TimelineEvent } from '../../contracts/caseFacts';
import type { ProvisionFinding } from '../../contracts/legalAnalysis';
import { addDays, dayRange, describeDate } from '../calendar';
import { eventsOf, evidenceOf, isPartnerSponsorship, latestOf, type CaseInput } from '../caseInput';
import { findingOf, provisionRule } from './ruleData';
import { onOrBefore } from './window';

const COUPLE = ['sponsor', 'applicant', 'spouse-or-partner'] as const;

export function marriedToAnother(input: CaseInput): ProvisionFinding[] {
  if (!isPartnerSponsorship(input) || ['common-law-sponsorship', 'conjugal-sponsorship'].includes(input.facts.application.kind)) return [];
  const marriage = latestOf(input, ['marriage'], COUPLE);
  if (!marriage) return [];
  const rule = provisionRule('bar:married-to-another');
  const married = dayRange(marriage.date!);
  const divorces = eventsOf(input, 'divorce', COUPLE);
  const findings: ProvisionFinding[] = [];
  let unclear: TimelineEvent | undefined;
  const dayBeforeMarriage = addDays(married.first, -1);
  const endedBeforeMarriage = (e: TimelineEvent) => !!e.date && onOrBefore(dayRange(e.date), { first: dayBeforeMarriage, last: dayBeforeMarriage }) === 'yes';
  for (const divorce of divorces) {
    if (!divorce.date) {
      // An undated divorce of someone whose dated divorce ended before this marriage is that divorce told
      // again, not another marriage still running; and a civil status of "divorced" on this marriage's own
      // record ("Groom: …, divorced") is the status at the marriage: the earlier marriage had ended.
      const restated = divorces.some((d) => d.person === divorce.person && endedBeforeMarriage(d));
      const statusAtThisMarriage = divorce.evidence.docId === marriage.evidence.docId;
      if (!restated && !statusAtThisMarriage) unclear ??= divorce;
      continue;
    }
    const ended = dayRange(divorce.date);
    // The earlier marriage had ended before this one only if its last possible day precedes this marriage's first.
    const dayBefore = addDays(married.first, -1);
    const endedBefore = onOrBefore(ended, { first: dayBefore, last: dayBefore });
    if (endedBefore === 'yes') continue;
    if (ended.first > married.last) {
      findings.push(
        findingOf(
          rule,
          'engaged',
          `This marriage was celebrated on ${describeDate(marriage.date!)}, and the ${divorce.person === 'sponsor' ? "sponsor's" : "applicant's"} earlier marriage ended by a divorce dated ${describeDate(divorce.date)}: at the time of this marriage one spouse was still the spouse of another person, excluded relationship, IRPR 117(9)(c)(i).`,
          evidenceOf(marriage, divorce),
          'Confirm the day the divorce took effect (not the day a certificate of it was issued): if it took effect before this marriage, the bar does not apply.',
        ),
      );
    } else unclear ??= divorce;
  }
  if (findings.length > 0) return findings;
  const declared = input.facts.declarations.filter((d) => d.topic === 'previous-marriage' && d.answer === 'yes' && COUPLE.includes(d.person as (typeof COUPLE)[number]));
  const undated = declared.find((d) => !divorces.some((e) => e.person === d.person));
  if (unclear) {
    return [findingOf(rule, 'check', `This marriage was celebrated on ${describeDate(marriage.date!)}; the file dates the end of an earlier marriage only as ${unclear.date ? describeDate(unclear.date) : 'undated'}, so whether it ended before this one cannot be told (IRPR 117(9)(c)(i)).`, evidenceOf(marriage, unclear))];
  }
  if (undated) {
    return [findingOf(rule, 'check', `This marriage was celebrated on ${describeDate(marriage.date!)}; the file declares an earlier marriage but not the day it ended (IRPR 117(9)(c)(i)).`, evidenceOf(marriage, undated))];
  }
  return [];
}
