import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { AuditClaims, ControlRequest, type ControlResponse, jsonLines } from './controlProtocol';

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
export async function startControlServer(token: string, claims = new AuditClaims()): Promise<ControlServer> {
  const attached = new Set<Socket>();
  const listeners: Array<() => void> = [];
  const changed = () => listeners.forEach((l) => l());

  const server = createServer((socket) => {
    let pid = 0;
    let greeted = false;
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
        default:
          return reply({ id: request.id, ok: false, error: 'unexpected hello' });
      }
    };
    socket.on('data', jsonLines(handle, () => socket.destroy()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(helloTimer);
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
