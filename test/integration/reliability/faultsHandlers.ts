import { loadHandler, registerLocalHandler, type LambdaHandler } from '../../../local/handlerRegistry';
import { createStageHandler } from '../../../lambdas/core/stage/createStageHandler';
import type { Agent } from '../../../lambdas/core/stage/stageContract';

/** A fault put in place of a Lambda's local handler; `restore()` puts the real handler back. */
export interface InjectedFault {
  /** Invocations of the function so far, the faulty ones included. */
  calls(): number;
  restore(): void;
}

export interface FaultPlan {
  /** Throw this instead of invoking the function at all (a crash before the handler ran). */
  before?(call: number): Error | undefined;
  /** Throw this after the function ran and returned (its work is done, but the response was lost). */
  after?(call: number, result: unknown): Error | undefined;
}

/**
 * Wraps the local handler of a Lambda function key (the `${<Key>FunctionArn}` its Tasks invoke),
 * so the local Step Functions interpreter sees the fault exactly as it would see a Lambda error:
 * its Retry and Catch decide what happens next.
 */
export function injectFault(key: string, plan: FaultPlan): InjectedFault {
  const real = loadHandler(key);
  let calls = 0;
  const restore = registerLocalHandler(key, async (event, context) => {
    const call = ++calls;
    const early = plan.before?.(call);
    if (early) throw early;
    const result = await real(event, context);
    const late = plan.after?.(call, result);
    if (late) throw late;
    return result;
  });
  return { calls: () => calls, restore };
}

/** Runs `agent` as the stage Lambda of `key`, through the real stage handler (runner, gates, session writes). */
export function replaceAgent(key: string, agent: Agent): InjectedFault {
  const handler = createStageHandler(agent) as LambdaHandler;
  let calls = 0;
  const restore = registerLocalHandler(key, async (event, context) => {
    calls += 1;
    return handler(event, context);
  });
  return { calls: () => calls, restore };
}

/** An ordinary error, as a network blip or a crashed dependency throws it: nothing marks it as permanent. */
export const transientError = (what: string): Error => Object.assign(new Error(`${what}: read ECONNRESET`), { code: 'ECONNRESET' });
