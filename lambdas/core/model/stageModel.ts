import type { ModelBudget as ModelBudgetLimits } from '../../../workflows/schema';
import type { Session } from '../session/sessionSchema';
import type { ModelRuntime } from './modelRuntime';
import { ModelSession, type ModelCallRecord } from './modelSession';
import { ModelBudget } from './resilience/modelBudget';

export interface StageModelOptions {
  session: Pick<Session, 'model' | 'usage'>;
  agent: string;
  stage: string;
  /** The tier's per-audit budget (workflows/tiers.json). */
  budget: ModelBudgetLimits;
  /** The model runtime, created when the stage first asks for the model. */
  runtime: () => ModelRuntime;
  onCall?: (record: ModelCallRecord) => void | Promise<void>;
}

/**
 * The model layer for one run of a stage (both attempts when its gate asks for a retry): the audit's
 * budget starts from what the session says earlier stages used.
 */
export function openStageModel(options: StageModelOptions): ModelSession {
  const { usage } = options.session;
  return new ModelSession({
    choice: options.session.model,
    agent: options.agent,
    stage: options.stage,
    budget: new ModelBudget(options.budget, { modelCalls: usage.modelCalls, inputTokens: usage.inputTokens, outputTokens: usage.outputTokens }),
    runtime: options.runtime,
    ...(options.onCall ? { onCall: options.onCall } : {}),
  });
}
