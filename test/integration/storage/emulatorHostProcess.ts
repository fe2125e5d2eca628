import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');

export interface HostProcess {
  child: ChildProcessWithoutNullStreams;
  pid: number;
  /** Closes the host's stdin: it stops its servers and exits. */
  stop(): Promise<void>;
  exited: Promise<void>;
}

/**
 * Hosts a data folder's emulators in a separate process (the source, through tsx), so a test can
 * kill it with SIGKILL or run it in a mount namespace with a tiny disk. `wrap` prefixes the command
 * (e.g. `unshare … sh -c …`); resolves once the host's servers listen.
 */
export function startHostProcess(home: string, wrap: string[] = []): Promise<HostProcess> {
  const script = `
    const { startEmulators } = require(${JSON.stringify(join(ROOT, 'local', 'emulators'))});
    startEmulators({ dataFolder: process.argv[1] }).then((e) => {
      process.stdout.write('ready\\n');
      process.stdin.on('end', () => e.stop().then(() => process.exit(0))).resume();
    }, (err) => { process.stderr.write(String(err && err.stack || err)); process.exit(3); });`;
  const node = [process.execPath, '--require', 'tsx/cjs', '-e', script, home];
  const [command, ...args] = [...wrap, ...node];
  const child = spawn(command, args, { cwd: ROOT });
  const exited = new Promise<void>((done) => child.on('close', () => done()));
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((ready, fail) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('ready\n')) ready({ child, pid: child.pid ?? 0, exited, stop: () => (child.stdin.end(), exited) });
    });
    void exited.then(() => fail(new Error(`the host process exited before it was ready: ${err}`)));
  });
}
