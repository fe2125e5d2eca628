import * as z from 'zod';

/**
 * The control channel between the host of a data folder and the processes attached to it:
 * newline-delimited JSON over a loopback TCP connection. A connection is a lease: while it is open
 * the host keeps serving, and the audits it claimed are "running"; when the process dies the
 * kernel closes it, so its claims end with it and those audits show as interrupted.
 */
export const ControlRequest = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('hello'), id: z.number().int(), token: z.string(), pid: z.number().int() }),
  z.strictObject({ op: z.literal('claim'), id: z.number().int(), auditId: z.string().min(1) }),
  z.strictObject({ op: z.literal('release'), id: z.number().int(), auditId: z.string().min(1) }),
  z.strictObject({ op: z.literal('claims'), id: z.number().int() }),
  /** Run a command's work in the host (see hostedRuns.ts); the job's shape is the runner's to check. */
  z.strictObject({ op: z.literal('run'), id: z.number().int(), job: z.record(z.string(), z.unknown()) }),
]);
export type ControlRequest = z.infer<typeof ControlRequest>;

export const ControlResponse = z.strictObject({
  id: z.number().int(),
  ok: z.boolean(),
  /** claim refused: the pid of the process running that audit. */
  heldBy: z.number().int().optional(),
  /** claims: running audit id → pid of the process running it. */
  claims: z.record(z.string(), z.number().int()).optional(),
  error: z.string().optional(),
  /** run: the error's name (the client rethrows it under that name, so exit codes stay the same). */
  errorName: z.string().optional(),
  /** run: an answer that is not the last one for this id (output, the audit's id). */
  partial: z.literal(true).optional(),
  /** run: text the command printed, for the client to print on the same stream. */
  output: z.strictObject({ stream: z.enum(['stdout', 'stderr']), text: z.string() }).optional(),
  /** run: the audit the job started. */
  auditId: z.string().optional(),
  /** run: the command's exit code. */
  exitCode: z.number().int().optional(),
});
export type ControlResponse = z.infer<typeof ControlResponse>;

/** Splits a byte stream into lines and hands each parsed JSON value on. */
export function jsonLines(onValue: (value: unknown) => void, onInvalid: () => void): (chunk: Buffer) => void {
  let buffered = '';
  return (chunk) => {
    buffered += chunk.toString('utf8');
    if (buffered.length > 1_000_000) {
      buffered = '';
      onInvalid();
      return;
    }
    for (let nl = buffered.indexOf('\n'); nl !== -1; nl = buffered.indexOf('\n')) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (!line.trim()) continue;
      try {
        onValue(JSON.parse(line));
      } catch {
        onInvalid();
      }
    }
  };
}

/** Which process runs which audit, as the host sees it. */
export class AuditClaims {
  private readonly owners = new Map<string, { owner: object; pid: number }>();

  claim(auditId: string, owner: object, pid: number): { ok: true } | { ok: false; heldBy: number } {
    const current = this.owners.get(auditId);
    if (current && current.owner !== owner) return { ok: false, heldBy: current.pid };
    this.owners.set(auditId, { owner, pid });
    return { ok: true };
  }

  release(auditId: string, owner: object): void {
    if (this.owners.get(auditId)?.owner === owner) this.owners.delete(auditId);
  }

  releaseAll(owner: object): void {
    for (const [auditId, claim] of this.owners) if (claim.owner === owner) this.owners.delete(auditId);
  }

  snapshot(): Record<string, number> {
    return Object.fromEntries([...this.owners].map(([auditId, { pid }]) => [auditId, pid]));
  }
}
