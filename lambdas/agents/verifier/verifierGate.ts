import { loadResearchIndex } from '../../core/caselaw/loadIndex';
import { VerifierOutput } from '../../contracts/verifierOutput';
import { resolveCitation } from './verification/resolveCitation';
import type { GateCheck } from '../../core/gates/gateCheck';
import { capped, gateError, isRecord, schemaIssues } from '../../core/gates/gateIssues';
import type { GateIssue } from '../../core/gates/gateSchema';

/**
 * Nothing becomes `verified` without a source (DESIGN §3: a model may only tighten): each verified
 * citation resolves to a decision or an in-force provision of the bundled index, or CanLII confirmed it
 * in this run's look-ups.
 */
function sourcelessVerifications(output: VerifierOutput, now: Date): GateIssue[] {
  const confirmed = new Set((output.externalLookups ?? []).filter((l) => l.outcome === 'found').map((l) => l.citation));
  const index = loadResearchIndex();
  const issues: GateIssue[] = [];
  for (const c of output.checked) {
    if (c.verdict !== 'verified') continue;
    let sourced: boolean;
    try {
      const r = resolveCitation(c.citation, index, now);
      sourced = r.kind === 'case' || r.kind === 'case-by-name' || (r.kind === 'provision' && !r.repealed) || (r.kind === 'unresolved' && r.lookup !== undefined && confirmed.has(r.lookup.citation));
    } catch {
      sourced = false;
    }
    if (!sourced) {
      issues.push(gateError('verifier.verified-without-source', 'a citation is marked verified although neither the bundled index nor a CanLII look-up of this run confirms it', 'mark it unverified (or with the outcome the checks gave it); a later review may only tighten an outcome, never confirm a citation', ['checked', c.citation]));
    }
  }
  return capped(issues);
}

/** Verifier: its output matches VerifierOutput, PASS means that no citation failed, and every verified citation has a source. */
export const verifierGate: GateCheck = {
  agent: 'verifier',
  async check({ output }) {
    const issues = schemaIssues(VerifierOutput, output, 'verifier.schema', 'VerifierOutput');
    const parsed = VerifierOutput.safeParse(output);
    if (parsed.success) issues.push(...sourcelessVerifications(parsed.data, new Date()));
    if (isRecord(output) && Array.isArray(output.failed)) {
      const failed = output.failed.length;
      if (output.status === 'PASS' && failed) {
        issues.push(gateError('verifier.status-contradicts-failures', `the status is PASS although ${failed} citation${failed === 1 ? '' : 's'} failed`, 'report FAILED whenever any citation failed', ['status', 'failed']));
      }
      if (output.status === 'FAILED' && !failed) {
        issues.push(gateError('verifier.status-contradicts-failures', 'the status is FAILED but no failed citation is listed', 'list the failed citations, or report PASS', ['status', 'failed']));
      }
    }
    return issues;
  },
};
