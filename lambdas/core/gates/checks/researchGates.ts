import { DetectiveOutput, VerifierOutput } from '../../research/researchSchema';
import type { GateCheck } from '../gateCheck';
import { gateError, isRecord, schemaIssues } from '../gateIssues';

/** Detective: its output matches DetectiveOutput (the verifier checks the citations themselves). */
export const detectiveGate: GateCheck = {
  agent: 'detective',
  async check({ output }) {
    return schemaIssues(DetectiveOutput, output, 'detective.schema', 'DetectiveOutput');
  },
};

/** Verifier: its output matches VerifierOutput, and PASS means that no citation failed. */
export const verifierGate: GateCheck = {
  agent: 'verifier',
  async check({ output }) {
    const issues = schemaIssues(VerifierOutput, output, 'verifier.schema', 'VerifierOutput');
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
