import './polyfills';
import type { Session } from '../lambdas/core/session/sessionSchema';
import type { ExecutionStarter } from '../lambdas/core/audit/startAudit';
import { disposeRuntimeDeps } from '../lambdas/core/aws/runtimeConfig';
import { startEmulators, type EmulatorOptions, type Emulators } from './emulators';
import { executeLocally, type ExecutionObserver, type ExecutionOutcome } from './localExecution';

export interface LocalRuntime extends ExecutionStarter {
  emulators: Emulators;
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
 * Handlers find the emulators through the same environment variables they read in AWS.
 */
export async function startLocalRuntime(opts: EmulatorOptions = {}): Promise<LocalRuntime> {
  const emulators = await startEmulators(opts);
  const previousEnv: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(emulators.env())) {
    previousEnv[k] = process.env[k];
    process.env[k] = v;
  }
  previousEnv.POWERTOOLS_LOG_LEVEL = process.env.POWERTOOLS_LOG_LEVEL;
  process.env.POWERTOOLS_LOG_LEVEL = process.env.CASE_AUDIT_LOG_LEVEL ?? 'SILENT';

  const running = new Map<string, Promise<ExecutionOutcome>>();
  const aborts = new Map<string, AbortController>();
  let observer: ExecutionObserver = {};
  const observers = new Map<string, ExecutionObserver>();
  let stopped = false;

  return {
    emulators,
    async start(session) {
      const auditId = session.auditId;
      const watcher = () => observers.get(auditId) ?? observer;
      const aborter = new AbortController();
      aborts.set(auditId, aborter);
      const execution = executeLocally(session.workflowType, { auditId, tier: session.tier }, {
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
}
