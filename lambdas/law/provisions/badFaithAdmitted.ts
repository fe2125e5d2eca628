/**
 * IRPR 4(1) is applied only on what can support it: the file's own admission (a `yes` to the
 * question whether the relationship was entered into primarily to acquire status) engages it; an
 * earlier officer's finding of bad faith in a file that is not challenging it is a `check`. A
 * marriage certificate, a date mismatch or a thin rubric factor never does: genuineness is for the
 * officer to weigh, not a bar the audit can declare.
 */
import type { ProvisionFinding } from '../../contracts/legalAnalysis';
import { evidenceOf, isPartnerSponsorship, isRefusalFile, type CaseInput } from '../caseInput';
import { hasCue } from '../lexicon';
import { findingOf, provisionRule } from './ruleData';

export function badFaithAdmitted(input: CaseInput): ProvisionFinding[] {
  const out: ProvisionFinding[] = [];
  const admissions = input.facts.declarations.filter((d) => d.topic === 'relationship-for-status' && d.answer === 'yes');
  if (admissions.length > 0) {
    const rule = provisionRule('bar:bad-faith-admitted');
    out.push(
      findingOf(rule, 'engaged', 'The file answers yes to whether the relationship was entered into primarily to acquire status or a privilege under the Act: an admission that it is not a spouse or partner relationship the Regulations recognise (IRPR 4(1)(a)).', evidenceOf(...admissions), rule.check),
    );
  }
  // An earlier decision's finding, in a new application (a refusal file challenges its own: groundsUnderReview.ts).
  if (!isRefusalFile(input) && isPartnerSponsorship(input)) {
    const earlier = input.facts.officerFindings.filter((f) => f.kind === 'ground' && hasCue('badFaithGround', f.subject));
    if (earlier.length > 0) {
      out.push(findingOf(provisionRule('prior-finding:bad-faith'), 'check', "An officer's decision in the file found the relationship not genuine or entered into to acquire status (IRPR 4(1)); the new application must answer that finding.", evidenceOf(...earlier)));
    }
  }
  return out;
}
