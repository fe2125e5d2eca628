import S3rver from 's3rver';
import type { RunningEmulator } from './dynamoEmulator';

/** Starts s3rver on 127.0.0.1 (ephemeral port), storing objects under `directory`. */
export async function startS3Emulator(directory: string): Promise<RunningEmulator> {
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      server.httpServer?.closeAllConnections();
      await server.close();
    },
  };
}
