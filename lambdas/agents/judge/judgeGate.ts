import { JudgeOutput } from '../../contracts/judgeOutput';
import { type VerificationState } from '../../contracts/findings';
import type { Session } from '../../core/session/sessionSchema';
import type { WorkflowDefinition } from '../../../workflows/schema';
import type { GateCheck } from '../../core/gates/gateCheck';
import { gateError, isRecord, schemaIssues } from '../../core/gates/gateIssues';
import type { GateIssue } from '../../core/gates/gateSchema';
import { decide, gatekeeperReviewed } from './decide';
import { isJudgedWorkflow } from './decisionTableSchema';
import { citationsOutside, otherOutcomesNamed } from '../../core/gates/checks/modelText';
import { promiseIssues, proseOf } from '../../core/gates/checks/promiseLanguage';
import { presentedCitations, verifiedSets } from '../../core/gates/checks/reportCitations';
import { getDecisionTables } from './loadDecisionTables';
import { LegalAnalysis } from '../../contracts/legalAnalysis';
import { CHALLENGED_SOURCE } from './gatherJudgeInputs';
import { legalInputs } from './legalInputs';

/** Outcomes that tell the client to go ahead: never given while citations are unverified. */
export const FAVOURABLE_OUTCOMES: readonly string[] = ['GO', 'APPROVE', 'PROCEED'];

/** What verification actually concluded for this audit, from the session (the verifier's latest run). */
export function verificationStateOf(session: Pick<Session, 'verificationStatus'>, workflow: WorkflowDefinition): VerificationState {
  if (!workflow.stages.some((s) => s.agent === 'verifier') || session.verificationStatus === undefined) return 'NOT_RUN';
  return session.verificationStatus === 'PASS' ? 'PASS' : 'INCOMPLETE';
}

/** `decision` for risk-audit (PROCEED / REVISE / HIGH-RISK), `verdict` for the others (DESIGN §2). */
const expectedKind = (workflow: WorkflowDefinition) => (workflow.type === 'risk-audit' ? 'decision' : 'verdict');

/**
 * The outcome is the decision table's for the inputs the judge recorded: no model, prompt or document
 * can move it. Checked once the output is otherwise sound (a more specific issue says more).
 */
function tableIssues(workflow: WorkflowDefinition, output: Record<string, unknown>): GateIssue[] {
  const inputs = JudgeOutput.shape.inputs.safeParse(output.inputs);
  if (!inputs.success || !isJudgedWorkflow(workflow.type) || typeof output.outcome !== 'string') return [];
  let decided;
  try {
    decided = decide(workflow.type, inputs.data);
  } catch {
    return [];
  }
  if (output.outcome === decided.outcome) return [];
  return [gateError('judge.outcome-not-from-table', `the outcome is ${output.outcome} but the decision table gives ${decided.outcome} for these inputs (row ${decided.rule})`, `give the decision table's outcome, ${decided.outcome}`, ['outcome', output.outcome])];
}

/** The rationale (which a model may write) names no other outcome and cites only authorities the verifier confirmed. */
async function rationaleIssues(workflow: WorkflowDefinition, output: Record<string, unknown>, outputOf: <T>(stageId: string) => Promise<T | undefined>): Promise<GateIssue[]> {
  if (typeof output.rationale !== 'string' || typeof output.outcome !== 'string') return [];
  const issues = otherOutcomesNamed(output.rationale, workflow.outcomes, output.outcome).map((other) =>
    gateError('judge.rationale-names-another-outcome', `the rationale names the outcome ${other} although the decision is ${String(output.outcome)}`, `explain the outcome ${String(output.outcome)} without naming another one`, ['rationale', other]),
  );
  const verifierStage = workflow.stages.find((s) => s.agent === 'verifier');
  const verified = verifiedSets(verifierStage ? await outputOf(verifierStage.id) : undefined).verified;
  const allowed = new Set([...verified, ...(await findingProvisions(workflow, outputOf))]);
  for (const c of citationsOutside(output.rationale, allowed)) {
    issues.push(gateError('judge.rationale-cites-unverified-authority', `the rationale cites ${c.kind === 'case' ? 'a decision' : 'a provision'} the verifier did not confirm`, 'explain the outcome from its inputs, citing nothing the verifier did not confirm', ['rationale', c.citation]));
  }
  return issues;
}

/**
 * Provisions the rationale may name besides verified authorities: those the gatekeeper's findings
 * rest on (a trigger's provision, a bar's, a deadline's rule: findings the rationale reports, not
 * authorities it relies on) and those the decision table's own templates state (written by the team
 * against the statute).
 */
