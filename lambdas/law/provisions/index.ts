/**
 * Every provision rule, in the order a lawyer reads them: bars on the relationship, on the sponsor,
 * on the person, then permit requirements, then the grounds a refusal file challenges.
 */
import type { ProvisionFinding } from '../../contracts/legalAnalysis';
import type { CaseInput } from '../caseInput';
import { expressEntryEligibility } from '../expressEntry';
import { badFaithAdmitted } from './badFaithAdmitted';
import { excludedRelationshipUndertaking } from './excludedRelationshipUndertaking';
import { groundsUnderReview } from './groundsUnderReview';
import { lmiaRequired } from './lmiaRequired';
import { marriedToAnother } from './marriedToAnother';
import { misrepresentationPeriod } from './misrepresentationPeriod';
import { quebecCaq } from './quebecCaq';
import { sponsoredSponsorFiveYears } from './sponsoredSponsorFiveYears';

export const PROVISION_RULES: ReadonlyArray<(input: CaseInput) => ProvisionFinding[]> = [
  excludedRelationshipUndertaking,
  marriedToAnother,
  badFaithAdmitted,
  sponsoredSponsorFiveYears,
  misrepresentationPeriod,
  quebecCaq,
  lmiaRequired,
  expressEntryEligibility,
  groundsUnderReview,
];

export const applyProvisions = (input: CaseInput): ProvisionFinding[] => PROVISION_RULES.flatMap((rule) => rule(input));
