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

/**
 * This process's standing with a local data folder: it hosts the emulators, is attached to the
 * process that hosts them, or runs in memory with no folder at all. Audits are claimed while they
 * run, so other processes can tell a running audit from an interrupted one.
 */
export interface HomeSession {
  readonly role: 'host' | 'attached' | 'memory';
  /** The pid of the process whose emulators this one uses. */
  readonly hostPid: number;
  /** Marks the audit as run by this process; throws AuditAlreadyRunning when another live process runs it. */
  claim(auditId: string): Promise<void>;
  release(auditId: string): Promise<void>;
  /** Audits being run right now, by any process using this folder: audit id → pid. */
  runningAudits(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

/** A session whose claims live in this process (the host itself, or memory mode). */
export function inProcessSession(role: 'host' | 'memory', claims: AuditClaims, close: () => Promise<void>): HomeSession {
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