async function findingProvisions(workflow: WorkflowDefinition, outputOf: <T>(stageId: string) => Promise<T | undefined>): Promise<string[]> {
  const texts: string[] = [];
  if (isJudgedWorkflow(workflow.type)) texts.push(...getDecisionTables().tables[workflow.type].rows.map((r) => r.rationale));
  const gatekeeper = workflow.stages.some((s) => s.id === 'gatekeeper') ? await outputOf<Record<string, unknown>>('gatekeeper') : undefined;
  if (isRecord(gatekeeper)) {
    for (const t of Array.isArray(gatekeeper.refusalTriggers) ? gatekeeper.refusalTriggers : []) if (isRecord(t) && typeof t.provision === 'string') texts.push(t.provision);
    const legal = isRecord(gatekeeper.legal) ? gatekeeper.legal : {};
    for (const f of Array.isArray(legal.findings) ? legal.findings : []) if (isRecord(f) && typeof f.provision === 'string') texts.push(f.provision, typeof f.reasoning === 'string' ? f.reasoning : '');
    for (const d of Array.isArray(legal.deadlines) ? legal.deadlines : []) if (isRecord(d) && typeof d.rule === 'string') texts.push(d.rule);
  }
  return texts.flatMap((t) => presentedCitations(t).map((c) => c.citation));
}

/** Triggers of `severity`; in a refusal analysis, `challenged` picks the refusal's own grounds or the rest. */
function countBySeverity(triggers: unknown, severity: string, challenged?: boolean): number | undefined {
  if (!Array.isArray(triggers)) return undefined;
  return triggers.filter((t) => isRecord(t) && t.severity === severity && (challenged === undefined || (t.source === CHALLENGED_SOURCE) === challenged)).length;
}

/**
 * Judge: the outcome is one the workflow defines and the one its decision table gives for the inputs,
 * the inputs it read match the audit (score, trigger counts, verification), an audit whose
 * verification is INCOMPLETE never gets a favourable, final outcome, and the rationale names no other
 * outcome and cites nothing unverified.
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
    if (!gatekeeperReviewed(session, gatekeeper) && inputs.gatekeeperReviewed !== false) {
      issues.push(
        gateError('judge.gatekeeper-review-misread', 'the judge decided as if the gatekeeper had reviewed the file, but its review is missing or incomplete', 'decide with gatekeeperReviewed = false: no go-ahead outcome without a complete review', ['inputs.gatekeeperReviewed']),
      );
    }
    // In a refusal analysis the refusal's own grounds are counted apart (challengedGrounds), not as triggers against the file.
    const refusal = workflow.type === 'refusal-analysis';
    for (const [field, severity] of [['criticalTriggers', 'critical'], ['highTriggers', 'high']] as const) {
      const count = isRecord(gatekeeper) ? countBySeverity(gatekeeper.refusalTriggers, severity, refusal ? false : undefined) : undefined;
      if (count !== undefined && typeof inputs[field] === 'number' && inputs[field] !== count) {
        issues.push(gateError('judge.triggers-misread', `the judge counted ${String(inputs[field])} ${severity} refusal triggers but the gatekeeper found ${count}`, `decide with ${field} = ${count}`, [`inputs.${field}`]));
      }
    }

    if (refusal && isRecord(gatekeeper) && isRecord(inputs.challengedGrounds)) {
      for (const severity of ['critical', 'high'] as const) {
        const count = countBySeverity(gatekeeper.refusalTriggers, severity, true);
        if (count !== undefined && inputs.challengedGrounds[severity] !== count) {
          issues.push(gateError('judge.triggers-misread', `the judge counted ${String(inputs.challengedGrounds[severity])} ${severity} grounds of the refusal but the gatekeeper found ${count}`, `decide with challengedGrounds.${severity} = ${count}`, ['inputs.challengedGrounds']));
        }
      }
    }
    const legal = isRecord(gatekeeper) ? LegalAnalysis.safeParse(gatekeeper.legal) : undefined;
    if (legal?.success) {
      const expected = legalInputs(legal.data, refusal).inputs;
      if ((inputs.decisiveBars ?? 0) !== expected.decisiveBars) {
        issues.push(gateError('judge.bars-misread', `the judge counted ${String(inputs.decisiveBars ?? 0)} statutory bars but the legal analysis found ${expected.decisiveBars}`, `decide with decisiveBars = ${expected.decisiveBars}`, ['inputs.decisiveBars']));
      }
      if ((inputs.deadlinePassed ?? false) !== expected.deadlinePassed) {
        issues.push(gateError('judge.deadline-misread', `the judge read deadlinePassed = ${String(inputs.deadlinePassed ?? false)} but the legal analysis says ${String(expected.deadlinePassed)}`, `decide with deadlinePassed = ${String(expected.deadlinePassed)}`, ['inputs.deadlinePassed']));
      }
    }

    if (!issues.some((i) => i.severity === 'error')) issues.push(...tableIssues(workflow, output));
    issues.push(...(await rationaleIssues(workflow, output, outputOf)));
    issues.push(...promiseIssues(proseOf(output, ['outcome', 'kind', 'rule']), 'judge.outcome-promise'));
    return issues;
  },
};
