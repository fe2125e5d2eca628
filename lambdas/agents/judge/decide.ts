import { JudgeOutput } from '../../contracts/judgeOutput';
import type { CountRange, DecisionRow, DecisionTable, JudgedWorkflow, RowConditions, ScoreRange } from './decisionTableSchema';
import { getDecisionTables } from './loadDecisionTables';
import { fillTemplate, MISSING_CONFIDENCE_COUNTS_AS, MISSING_SCORE_COUNTS_AS, type DecisionInputs, type DecisionNames } from './rationaleTemplate';
import { thinEvidence } from './provisionalOutcome';
import type { Session } from '../../core/session/sessionSchema';
import { DeterministicError } from '../../core/errors/deterministicError';

export type { DecisionInputs } from './rationaleTemplate';

/** What a decision table gives for one set of inputs. */
export interface Decision {
  outcome: string;
  /** The id of the row that matched. */
  rule: string;
  /** The row's rationale template, filled with the inputs. */
  rationale: string;
  /** False unless every citation was verified: the outcome is provisional until a person checks them. */
  final: boolean;
  /** The adverse outcome the row gave, replaced by the cautious one because the evidence is too thin (JudgeOutput.provisional). */
  provisional?: { instead: string; reason: string; check: string };
}

/** Inputs outside the contract (e.g. a score of 120). */
export class InvalidDecisionInputs extends DeterministicError {
  override readonly name = 'InvalidDecisionInputs';
}

/** No row applied: impossible for a validated table, whose last row is the catch-all. */
export class NoDecisionRowMatched extends DeterministicError {
  override readonly name = 'NoDecisionRowMatched';
  constructor(readonly inputs: DecisionInputs) {
    super('no row of the decision table applies to these inputs; the table lacks its catch-all row');
  }
}

/**
 * A row gave a go-ahead the safety rules forbid (INCOMPLETE verification, a critical trigger, a
 * missing score, or a blocking compliance issue where the table says it blocks the go-ahead). Only an
 * unvalidated table can get here; the judge stops rather than hand it on.
 */
export class DecisionInvariantViolation extends DeterministicError {
  override readonly name = 'DecisionInvariantViolation';
  constructor(
    readonly rule: string,
    readonly outcome: string,
    reason: string,
  ) {
    super(`row '${rule}' would give the go-ahead '${outcome}' although ${reason}`);
  }
}

const inRange = (value: number, range: ScoreRange | CountRange | undefined): boolean =>
  !range || ((range.min === undefined || value >= range.min) && (range.max === undefined || value <= range.max));

/** Whether every condition of a row holds for the inputs (missing score → 0, missing confidence → low). */
export function rowApplies(when: RowConditions, inputs: DecisionInputs): boolean {
  const score = inputs.defensibilityScore ?? MISSING_SCORE_COUNTS_AS;
  const confidence = inputs.confidence ?? MISSING_CONFIDENCE_COUNTS_AS;
  if (when.scoreMissing !== undefined && when.scoreMissing !== (inputs.defensibilityScore === null)) return false;
  return (
    inRange(score, when.score) &&
    inRange(inputs.criticalTriggers, when.critical) &&
    inRange(inputs.highTriggers, when.high) &&
    inRange(inputs.blockingComplianceIssues, when.blockingCompliance) &&
    (!when.confidence || when.confidence.includes(confidence)) &&
    (!when.verification || when.verification.includes(inputs.verification)) &&
    inRange(inputs.decisiveBars ?? 0, when.decisive) &&
    (when.deadlinePassed === undefined || when.deadlinePassed === (inputs.deadlinePassed ?? false)) &&
    inRange(inputs.reviewGrounds?.strong ?? 0, when.strongGrounds) &&
    inRange((inputs.reviewGrounds?.strong ?? 0) + (inputs.reviewGrounds?.arguable ?? 0), when.grounds) &&
    inRange(inputs.challengedGrounds?.critical ?? 0, when.challengedCritical) &&
    inRange(inputs.challengedFindings ?? 0, when.challengedFindings)
  );
}

/**
 * Whether the gatekeeper reviewed the file: it left an output and its stage completed normally (a
 * failed stage's output is a safe default that checked nothing). No go-ahead is given without it.
 */
export function gatekeeperReviewed(session: Pick<Session, 'stageStatus'>, gatekeeperOutput: unknown): boolean {
  return gatekeeperOutput !== undefined && !(session.stageStatus.gatekeeper?.startsWith('failed:') ?? false);
}

/** Why giving a go-ahead on these inputs is forbidden by `table`, or undefined when it is allowed. */
function forbiddenGoAhead(inputs: DecisionInputs, table: DecisionTable): string | undefined {
  if (table.verificationBlocksGoAhead && inputs.verification === 'INCOMPLETE') return 'verification is INCOMPLETE';
  if ((inputs.decisiveBars ?? 0) > 0) return `${inputs.decisiveBars} statutory bar(s) were found`;
  if (inputs.deadlinePassed) return 'a governing deadline has passed';
  if (inputs.gatekeeperReviewed === false) return 'the gatekeeper did not review the file';
  if (inputs.criticalTriggers > 0) return `${inputs.criticalTriggers} critical trigger(s) were found`;
  if (table.complianceIssuesBlockGoAhead && inputs.blockingComplianceIssues > 0) return `${inputs.blockingComplianceIssues} blocking compliance issue(s) were found`;
  if (inputs.defensibilityScore === null) return 'the defensibility score is missing';
  return undefined;
}

/** The first row of `table` that applies to `inputs`. Pure; throws only on an invalid table or inputs. */
export function evaluateTable(table: DecisionTable, inputs: DecisionInputs, names: DecisionNames = {}): Decision {
  const checked = JudgeOutput.shape.inputs.safeParse(inputs);
  if (!checked.success) {
    throw new InvalidDecisionInputs(`invalid decision inputs: ${checked.error.issues.map((i) => `${i.path.join('.') || 'inputs'}: ${i.message}`).join('; ')}`);
  }
  // A go-ahead needs a complete gatekeeper review, in every table: without one, such rows are passed over.
  const unreviewed = checked.data.gatekeeperReviewed === false;
  const row: DecisionRow | undefined = table.rows.find((r) => rowApplies(r.when, checked.data) && !(unreviewed && table.outcomes[r.outcome]?.goAhead));
  if (!row) throw new NoDecisionRowMatched(checked.data);
  // Defence in depth: the schema already forbids such rows; a table built in code bypasses it.
  if (table.outcomes[row.outcome]?.goAhead) {
    const reason = forbiddenGoAhead(checked.data, table);
    if (reason) throw new DecisionInvariantViolation(row.id, row.outcome, reason);
  }
  const decision: Decision = {
    outcome: row.outcome,
    rule: row.id,
    rationale: fillTemplate(row.rationale, checked.data, names),
    final: checked.data.verification === 'PASS',
  };
  // A confident adverse outcome needs evidence that can carry it; a bar or a passed deadline always can.
  const thin = table.outcomes[row.outcome]?.adverse && !row.when.decisive && row.when.deadlinePassed !== true ? thinEvidence(checked.data) : undefined;
  if (!thin) return decision;
  return {
    ...decision,
    outcome: table.cautiousOutcome,
    provisional: { instead: row.outcome, reason: thin.reason, check: thin.check },
  };
}

/** The decision or verdict of `workflowType`'s bundled table for `inputs`. */
export function decide(workflowType: JudgedWorkflow, inputs: DecisionInputs, names: DecisionNames = {}): Decision {
  return evaluateTable(getDecisionTables().tables[workflowType], inputs, names);
}
