/**
 * Errors by kind: what another attempt can do about them.
 *
 * A deterministic error is a failure that running the same input again cannot fix: input that does
 * not validate, a gate that failed after its retry, a stage output the audit does not have, a
 * tampered manifest, configuration or bundled data that does not validate. Step Functions must not
 * retry it: the stage Tasks of every state machine list the `name` of each such error in a retrier
 * with no attempts (statemachines/deterministicErrors.ts finds them in the sources when `npm run asl`
 * compiles the ASL), so the audit stops at once with its cause recorded. Any other error is retried:
 * throttling, timeouts, network failures, a lost optimistic lock.
 *
 * Each concrete subclass declares its `name` as a string literal (`override readonly name =
 * 'GateFailed'`): it is the error type Lambda reports and the ASL matches, and class names do not
 * survive the bundler's minification. This module imports nothing, so any file may use it.
 */

/** The mark of a deterministic error, on the prototype of DeterministicError and of each `deterministic(Base)`. */
const DETERMINISTIC: unique symbol = Symbol.for('case-audit.DeterministicError');

const markDeterministic = (prototype: object): void => {
  Object.defineProperty(prototype, DETERMINISTIC, { value: true });
};

/** A failure that re-running the same input cannot fix, so Step Functions never retries it. */
export abstract class DeterministicError extends Error {
  declare readonly [DETERMINISTIC]: true;

  /** `error instanceof DeterministicError` holds for `deterministic(Base)` errors too; a subclass tests its own class as usual. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this !== DeterministicError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && (value as { [DETERMINISTIC]?: unknown })[DETERMINISTIC] === true;
  }
}
markDeterministic(DeterministicError.prototype);

/** A mixin's base: TypeScript requires its constructor to take any arguments. */
type ErrorClass = abstract new (...args: any[]) => Error;

/**
 * `Base` made deterministic, for an error that must keep another base class: `class
 * ModelSettingsInvalid extends deterministic(ModelError)` is still a ModelError (the model layer falls
 * back to rules on any ModelError) and is also a DeterministicError.
 */
export function deterministic<Base extends ErrorClass>(base: Base) {
  abstract class Deterministic extends base {
    declare readonly [DETERMINISTIC]: true;
  }
  markDeterministic(Deterministic.prototype);
  return Deterministic;
}
