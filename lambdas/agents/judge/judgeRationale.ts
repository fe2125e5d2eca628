import type { Decision } from './decide';
import { PLACEHOLDERS, type DecisionInputs } from './rationaleTemplate';

const PROVISIONAL: Record<DecisionInputs['verification'], string | undefined> = {
  PASS: undefined,
  INCOMPLETE: 'This outcome is provisional until a person reviews the citations that could not be verified.',
  NOT_RUN: 'This outcome is provisional: no citation in this audit has been verified.',
};

const provisionalSentence = (p: NonNullable<Decision['provisional']>): string =>
  `Provisional: the findings above would call for the table's adverse outcome, but ${p.reason}; a lawyer should check ${p.check}.`;

/** The outcome and why, in legal words; a provisional outcome says what it replaced and what to check. */
function lead(decision: Decision): string[] {
  if (!decision.provisional) return [`${decision.outcome}: ${decision.rationale}`];
  return [`${decision.outcome} (provisional). ${decision.rationale}`, provisionalSentence(decision.provisional)];
}

/**
 * The judge's rationale: the outcome and the row that gave it, every input it was decided on, what
 * was missing, and whether it is provisional. It explains; it never says what an officer or a court
 * will do.
 */
export function composeRationale(decision: Decision, inputs: DecisionInputs, notes: readonly string[]): string {
  const considered =
    `Inputs considered: defensibility score ${PLACEHOLDERS.score(inputs)}; ` +
    `strategist confidence ${PLACEHOLDERS.confidence(inputs)}; ` +
    `${PLACEHOLDERS.criticalTriggers(inputs)}, ${PLACEHOLDERS.highTriggers(inputs)} and ${PLACEHOLDERS.blockingComplianceIssues(inputs)} (critical or high) from the gatekeeper; ` +
    `citation verification ${PLACEHOLDERS.verification(inputs)}.`;
  const parts = [...lead(decision), considered, ...notes];
  const provisional = PROVISIONAL[inputs.verification];
  if (provisional) parts.push(provisional);
  return parts.join(' ');
}

/**
 * The reasons a report states: the outcome and the findings that decided it, what was missing, and
 * what a provisional outcome replaced. The inputs and the verification status are stated elsewhere in
 * the report, so they are not repeated here.
 */
export function composeReasons(decision: Decision, notes: readonly string[], prose?: string): string {
  const opening = prose ? [prose.trim(), ...(decision.provisional ? [provisionalSentence(decision.provisional)] : [])] : lead(decision);
  return [...opening, ...notes].join(' ');
}

/**
 * The rationale when a model wrote its prose (DESIGN §3: the model writes only the rationale): the
 * prose, the decision-table row that gave the outcome, any missing-input notes, and whether the outcome
 * is provisional. The inputs themselves are recorded beside it in the judge's output.
 */
export function composeModelRationale(prose: string, decision: Decision, inputs: DecisionInputs, notes: readonly string[]): string {
  const parts = [prose.trim(), ...(decision.provisional ? [provisionalSentence(decision.provisional)] : []), ...notes];
  const provisional = PROVISIONAL[inputs.verification];
  if (provisional && !prose.toLowerCase().includes('provisional')) parts.push(provisional);
  return parts.join(' ');
}
