/**
 * Typed errors of the model layer. Messages say what happened and what to do; they never carry
 * document text, prompts or model output (they reach stage statuses and logs).
 */

import { deterministic } from '../errors/deterministicError';

/** Every model-layer error. `retryable`: another attempt of the same request may succeed. */
export abstract class ModelError extends Error {
  abstract readonly retryable: boolean;
  /** A few words for a stage status ("throttled", "circuit open", …). */
  abstract readonly shortReason: string;
}

/** The provider asked us to slow down (Bedrock ThrottlingException, HTTP 429). */
export class ModelThrottled extends ModelError {
  override readonly name = 'ModelThrottled';
  readonly retryable = true;
  readonly shortReason = 'throttled';
}

/** The provider could not serve the request now (ServiceUnavailable, ModelNotReady, 5xx, connection failures). */
export class ModelUnavailable extends ModelError {
  override readonly name = 'ModelUnavailable';
  readonly retryable = true;
  readonly shortReason = 'unavailable';
}

/** No answer within the configured time (CASE_AUDIT_MODEL_TIMEOUT_MS), or the model timed out itself. */
export class ModelTimeout extends ModelError {
  override readonly name = 'ModelTimeout';
  readonly retryable = true;
  readonly shortReason = 'timed out';
}

/** Why a provider refused a request: the model reached end of life, does not exist here, the caller may not use it, or the request is invalid. */
export type RejectionReason = 'end-of-life' | 'not-found' | 'access-denied' | 'invalid-request' | 'guardrail-intervened';

/** The provider refused the request as such (access denied, unknown or retired model, invalid request): retrying cannot help. */
export class ModelRequestRejected extends ModelError {
  override readonly name = 'ModelRequestRejected';
  readonly retryable = false;
  readonly shortReason = 'request rejected';
  constructor(
    message: string,
    readonly rejection: RejectionReason = 'invalid-request',
    /** The provider's HTTP status, when it answered (403, 404, 400…). */
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

/** The answer did not match the agent's schema, even after repair and one re-ask. */
export class ModelOutputInvalid extends ModelError {
  override readonly name = 'ModelOutputInvalid';
  readonly retryable = false;
  readonly shortReason = 'invalid output';
  constructor(
    readonly purpose: string,
    readonly problems: readonly string[],
  ) {
    super(`the model's answer for ${purpose} did not match its schema after repair and one re-ask: ${problems.slice(0, 3).join('; ')}`);
  }
}

/** The circuit breaker is open: recent calls to this model failed repeatedly, so calls fail fast for a while. */
export class ModelCircuitOpen extends ModelError {
  override readonly name = 'ModelCircuitOpen';
  readonly retryable = false;
  readonly shortReason = 'circuit open';
  constructor(
    readonly key: string,
    readonly retryInMs: number,
    /** The failure that opened the circuit, when known (what a degraded audit reports as the cause). */
    readonly lastFailure?: ModelError,
  ) {
    super(`calls to ${key} failed repeatedly; the model layer is paused for ${Math.ceil(retryInMs / 1000)} s and the audit goes on with rules only`);
  }
}

/** The audit has used its tier's budget of model calls or tokens (workflows/tiers.json `modelBudget`). */
export class ModelBudgetExhausted extends ModelError {
  override readonly name = 'ModelBudgetExhausted';
  readonly retryable = false;
  readonly shortReason = 'budget exhausted';
  constructor(
    readonly limit: 'calls' | 'inputTokens' | 'outputTokens',
    readonly used: number,
    readonly max: number,
  ) {
    super(`the audit's model budget is spent (${limit} ${used} of ${max}); set modelBudget in workflows/tiers.json to allow more`);
  }
}

/**
 * A model setting in the environment is missing or malformed; names the setting. Deterministic: a
 * stage that meets it outside a model step fails without a Step Functions retry (DeterministicError).
 */
export class ModelSettingsInvalid extends deterministic(ModelError) {
  override readonly name = 'ModelSettingsInvalid';
  readonly retryable = false;
  readonly shortReason = 'settings invalid';
}

/** The audit runs rules only (`--model none`): agents check `model.enabled` before asking. */
export class ModelDisabled extends ModelError {
  override readonly name = 'ModelDisabled';
  readonly retryable = false;
  readonly shortReason = 'rules only';
  constructor() {
    super('this audit runs rules only (model: none)');
  }
}
