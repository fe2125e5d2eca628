import type { GateIssue } from '../gates/gateSchema';
import { logger } from '../observability/logger';
import type { StageStatus } from '../session/sessionSchema';
import type { AgentModel } from './agentModel';
import { ModelError, ModelUnavailable } from './modelErrors';

/** What an agent's model-assisted step came to. */
export type Assisted<T> =
  | { kind: 'used'; value: T }
  /** Rules only by choice: `--model none`, or no model layer at all (an agent run outside the stage runner). */
  | { kind: 'off' }
  /** This run follows a gate FAIL: the model's contribution is left out and the rules-only result stands. */
  | { kind: 'left-out' }
  /** The model could not help (unavailable, invalid answer, circuit open, budget spent…): rules only. */
  | { kind: 'failed'; error: ModelError };

export interface AssistContext {
  model?: AgentModel;
  feedback?: GateIssue[];
  session: { auditId: string };
  stage: { id: string };
}

/**
 * Runs a model-assisted step of an agent. The deterministic result is already made; this returns what
 * the model added, or why nothing was added. After a gate FAIL the step is not run again (live gates
 * retry a stage once: the retry is the rules-only result, which the gate accepts).
 */
export async function assist<T>(ctx: AssistContext, step: string, ask: (model: AgentModel) => Promise<T>): Promise<Assisted<T>> {
  const model = ctx.model;
  if (!model?.enabled) return { kind: 'off' };
  if (ctx.feedback?.length) return { kind: 'left-out' };
  try {
    return { kind: 'used', value: await ask(model) };
  } catch (e) {
    const error = e instanceof ModelError ? e : new ModelUnavailable(`the model step failed (${e instanceof Error ? e.name : 'Error'})`);
    logger.warn('model step fell back to rules', { auditId: ctx.session.auditId, stage: ctx.stage.id, step, error: error.name });
    model.noteFallback?.(step, error);
    return { kind: 'failed', error };
  }
}

/** The stage-status note for a model-assisted step; undefined when the audit is rules only (its status stays as it always was). */
export function assistNote(result: Assisted<unknown>, used: string): string | undefined {
  switch (result.kind) {
    case 'off':
      return undefined;
    case 'used':
      return `model: ${used}`;
    case 'left-out':
      return 'model: left out after the gate feedback, rules only';
    case 'failed':
      return `model: ${result.error.shortReason} (${result.error.name}), rules only`;
  }
}

/** `ok` + note → `ok:<note>`; `ok:<x>` + note → `ok:<x>; <note>`. Other statuses and no note: unchanged. */
export function withStatusNote(status: StageStatus, note: string | undefined): StageStatus {
  if (!note || !status.startsWith('ok')) return status;
  return status === 'ok' ? `ok:${note}` : `${status}; ${note}`;
}
