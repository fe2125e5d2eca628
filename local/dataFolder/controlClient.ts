import { connect, type Socket } from 'node:net';
import { ControlResponse, jsonLines, type ControlRequest } from './controlProtocol';
import type { HostRecord } from './hostRecord';
import { AuditAlreadyRunning, HostGone, HostedJobRefused, type DataFolderSession, type HostedJobMessage } from './dataFolderSession';

export { HostGone } from './dataFolderSession';

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
  /** Set by close(): the connection ending after it is this process leaving, not the host going. */
  let leaving = false;
  let attached = false;
  const lost = new AbortController();

  const failAll = (error: HostGone) => {
    closed = true;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
    if (attached && !leaving && !lost.signal.aborted) lost.abort(error);
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
  socket.on('error', (err) => failAll(new HostGone(record.pid, `is unreachable (${(err as NodeJS.ErrnoException).code ?? err.name})`)));
  socket.on('close', () => failAll(new HostGone(record.pid, 'stopped')));

  const send = <R extends ControlRequest>(body: Body<R>, onPartial?: Pending['onPartial']): Promise<ControlResponse> => {
    if (closed) return Promise.reject(new HostGone(record.pid, 'stopped'));
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, onPartial });
      socket.ref(); // an answer is awaited: keep the process alive until it comes
      socket.write(`${JSON.stringify({ ...body, id })}\n`);
    });
  };

  const hello = send({ op: 'hello', token: record.token, pid: process.pid });
  const timer = new Promise<never>((_, reject) => {
    const t = setTimeout(() => reject(new HostGone(record.pid, 'did not answer')), timeoutMs);
    hello.finally(() => clearTimeout(t)).catch(() => undefined);
  });
  try {
    const welcome = await Promise.race([hello, timer]);
    if (!welcome.ok) throw new HostGone(record.pid, 'refused this process');
  } catch (err) {
    socket.destroy();
    throw err;
  }
  // Between requests, the lease alone does not keep this process alive.
  if (pending.size === 0) socket.unref();
  attached = true;
  if (closed) lost.abort(new HostGone(record.pid, 'stopped')); // went between the welcome and here

  return {
    role: 'attached',
    hostPid: record.pid,
    hostLost: lost.signal,
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
      leaving = true;
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
