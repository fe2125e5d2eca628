import { DetectiveOutput } from '../../contracts/detectiveOutput';
import type { GateCheck } from '../../core/gates/gateCheck';
import { schemaIssues } from '../../core/gates/gateIssues';

/** Detective: its output matches DetectiveOutput (the verifier checks the citations themselves). */
export const detectiveGate: GateCheck = {
  agent: 'detective',
  async check({ output }) {
    return schemaIssues(DetectiveOutput, output, 'detective.schema', 'DetectiveOutput');
  },
};
