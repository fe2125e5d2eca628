import './polyfills';
import type { Session } from '../lambdas/core/session/sessionSchema';
import type { ExecutionStarter } from '../lambdas/core/audit/startAudit';
import { disposeRuntimeDeps } from '../lambdas/core/aws/runtimeConfig';
import { type AuditSettings, readAuditSettings } from '../lambdas/core/settings/auditSettings';
import type { StageDepsCarrier } from '../lambdas/core/stage/createStageHandler';
import { localContext, type LocalLambdaContext } from './handlerRegistry';
import { guardClients } from './executionAbort';
import { startEmulators, type EmulatorOptions, type Emulators } from './emulators';
import { executeLocally, type ExecutionObserver, type ExecutionOutcome } from './localExecution';

/** How one audit runs in this runtime. */
export interface LocalStartOptions {
  /**
   * The audit's settings (model, research sources), as the command that asked for the audit read them
   * at its start. Default: this process's environment, read when the audit starts.
   */
  settings?: AuditSettings;
  /**
   * The audit's clock (default: the system clock), given to every stage as `StageDeps.now`: a run
   * "as of" a past or future day, so that deadlines (legal and review) are counted from it (the
   * judgment bench, the review tests).
   */
  now?: () => Date;
}

export interface LocalRuntime extends ExecutionStarter {
  emulators: Emulators;
  /** Starts an audit's execution with these settings (`start` uses the default ones). */
  startWith(session: Session, options: LocalStartOptions): Promise<{ executionArn: string }>;
  /**
   * The Lambda context a Task of this runtime gives its handler: for calling one stage's handler
   * directly against this runtime's stores (tests, tools), with these settings (default as `startWith`).
   */
  taskContext(functionKey: string, options?: LocalStartOptions & { timeoutMs?: number }): LocalLambdaContext & StageDepsCarrier;
  /** Waits for the execution started for this audit by `start`. */
  wait(auditId: string): Promise<ExecutionOutcome>;
  /**
   * Replaces the observer that receives per-Task progress: of every execution, or, with `auditId`, of
   * that audit's execution only (several audits may run at once in one runtime).
   */
  observe(observer: ExecutionObserver, auditId?: string): void;
  /** Stops the audit's execution: no further state starts, and a running Task records nothing more. */
  abort(auditId: string): void;
  stop(): Promise<void>;
}

export const localExecutionArn = (session: Pick<Session, 'workflowType' | 'auditId'>): string =>
  `arn:aws:states:ca-central-1:000000000000:execution:case-audit-${session.workflowType}:${session.auditId}`;

/**
 * The embedded local AWS runtime (DESIGN §8): DynamoDB- and S3-compatible servers in-process on
 * loopback, and the generated ASL run by a local interpreter whose Tasks call the Lambda handlers.
 * Each Task's handler gets the emulators' stores and the audit's settings with its Lambda context.
 */
export async function startLocalRuntime(opts: EmulatorOptions = {}): Promise<LocalRuntime> {
  const emulators = await startEmulators(opts);
  // Handlers get the emulators' stores and each audit's settings with their context; the environment
  // is left as it is, so a model or research source still sees the user's own AWS settings.
  const previousEnv: Record<string, string | undefined> = {};
  previousEnv.POWERTOOLS_LOG_LEVEL = process.env.POWERTOOLS_LOG_LEVEL;
  process.env.POWERTOOLS_LOG_LEVEL = process.env.CASE_AUDIT_LOG_LEVEL ?? 'SILENT';

  // Once an execution is stopped, its Tasks' calls to the stores fail (see executionAbort.ts).
  guardClients(emulators.clients);
  const running = new Map<string, Promise<ExecutionOutcome>>();
  const aborts = new Map<string, AbortController>();
  let observer: ExecutionObserver = {};
  const observers = new Map<string, ExecutionObserver>();
  let stopped = false;

  const runtime: LocalRuntime = {
    emulators,
    start(session) {
      return runtime.startWith(session, {});
    },
    taskContext(functionKey, options = {}) {
      const settings = options.settings ?? readAuditSettings(process.env);
      return { ...localContext(functionKey, options.timeoutMs ?? 300_000), stageDeps: { store: emulators.store, blobs: emulators.blobs, settings, ...(options.now ? { now: options.now } : {}) } };
    },
    async startWith(session, options) {
      const auditId = session.auditId;
      const settings = options.settings ?? readAuditSettings(process.env);
      const watcher = () => observers.get(auditId) ?? observer;
      const aborter = new AbortController();
      aborts.set(auditId, aborter);
      const deps = { store: emulators.store, blobs: emulators.blobs, settings, ...(options.now ? { now: options.now } : {}) };
      const execution = executeLocally(session.workflowType, { auditId, tier: session.tier }, deps, {
        onTaskStart: (...a) => watcher().onTaskStart?.(...a),
        onTaskEnd: (...a) => watcher().onTaskEnd?.(...a),
        onTaskError: (...a) => watcher().onTaskError?.(...a),
      }, aborter.signal);
      running.set(auditId, execution);
      execution.catch(() => undefined); // surfaced by wait()
      // A long-lived runtime (the data folder's host) forgets an execution once it has been waited for.
      void execution.finally(() => {
        aborts.delete(auditId);
        observers.delete(auditId);
      }).catch(() => undefined);
      return { executionArn: localExecutionArn(session) };
    },
    wait(auditId) {
      const execution = running.get(auditId);
      if (!execution) return Promise.reject(new Error(`no local execution was started for audit ${auditId}`));
      return execution;
    },
    observe(next, auditId) {
      if (auditId) observers.set(auditId, next);
      else observer = next;
    },
    abort(auditId) {
      aborts.get(auditId)?.abort();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await Promise.allSettled([...running.values()]);
      disposeRuntimeDeps();
      await emulators.stop();
      for (const [k, v] of Object.entries(previousEnv)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    },
  };
  return runtime;
}
