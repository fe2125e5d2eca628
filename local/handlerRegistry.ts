/**
 * The Lambda handlers the generated ASL calls, by the function key in `${<Key>FunctionArn}`.
 * Loaded lazily so the CLI only pays for what a workflow uses.
 */
export type LambdaHandler = (event: unknown, context: LocalLambdaContext) => Promise<unknown>;

export interface LocalLambdaContext {
  functionName: string;
  functionVersion: string;
  invokedFunctionArn: string;
  memoryLimitInMB: string;
  awsRequestId: string;
  logGroupName: string;
  logStreamName: string;
  callbackWaitsForEmptyEventLoop: boolean;
  getRemainingTimeInMillis(): number;
}

// require(), not import(): under tsx's CommonJS hook a dynamic import of a .ts file bypasses the hook.
const LOADERS: Record<string, () => LambdaHandler> = {
  Intake: () => (require('../lambdas/agents/intake/handler') as typeof import('../lambdas/agents/intake/handler')).handler as LambdaHandler,
  Detective: () => (require('../lambdas/agents/detective/handler') as typeof import('../lambdas/agents/detective/handler')).handler as LambdaHandler,
  Strategist: () => (require('../lambdas/agents/strategist/handler') as typeof import('../lambdas/agents/strategist/handler')).handler as LambdaHandler,
  Judge: () => (require('../lambdas/agents/judge/handler') as typeof import('../lambdas/agents/judge/handler')).handler as LambdaHandler,
  Verifier: () => (require('../lambdas/agents/verifier/handler') as typeof import('../lambdas/agents/verifier/handler')).handler as LambdaHandler,
  Gatekeeper: () => (require('../lambdas/agents/gatekeeper/handler') as typeof import('../lambdas/agents/gatekeeper/handler')).handler as LambdaHandler,
  Reporter: () => (require('../lambdas/agents/reporter/handler') as typeof import('../lambdas/agents/reporter/handler')).handler as LambdaHandler,
  Review: () => (require('../lambdas/review/handler') as typeof import('../lambdas/review/handler')).handler as LambdaHandler,
  RecordFailure: () => (require('../lambdas/recordFailure/handler') as typeof import('../lambdas/recordFailure/handler')).handler as LambdaHandler,
};

/** The function keys the registry can load (`Intake`, `Detective`, …). */
export const handlerKeys = (): string[] => Object.keys(LOADERS);

export class HandlerNotFound extends Error {
  override readonly name = 'HandlerNotFound';
  constructor(readonly key: string) {
    super(`no local handler for function '${key}'; known: ${Object.keys(LOADERS).join(', ')}`);
  }
}

const registered = new Map<string, LambdaHandler>();

/**
 * Adds or replaces the local handler for a function key, e.g. an agent whose Lambda lives outside
 * this package. Returns a function that removes it again.
 */
export function registerLocalHandler(key: string, handler: LambdaHandler): () => void {
  registered.set(key, handler);
  return () => {
    if (registered.get(key) === handler) registered.delete(key);
  };
}

export function loadHandler(key: string): LambdaHandler {
  const own = registered.get(key);
  if (own) return own;
  const load = LOADERS[key];
  if (!load) throw new HandlerNotFound(key);
  return load();
}

let requestCounter = 0;
export function localContext(functionKey: string, timeoutMs: number): LocalLambdaContext {
  const deadline = Date.now() + timeoutMs;
  return {
    functionName: `case-audit-${functionKey}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:ca-central-1:000000000000:function:case-audit-${functionKey}`,
    memoryLimitInMB: '1024',
    awsRequestId: `local-${process.pid}-${++requestCounter}`,
    logGroupName: `/aws/lambda/case-audit-${functionKey}`,
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
  };
}
