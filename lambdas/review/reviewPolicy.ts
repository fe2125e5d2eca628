import type { GatekeeperOutput } from '../contracts/gatekeeperOutput';
import type { JudgeOutput } from '../contracts/judgeOutput';
import { REVIEW_POLICY_INCOMPLETE, type ReviewPolicy } from '../../workflows/schema';

/** What the policy looks at: the judge's outcome, the verification, the gatekeeper's findings. */
export interface ReviewInputs {
  judge?: Pick<JudgeOutput, 'outcome'>;
  /** The session's verification status (FAILED: the audit is INCOMPLETE). */
  verificationStatus?: 'PASS' | 'FAILED';
  gatekeeper?: Pick<GatekeeperOutput, 'refusalTriggers' | 'complianceIssues'>;
}

/**
 * Why the tier's policy holds the audit for a reviewer, as a short phrase of ids and counts (never
 * document text: it is stored on the session and shown in `status`), or undefined when it does not.
 */
export function reviewReason(policy: ReviewPolicy, inputs: ReviewInputs): string | undefined {
  const reasons: string[] = [];
  const outcome = inputs.judge?.outcome;
  if (outcome && policy.outcomes.includes(outcome)) reasons.push(`outcome ${outcome}`);
  if (inputs.verificationStatus === 'FAILED' && policy.outcomes.includes(REVIEW_POLICY_INCOMPLETE)) reasons.push('verification INCOMPLETE');
  if (policy.criticalFindings && inputs.gatekeeper) {
    const critical =
      (inputs.gatekeeper.refusalTriggers ?? []).filter((t) => t.severity === 'critical').length +
      (inputs.gatekeeper.complianceIssues ?? []).filter((i) => i.severity === 'critical').length;
    if (critical) reasons.push(`${critical} critical finding${critical === 1 ? '' : 's'}`);
  }
  return reasons.length ? reasons.join(', ') : undefined;
}
