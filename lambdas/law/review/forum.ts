/**
 * Where a refusal is challenged. A family-class sponsorship refusal goes first to the Immigration
 * Appeal Division (IRPA 63(1)); judicial review must wait until that appeal is exhausted (IRPA
 * 72(2)(a)). IRPA 64 closes the appeal when the refusal rests on security, human or international
 * rights violations, sanctions, serious or organized criminality (64(1)), or on misrepresentation
 * unless the foreign national is the sponsor's spouse, common-law partner or child (64(3)): then,
 * and for the spouse or common-law partner in Canada class (no appeal right at all), and for every
 * other refusal, the route is leave for judicial review in the Federal Court (IRPA 72(1)).
 */
import type { Forum } from '../../contracts/legalAnalysis';
import { isInlandSpousal, isPartnerSponsorship, isRefusalFile, type CaseInput } from '../caseInput';
import { hasCue } from '../lexicon';

/** Where the matter arose, for IRPA 72(2)(b): in Canada (15 days) or outside (60). */
export function matterArises(input: CaseInput): 'inside-canada' | 'outside-canada' | 'unknown' {
  if (isInlandSpousal(input)) return 'inside-canada';
  return input.facts.application.applicantLocation;
}

const groundsCiting = (input: CaseInput, cue: 'noAppealGround' | 'misrepresentationGround') =>
  input.facts.officerFindings.some((f) => f.kind === 'ground' && hasCue(cue, f.subject));

export function forumOf(input: CaseInput): Forum | undefined {
  if (!isRefusalFile(input)) return undefined;
  const leave = (reason: string): Forum => ({ route: 'federal-court-leave', provision: 'IRPA 72(1)', reason, deadline: 'jr-leave' });
  if (isPartnerSponsorship(input)) {
    if (isInlandSpousal(input)) {
      return leave('An application in the spouse or common-law partner in Canada class carries no appeal to the Immigration Appeal Division (IRPA 63(1) covers the family class only): the refusal is challenged by leave for judicial review, within 15 days for a matter arising in Canada.');
    }
    if (groundsCiting(input, 'noAppealGround')) {
      return leave('The refusal rests on a ground for which IRPA 64(1) removes the appeal to the Immigration Appeal Division (security, human or international rights, sanctions, serious or organized criminality): the route is leave for judicial review.');
    }
    const conjugal = input.facts.application.kind === 'conjugal-sponsorship';
    if (conjugal && groundsCiting(input, 'misrepresentationGround')) {
      return leave("The refusal rests on misrepresentation and the applicant is the sponsor's conjugal partner, not a spouse, common-law partner or child: IRPA 64(3) removes the appeal, so the route is leave for judicial review.");
    }
    return {
      route: 'iad-appeal',
      provision: 'IRPA 63(1)',
      reason: 'A refusal of a family-class sponsorship is appealed by the sponsor to the Immigration Appeal Division (IRPA 63(1)), which hears the facts afresh; judicial review comes only after that appeal (IRPA 72(2)(a)). IRPA 64(3) keeps the appeal open on a misrepresentation refusal for a spouse or common-law partner.',
      deadline: 'iad-sponsorship-appeal',
    };
  }
  const where = matterArises(input);
  const days = where === 'outside-canada' ? '60 days (a matter arising outside Canada)' : where === 'inside-canada' ? '15 days (a matter arising in Canada)' : '15 days in Canada or 60 outside';
  return leave(`No appeal lies to the Immigration Appeal Division from this refusal: it is challenged by leave for judicial review in the Federal Court, within ${days} (IRPA 72(2)(b)).`);
}
