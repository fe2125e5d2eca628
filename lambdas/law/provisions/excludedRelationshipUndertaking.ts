/**
 * IRPR 117(9)(b) through IRPR 132(1)(b)(i): a sponsor whose undertaking for a previously sponsored
 * spouse or partner is still running cannot sponsor a new one. The undertaking ends on the last day
 * of the three years following the day that person became a permanent resident; the new
 * application is tested on its filing day. A landing alone (no sponsorship of that person in the
 * file) or an undated landing is a `check`: the file cannot establish the undertaking or its end.
 */
import type { ProvisionFinding } from '../../contracts/legalAnalysis';
import { addYears, dayRange, describeDate } from '../calendar';
import { eventsOf, evidenceOf, isPartnerSponsorship, type CaseInput } from '../caseInput';
import { FILING_DAY_UNKNOWN, filingDay } from '../filingDay';
import { hasCue } from '../lexicon';
import { findingOf, provisionRule } from './ruleData';
import { onOrBefore, shifted, spoken } from './window';

export function excludedRelationshipUndertaking(input: CaseInput): ProvisionFinding[] {
  if (!isPartnerSponsorship(input)) return [];
  const rule = provisionRule('bar:excluded-relationship-undertaking');
  const sponsored = [
    ...eventsOf(input, 'previous-sponsorship', ['sponsor']),
  ];
  const declared = input.facts.declarations.filter((d) => d.topic === 'previous-sponsorship' && d.answer === 'yes');
  // The previous spouse's landing: read as theirs, or worded as a former spouse's in the sponsor's papers.
  // A sentence that states the sponsor's own landing as a sponsored spouse is not the previous spouse's.
  const ownLanding = new Set(eventsOf(input, 'landed-as-sponsored-partner', ['sponsor']).map((e) => `${e.evidence.docId}|${e.evidence.quote}`));
  const landings = eventsOf(input, 'sponsored-person-landed').filter(
    (e) =>
      !ownLanding.has(`${e.evidence.docId}|${e.evidence.quote}`) &&
      (e.person === 'previous-spouse' || (e.person !== 'applicant' && hasCue('previousSpouseLanding', e.evidence.quote))),
  );
  if (sponsored.length === 0 && declared.length === 0 && landings.length === 0) return [];

  const landing = landings.filter((e) => e.date).pop();
  const sponsorship = sponsored[0] ?? declared[0];
  if (!landing) {
    if (!sponsorship) return [];
    return [
      findingOf(
        rule,
        'check',
        'The file says the sponsor sponsored a previous spouse or partner but not the day that person became a permanent resident; the undertaking runs three years from that day (IRPR 132(1)(b)(i)) and, while it runs, a new spouse or partner is an excluded relationship (IRPR 117(9)(b)).',
        evidenceOf(sponsorship, ...landings),
      ),
    ];
  }
  const landed = dayRange(landing.date!);
  const end = shifted(landed, (d) => addYears(d, 3));
  const filing = filingDay(input);
  const inside = onOrBefore(filing.range, end);
  const facts = evidenceOf(landing, sponsorship);
  const arithmetic = `The sponsor's previous spouse or partner became a permanent resident on ${describeDate(landing.date!)}; the undertaking runs three years to ${spoken(end)} (IRPR 132(1)(b)(i))`;
  if (inside === 'no') return [];
  if (!sponsorship) {
    return [findingOf(rule, 'check', `${arithmetic}; ${filing.phrase} falls inside it, but the file does not show that the sponsor signed that person's undertaking (IRPR 117(9)(b)).`, facts, `Confirm whether the sponsor sponsored that person. ${rule.check}`)];
  }
  if (inside === 'unclear') {
    return [findingOf(rule, 'check', `${arithmetic}; ${filing.phrase} may fall inside or after it: excluded relationship, IRPR 117(9)(b), if inside.`, facts)];
  }
  const check = filing.event ? undefined : FILING_DAY_UNKNOWN;
  return [findingOf(rule, 'engaged', `${arithmetic}; ${filing.phrase} falls inside it: excluded relationship, IRPR 117(9)(b).`, facts, check)];
}
