/**
 * Settlement funds for the federal skilled worker (IRPR 76(1)(b)) and skilled trades (87.2(5))
 * classes; the Canadian experience class has no such requirement. Engaged when the file holds no
 * proof of funds and nothing suggests the exemption (arranged employment in Canada with a work
 * permit); a check when an offer of employment is in the file but the exemption's conditions are not
 * shown. The amount (half the minimum necessary income for the family) is not assessed.
 */
import type { ProvisionFinding } from '../../contracts/legalAnalysis';
import { hasDocument, type CaseInput } from '../caseInput';
import { findingOf } from '../provisions/ruleData';
import { eligibilityRule } from './eligibilityData';

const FUNDS_DOCUMENTS = ['bank-statement', 'proof-of-funds'] as const;
const OFFER_DOCUMENTS = ['job-offer', 'lmia'] as const;

export function settlementFunds(input: CaseInput, cls: 'fsw' | 'fst'): ProvisionFinding[] {
  if (FUNDS_DOCUMENTS.some((t) => hasDocument(input, t))) return [];
  const rule = eligibilityRule(`ee:${cls}-funds`);
  const exemption = cls === 'fsw' ? 'arranged employment earning points under IRPR 82(2)(a), (b) or (d) (IRPR 76(1)(b)(ii))' : 'a valid work permit in Canada with a qualifying offer (IRPR 87.2(3)(d)(ii), (iii) or (v))';
  const facts = input.facts.application.evidence.slice(0, 1);
  if (OFFER_DOCUMENTS.some((t) => hasDocument(input, t))) {
    return [findingOf(rule, 'check', `The file holds an offer of employment but no proof of settlement funds: funds are not required only with ${exemption}, which the file does not establish.`, facts, rule.check)];
  }
  return [
    findingOf(
      rule,
      'engaged',
      `The file holds no proof of settlement funds and no offer of employment: ${rule.provision} requires transferable, unencumbered funds of half the minimum necessary income for the applicant's family unless the applicant has ${exemption}.`,
      facts,
      rule.check,
    ),
  ];
}
