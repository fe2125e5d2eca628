import type * as z from 'zod';
import type { UsageTotals } from './accounting/usageTotals';
import type { ModelChoice } from './modelChoice';
import type { ModelError } from './modelErrors';
import type { PromptDefinition } from './prompts/promptDefinition';

/** One structured request of an agent: a versioned prompt, the user message (task and delimited data), and the answer's schema. */
export interface StructuredRequest<S extends z.ZodType> {
  prompt: PromptDefinition;
  /** The user message: the task's specifics and the data blocks (see prompts/documentData.ts). */
  input: string;
  /** The answer's contract; its JSON Schema is the tool's input schema. */
  schema: S;
}

export interface StructuredAnswer<T> {
  value: T;
  /** Answers received for this request: 1, or 2 when the first had to be re-asked. */
  answers: number;
  /** Repairs and coercions applied to the accepted answer (names only). */
  repairs: string[];
  modelId: string;
}

/**
 * What an agent sees of the model layer (AgentContext.model). With `--model none` it is disabled
 * and the agent's deterministic core alone produces the result. Every method throws a ModelError
 * (modelErrors.ts) when the model cannot help; the agent then keeps its rules-only result.
 */
export interface AgentModel {
  readonly enabled: boolean;
  readonly choice: ModelChoice;
  structured<S extends z.ZodType>(request: StructuredRequest<S>): Promise<StructuredAnswer<z.output<S>>>;
  /** Model calls, tokens and estimated cost of this stage so far (the session adds them up when the stage completes). */
  usage(): UsageTotals;
  /** Told when a model-assisted step falls back to rules (modelAssist.ts), so the stage can mark the audit degraded. */
  noteFallback?(step: string, error: ModelError): void;
}
