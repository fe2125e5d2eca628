import type { AuditClaims } from './controlProtocol';

/** Another live process is running this audit. */
export class AuditAlreadyRunning extends Error {
  override readonly name = 'AuditAlreadyRunning';
  constructor(
    readonly auditId: string,
    readonly pid: number,
  ) {
    super(`audit ${auditId} is already being run by process ${pid}${pid === process.pid ? ' (this process)' : ''}`);
  }
}

/** The host went away (stopped or died) while this process was attached to it. */
export class HostGone extends Error {
  override readonly name = 'HostGone';
  constructor(
    readonly hostPid: number,
    detail: string,
  ) {
    super(`the data folder's host (process ${hostPid}) ${detail}`);
  }
}

/**
 * This process's standing with a local data folder: it hosts the emulators, is attached to the
 * process that hosts them, or runs in memory with no folder at all. Audits are claimed while they
 * run, so other processes can tell a running audit from an interrupted one.
 */
export interface DataFolderSession {
  readonly role: 'host' | 'attached' | 'memory';
  /** The pid of the process whose emulators this one uses. */
  readonly hostPid: number;
  /** Marks the audit as run by this process; throws AuditAlreadyRunning when another live process runs it. */
  claim(auditId: string): Promise<void>;
  release(auditId: string): Promise<void>;
  /** Audits being run right now, by any process using this folder: audit id → pid. */
  runningAudits(): Promise<Record<string, number>>;
  /**
   * Attached processes only: has the host run a command's work (a `run` job, see
   * local/host/hostedRuns.ts), passing on what it prints; resolves with the exit code. Rejects with
   * HostedJobRefused when the host does not take the job (the caller then does the work itself).
   */
  runInHost?(job: Record<string, unknown>, onPartial: (partial: HostedJobMessage) => void): Promise<number>;
  /**
   * Attached processes only: aborted, with a HostGone as its reason, when the host goes away (stops
   * or dies) while this process is still attached; never by close(). Its emulators are then gone
   * too, so work in flight against them can only fail: a command stops it and says so.
   */
  readonly hostLost?: AbortSignal;
  close(): Promise<void>;
}

/** What a host sends while it runs a job: printed text, or the id of the audit it started. */
export interface HostedJobMessage {
  output?: { stream: 'stdout' | 'stderr'; text: string };
  auditId?: string;
}

/** The host did not take a job (its settings or code differ from the caller's, or it runs no jobs). */
export class HostedJobRefused extends Error {
  override readonly name = 'HostedJobRefused';
}

/** A session whose claims live in this process (the host itself, or memory mode). */
export function inProcessSession(role: 'host' | 'memory', claims: AuditClaims, close: () => Promise<void>): DataFolderSession {
  const me = {};
  return {
    role,
    hostPid: process.pid,
    async claim(auditId) {
      const result = claims.claim(auditId, me, process.pid);
      if (!result.ok) throw new AuditAlreadyRunning(auditId, result.heldBy);
    },
    async release(auditId) {
      claims.release(auditId, me);
    },
    async runningAudits() {
      return claims.snapshot();
    },
    async close() {
      claims.releaseAll(me);
      await close();
    },
  };
}
