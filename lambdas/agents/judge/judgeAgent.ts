import { JudgeOutput } from '../../contracts/judgeOutput';
import { assist, assistNote, withStatusNote } from '../../core/model/modelAssist';
import { logger } from '../../core/observability/logger';
import type { Agent } from '../../core/stage/stageContract';
import { decide } from './decide';
import { isJudgedWorkflow, KIND_BY_WORKFLOW } from './decisionTableSchema';
import { gatherJudgeInputs } from './gatherJudgeInputs';
import { composeModelRationale, composeRationale, composeReasons } from './judgeRationale';
import { writeRationale } from './rationaleReview';
import { judgeGate } from './judgeGate';
import { DeterministicError } from '../../core/errors/deterministicError';

/** The judge ran in a workflow that has no decision table (document-list, client-guidance). */
export class NoDecisionTable extends DeterministicError {
  override readonly name = 'NoDecisionTable';
  constructor(readonly workflowType: string) {
    super(`workflow '${workflowType}' has no decision table; the judge runs only in risk-audit, initial-assessment, final-review and refusal-analysis`);
  }
}

/**
 * Judge: the decision (risk-audit) or verdict (the other judged workflows) from the workflow's
 * decision table in decisionTables.json, over the strategist's score and confidence, the gatekeeper's
 * critical and high refusal triggers and its blocking (critical or high) compliance issues, and the
 * verification status.
 *
 * With a model configured, the model writes the rationale's prose (followed by the row, any missing-input
 * notes and whether it is provisional); the outcome, rule, inputs and finality are the table's alone.
 *
 * It has no fallback on purpose: a safe default would be a verdict nobody decided. Missing inputs are
 * read cautiously and named in the rationale; inputs it cannot read stop the stage.
 */
export const judgeAgent: Agent<JudgeOutput> = {
  name: 'judge',
  gate: judgeGate,
  async run(ctx) {
    const workflow = ctx.workflow.type;
    if (!isJudgedWorkflow(workflow)) throw new NoDecisionTable(workflow);
    const { inputs, notes, names } = await gatherJudgeInputs(ctx);
    const decision = decide(workflow, inputs, names);
    const rulesRationale = composeRationale(decision, inputs, notes);
    const kind = KIND_BY_WORKFLOW[workflow];
    const prose = await assist(ctx, 'rationale', (model) => writeRationale(model, { workflowType: workflow, kind, decision, inputs, rulesRationale }));
    const output = JudgeOutput.parse({
      kind,
      outcome: decision.outcome,
      rule: decision.rule,
      rationale: prose.kind === 'used' ? composeModelRationale(prose.value, decision, inputs, notes) : rulesRationale,
      reasons: composeReasons(decision, notes, prose.kind === 'used' ? prose.value : undefined),
      final: decision.final,
      ...(decision.provisional ? { provisional: decision.provisional } : {}),
      inputs,
    });
    // Outcome, row and counts only: no text from the file.
    logger.info('judge decided', {
      auditId: ctx.session.auditId,
      stage: ctx.stage.id,
      workflow,
      outcome: output.outcome,
      rule: output.rule,
      final: output.final,
      provisional: output.provisional !== undefined,
      verification: inputs.verification,
      missingInputs: notes.length,
    });
    return { output, status: withStatusNote(`ok:${output.outcome}`, assistNote(prose, 'rationale written')) };
  },
};
