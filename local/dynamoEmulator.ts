import dynalite from 'dynalite';
import type { AddressInfo } from 'node:net';

export interface RunningEmulator {
  endpoint: string;
  close(): Promise<void>;
}

/** Starts dynalite on 127.0.0.1 (ephemeral port); LevelDB at `path`, or in memory without one. */
export async function startDynamoEmulator(path?: string): Promise<RunningEmulator> {
  const server = dynalite({ ...(path ? { path } : {}), createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
