import { connect, type Socket } from 'node:net';
import { ControlResponse, jsonLines, type ControlRequest } from './controlProtocol';
import type { HostRecord } from './hostRecord';
import { AuditAlreadyRunning, HostedJobRefused, type DataFolderSession, type HostedJobMessage } from './dataFolderSession';

/** The host went away (stopped or died) while this process was attached to it. */
export class HostGone extends Error {
  override readonly name = 'HostGone';
}

type Pending = { resolve: (r: ControlResponse) => void; reject: (e: Error) => void; onPartial?: (r: ControlResponse) => void };
type Body<R> = R extends ControlRequest ? Omit<R, 'id'> : never;

/**
 * Attaches this process to the host described by `record`: opens the control connection and
 * greets it with the token. Resolves once the host accepted us; rejects if it does not answer.
 */
export async function attachToHost(record: HostRecord, timeoutMs = 3_000): Promise<DataFolderSession> {
  const socket: Socket = connect({ host: '127.0.0.1', port: record.control.port });
  socket.setNoDelay(true);
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let closed = false;

  const failAll = (error: Error) => {
    closed = true;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  socket.on('data', jsonLines(
    (value) => {
      const parsed = ControlResponse.safeParse(value);
      if (!parsed.success) return;
      const waiter = pending.get(parsed.data.id);
      if (parsed.data.partial) return waiter?.onPartial?.(parsed.data);
      pending.delete(parsed.data.id);
      if (pending.size === 0) socket.unref();
      waiter?.resolve(parsed.data);
    },
    () => socket.destroy(),
  ));
  socket.on('error', (err) => failAll(new HostGone(`the local runtime host (process ${record.pid}) is unreachable: ${err.message}`)));
  socket.on('close', () => failAll(new HostGone(`the local runtime host (process ${record.pid}) went away`)));

  const send = <R extends ControlRequest>(body: Body<R>, onPartial?: Pending['onPartial']): Promise<ControlResponse> => {
    if (closed) return Promise.reject(new HostGone(`the local runtime host (process ${record.pid}) went away`));
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, onPartial });
      socket.ref(); // an answer is awaited: keep the process alive until it comes
      socket.write(`${JSON.stringify({ ...body, id })}\n`);
    });
  };

  const hello = send({ op: 'hello', token: record.token, pid: process.pid });
  const timer = new Promise<never>((_, reject) => {
    const t = setTimeout(() => reject(new HostGone(`the local runtime host (process ${record.pid}) did not answer`)), timeoutMs);
    hello.finally(() => clearTimeout(t)).catch(() => undefined);
  });
  try {
    const welcome = await Promise.race([hello, timer]);
    if (!welcome.ok) throw new HostGone('the local runtime host refused this process');
  } catch (err) {
    socket.destroy();
    throw err;
  }
  // Between requests, the lease alone does not keep this process alive.
  if (pending.size === 0) socket.unref();

  return {
    role: 'attached',
    hostPid: record.pid,
    async claim(auditId) {
      const r = await send({ op: 'claim', auditId });
      if (!r.ok) throw new AuditAlreadyRunning(auditId, r.heldBy ?? 0);
    },
    async release(auditId) {
      if (!closed) await send({ op: 'release', auditId });
    },
    async runningAudits() {
      return (await send({ op: 'claims' })).claims ?? {};
    },
    async runInHost(job, onPartial) {
      const toMessage = (r: ControlResponse): HostedJobMessage => ({ ...(r.output ? { output: r.output } : {}), ...(r.auditId ? { auditId: r.auditId } : {}) });
      const r = await send({ op: 'run', job }, (partial) => onPartial(toMessage(partial)));
      if (r.ok) return r.exitCode ?? 0;
      if (r.errorName === 'NotHere' || r.errorName === 'HostedJobRefused') throw new HostedJobRefused(r.error ?? 'the host did not take the job');
      // The command's own error, under its own name: the caller reports it as if it had thrown here.
      const error = new Error(r.error ?? 'the job failed in the host');
      Object.defineProperty(error, 'name', { value: r.errorName ?? 'Error' });
      throw error;
    },
    async close() {
      if (closed) return;
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.ref(); // keep the process alive until the host has seen us go
        socket.end();
        const force = setTimeout(() => socket.destroy(), 500);
        socket.once('close', () => clearTimeout(force));
      });
    },
  };
}
