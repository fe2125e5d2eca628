import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { AuditClaims, ControlRequest, type ControlResponse, jsonLines } from './controlProtocol';
import { AuditAlreadyRunning, type DataFolderSession } from './dataFolderSession';

/** What a `run` job gets from the channel: the client's standing, a way to answer, and the lease. */
export interface RunClient {
  /** Claims made here belong to the client's connection and name its pid, as if it ran the audit itself. */
  session: DataFolderSession;
  pid: number;
  /** Sends a partial answer (printed output, the audit's id). */
  send(partial: Pick<ControlResponse, 'output' | 'auditId'>): void;
  /** Aborted when the client goes away (its process ended or was killed). */
  signal: AbortSignal;
}

/** Runs a job for a client; resolves with its exit code. A rejection is answered with the error's name and message. */
export type RunHandler = (job: Record<string, unknown>, client: RunClient) => Promise<number>;

export interface ControlServerOptions {
  claims?: AuditClaims;
  /** Accepts `run` jobs (without it they are refused, and the client does the work itself). */
  onRun?: RunHandler;
}

export interface ControlServer {
  port: number;
  claims: AuditClaims;
  /** Attached processes right now. */
  connections(): number;
  /** Called whenever a process attaches or detaches. */
  onChange(listener: () => void): void;
  close(): Promise<void>;
}

const HELLO_TIMEOUT_MS = 5_000;

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The host's side of the control channel (see controlProtocol.ts), on 127.0.0.1. */
export async function startControlServer(token: string, options: ControlServerOptions = {}): Promise<ControlServer> {
  const claims = options.claims ?? new AuditClaims();
  const attached = new Set<Socket>();
  const listeners: Array<() => void> = [];
  const changed = () => listeners.forEach((l) => l());

  const server = createServer((socket) => {
    let pid = 0;
    let greeted = false;
    const gone = new AbortController();
    const helloTimer = setTimeout(() => socket.destroy(), HELLO_TIMEOUT_MS);
    const reply = (response: ControlResponse) => socket.write(`${JSON.stringify(response)}\n`);
    const handle = (value: unknown) => {
      const parsed = ControlRequest.safeParse(value);
      if (!parsed.success) return socket.destroy();
      const request = parsed.data;
      if (!greeted) {
        if (request.op !== 'hello' || !sameToken(request.token, token)) return socket.destroy();
        greeted = true;
        pid = request.pid;
        clearTimeout(helloTimer);
        attached.add(socket);
        changed();
        return reply({ id: request.id, ok: true });
      }
      switch (request.op) {
        case 'claim': {
          const result = claims.claim(request.auditId, socket, pid);
          return reply(result.ok ? { id: request.id, ok: true } : { id: request.id, ok: false, heldBy: result.heldBy });
        }
        case 'release':
          claims.release(request.auditId, socket);
          return reply({ id: request.id, ok: true });
        case 'claims':
          return reply({ id: request.id, ok: true, claims: claims.snapshot() });
        case 'run':
          return void runJob(request.id, request.job);
        default:
          return reply({ id: request.id, ok: false, error: 'unexpected hello' });
      }
    };
    /** A session whose claims belong to this connection: they end when the client does. */
    const clientSession: DataFolderSession = {
      role: 'host',
      hostPid: process.pid,
      async claim(auditId) {
        const result = claims.claim(auditId, socket, pid);
        if (!result.ok) throw new AuditAlreadyRunning(auditId, result.heldBy);
      },
      async release(auditId) {
        claims.release(auditId, socket);
      },
      async runningAudits() {
        return claims.snapshot();
      },
      async close() {},
    };
    const runJob = async (id: number, job: Record<string, unknown>) => {
      if (!options.onRun) return reply({ id, ok: false, errorName: 'NotHere', error: 'this host does not run jobs' });
      const client: RunClient = {
        session: clientSession,
        pid,
        signal: gone.signal,
        send: (partial) => {
          if (!socket.destroyed) reply({ id, ok: true, partial: true, ...partial });
        },
      };
      try {
        const exitCode = await options.onRun(job, client);
        if (!socket.destroyed) reply({ id, ok: true, exitCode });
      } catch (e) {
        const error = e instanceof Error ? e : new Error(String(e));
        if (!socket.destroyed) reply({ id, ok: false, errorName: error.name, error: error.message });
      }
    };
    socket.on('data', jsonLines(handle, () => socket.destroy()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(helloTimer);
      gone.abort();
      claims.releaseAll(socket);
      if (attached.delete(socket)) changed();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    claims,
    connections: () => attached.size,
    onChange: (listener) => listeners.push(listener),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of attached) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
