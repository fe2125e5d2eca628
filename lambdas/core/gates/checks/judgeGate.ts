import { JudgeOutput, type VerificationState } from '../../analysis/analysisSchema';
import type { Session } from '../../session/sessionSchema';
import type { WorkflowDefinition } from '../../../../workflows/schema';
import type { GateCheck } from '../gateCheck';
import { gateError, isRecord, schemaIssues } from '../gateIssues';
import type { GateIssue } from '../gateSchema';
import { promiseIssues, proseOf } from './promiseLanguage';

/** Outcomes that tell the client to go ahead: never given while citations are unverified. */
export const FAVOURABLE_OUTCOMES: readonly string[] = ['GO', 'APPROVE', 'PROCEED'];

/** What verification actually concluded for this audit, from the session (the verifier's latest run). */
export function verificationStateOf(session: Pick<Session, 'verificationStatus'>, workflow: WorkflowDefinition): VerificationState {
  if (!workflow.stages.some((s) => s.agent === 'verifier') || session.verificationStatus === undefined) return 'NOT_RUN';
  return session.verificationStatus === 'PASS' ? 'PASS' : 'INCOMPLETE';
}

/** `decision` for risk-audit (PROCEED / REVISE / HIGH-RISK), `verdict` for the others (DESIGN §2). */
const expectedKind = (workflow: WorkflowDefinition) => (workflow.type === 'risk-audit' ? 'decision' : 'verdict');

function countBySeverity(triggers: unknown, severity: string): number | undefined {
  if (!Array.isArray(triggers)) return undefined;
  return triggers.filter((t) => isRecord(t) && t.severity === severity).length;
}

/**
 * Judge: the outcome is one the workflow defines, the inputs it read match the audit (score, trigger
 * counts, verification), and an audit whose verification is INCOMPLETE never gets a favourable,
 * final outcome.
 */
export const judgeGate: GateCheck = {
  agent: 'judge',
  async check({ output, workflow, session, outputOf }) {
    const issues: GateIssue[] = schemaIssues(JudgeOutput, output, 'judge.schema', 'JudgeOutput');
    if (!isRecord(output)) return issues;
    const { outcome } = output;
    const inputs = isRecord(output.inputs) ? output.inputs : {};

    if (typeof outcome === 'string' && !workflow.outcomes.includes(outcome)) {
      issues.push(
        gateError('judge.unknown-outcome', `the outcome "${outcome}" is not one of this workflow's outcomes (${workflow.outcomes.join(', ') || 'none'})`, `choose one of ${workflow.outcomes.join(', ') || "the workflow's outcomes"}`, ['outcome', outcome]),
      );
    }
    if (typeof output.kind === 'string' && output.kind !== expectedKind(workflow)) {
      issues.push(gateError('judge.wrong-kind', `a ${workflow.type} audit ends in a ${expectedKind(workflow)}, not a ${output.kind}`, `set kind to "${expectedKind(workflow)}"`, ['kind']));
    }

    const actual = verificationStateOf(session, workflow);
    if (typeof inputs.verification === 'string' && inputs.verification !== actual) {
      issues.push(gateError('judge.verification-misread', `the judge read verification as ${inputs.verification} but the verifier concluded ${actual}`, `decide with verification ${actual}`, ['inputs.verification']));
    }
    if (actual === 'INCOMPLETE' || inputs.verification === 'INCOMPLETE') {
      if (typeof outcome === 'string' && FAVOURABLE_OUTCOMES.includes(outcome)) {
        issues.push(
          gateError('judge.favourable-outcome-while-incomplete', `the outcome is ${outcome} although verification is INCOMPLETE`, 'an audit with unverified citations cannot end in GO, APPROVE or PROCEED: choose the cautious outcome of the decision table', ['outcome', 'inputs.verification']),
        );
      }
      if (output.final !== false) {
        issues.push(gateError('judge.final-while-incomplete', 'the outcome is marked final although verification is INCOMPLETE', 'set final to false until a person has reviewed the failed citations', ['final']));
      }
    }

    const strategist = await outputOf<Record<string, unknown>>('strategist');
    if (isRecord(strategist) && typeof strategist.defensibilityScore === 'number' && 'defensibilityScore' in inputs && inputs.defensibilityScore !== strategist.defensibilityScore) {
      issues.push(
        gateError('judge.score-misread', `the judge read defensibilityScore ${String(inputs.defensibilityScore)} but the strategist's score is ${strategist.defensibilityScore}`, `decide with defensibilityScore ${strategist.defensibilityScore}`, ['inputs.defensibilityScore']),
      );
    }
    const gatekeeper = await outputOf<Record<string, unknown>>('gatekeeper');
    for (const [field, severity] of [['criticalTriggers', 'critical'], ['highTriggers', 'high']] as const) {
      const count = isRecord(gatekeeper) ? countBySeverity(gatekeeper.refusalTriggers, severity) : undefined;
      if (count !== undefined && typeof inputs[field] === 'number' && inputs[field] !== count) {
        issues.push(gateError('judge.triggers-misread', `the judge counted ${String(inputs[field])} ${severity} refusal triggers but the gatekeeper found ${count}`, `decide with ${field} = ${count}`, [`inputs.${field}`]));
      }
    }

    issues.push(...promiseIssues(proseOf(output, ['outcome', 'kind', 'rule']), 'judge.outcome-promise'));
    return issues;
  },
};
