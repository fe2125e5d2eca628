import * as z from 'zod';
import { ModelCircuitOpen, ModelError, ModelOutputInvalid, ModelRequestRejected, ModelThrottled, ModelTimeout, ModelUnavailable } from './modelErrors';

/**
 * Why a stage fell back to rules because the model failed. A budget spent (a tier's limit) or
 * `--model none` is a choice, not a failure, and is not recorded here.
 */
export const FALLBACK_REASONS = ['end-of-life', 'not-found', 'access-denied', 'invalid-request', 'guardrail-intervened', 'throttled', 'unavailable', 'timed-out', 'invalid-output'] as const;
export type FallbackReason = (typeof FALLBACK_REASONS)[number];

/** How a reason reads in the report, `--json` and the API. */
export const FALLBACK_DESCRIPTIONS: Record<FallbackReason, string> = {
  'end-of-life': 'the model has reached end of life (HTTP 404)',
  'not-found': 'the model was not found in this region (HTTP 404)',
  'access-denied': 'access to the model was denied (HTTP 403)',
  'invalid-request': 'the model refused the request as invalid (HTTP 400)',
  'guardrail-intervened': 'the Bedrock guardrail blocked the request or the answer',
  throttled: 'the model was throttled after every retry (HTTP 429)',
  unavailable: 'the model was unavailable (HTTP 5xx or no connection)',
  'timed-out': 'the model did not answer in time',
  'invalid-output': 'the model’s answers did not match their schema',
};

/** A stage's fallback as the session keeps it (per stage id): the first failure's reason, and how many steps fell back. */
export const ModelFallback = z.strictObject({
  reason: z.enum(FALLBACK_REASONS),
  /** The ModelError's name (never its message: it may name more than a reason). */
  error: z.string().min(1),
  httpStatus: z.number().int().optional(),
  steps: z.number().int().positive(),
});
export type ModelFallback = z.infer<typeof ModelFallback>;

/** The fallback reason of a model error; undefined for a choice (budget spent, model off). */
export function fallbackOf(error: ModelError): Pick<ModelFallback, 'reason' | 'httpStatus'> | undefined {
  if (error instanceof ModelCircuitOpen) return error.lastFailure ? fallbackOf(error.lastFailure) : { reason: 'unavailable' };
  if (error instanceof ModelRequestRejected) return { reason: error.rejection, ...(error.httpStatus ? { httpStatus: error.httpStatus } : {}) };
  if (error instanceof ModelThrottled) return { reason: 'throttled', httpStatus: 429 };
  if (error instanceof ModelUnavailable) return { reason: 'unavailable' };
  if (error instanceof ModelTimeout) return { reason: 'timed-out' };
  if (error instanceof ModelOutputInvalid) return { reason: 'invalid-output' };
  return undefined;
}

/** One stage's record from the errors its model-assisted steps fell back on (undefined when none was a failure). */
export function stageFallback(errors: readonly ModelError[]): ModelFallback | undefined {
  const failures = errors.flatMap((e) => {
    const f = fallbackOf(e);
    return f ? [{ ...f, error: e instanceof ModelCircuitOpen && e.lastFailure ? e.lastFailure.name : e.name }] : [];
  });
  if (!failures.length) return undefined;
  return { ...failures[0], steps: failures.length };
}

/** A degraded stage as `--json`, the API and the report show it. */
export interface DegradedStage {
  stage: string;
  reason: FallbackReason;
  description: string;
  error: string;
  httpStatus?: number;
}

export function degradedStages(fallbacks: Record<string, ModelFallback> | undefined): DegradedStage[] {
  return Object.entries(fallbacks ?? {}).map(([stage, f]) => ({ stage, reason: f.reason, description: FALLBACK_DESCRIPTIONS[f.reason], error: f.error, ...(f.httpStatus ? { httpStatus: f.httpStatus } : {}) }));
}

/** The report's first-page line for a degraded audit; undefined when no stage fell back. */
export function degradedLine(fallbacks: Record<string, ModelFallback> | undefined): string | undefined {
  const stages = degradedStages(fallbacks);
  if (!stages.length) return undefined;
  const reasons = [...new Set(stages.map((s) => s.description))].join('; ');
  return `Model unavailable for ${stages.length} stage${stages.length === 1 ? '' : 's'} (${stages.map((s) => s.stage).join(', ')}) — this audit used rules only: ${reasons}`;
}
