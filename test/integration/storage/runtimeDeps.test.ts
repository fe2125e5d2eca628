import { startEmulators, type Emulators } from '../../../local/emulators';
import { RuntimeConfigError, disposeRuntimeDeps, getRuntimeDeps, readRuntimeConfig } from '../../../lambdas/core/aws/runtimeConfig';
import { newSession } from './sessionFixtures';

describe('Runtime configuration and dependencies', () => {
  let a: Emulators;
  let b: Emulators;
  const originalEnv = { ...process.env };
  function restoreEnv(keys: string[]): void {
    for (const key of keys) {
      if (originalEnv[key] === undefined) delete process.env[key];
      else process.env[key] = originalEnv[key];
    }
  }
  beforeAll(async () => {
    [a, b] = await Promise.all([startEmulators(), startEmulators()]);
  });
  afterAll(async () => {
    restoreEnv(Object.keys(a.env()));
    disposeRuntimeDeps();
    await Promise.all([a.stop(), b.stop()]);
  });

  it('names every missing setting and what it is for', () => {
    const err = (() => {
      try {
        readRuntimeConfig({ AWS_REGION: 'ca-central-1', AWS_ENDPOINT_URL_S3: 'not a url' });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(RuntimeConfigError);
    expect((err as RuntimeConfigError).settings.sort()).toEqual(['AWS_ENDPOINT_URL_S3', 'BUCKET_NAME', 'TABLE_NAME']);
    expect((err as Error).message).toMatch(/TABLE_NAME is not set: the DynamoDB sessions table/);
  });

  it('reads the configuration from the emulator environment', () => {
    expect(readRuntimeConfig(a.env())).toEqual({
      tableName: a.tableName,
      bucketName: a.bucket,
      region: 'ca-central-1',
      endpoints: a.endpoints,
    });
  });

  it('creates clients once per configuration and fresh ones when the environment changes', async () => {
    Object.assign(process.env, a.env());
    const first = getRuntimeDeps();
    expect(getRuntimeDeps()).toBe(first);
    // Each emulator takes only its own credentials, which a client reads from the environment on
    // first use (as a Lambda does): `first` is used before the environment names the other emulator.
    const init = newSession();
    await first.store.create(init);
    await first.blobs.put('deps/a.txt', 'a');
    Object.assign(process.env, b.env());
    const other = getRuntimeDeps();

    expect(other).not.toBe(first);
    expect(other.clients.ddb).not.toBe(first.clients.ddb);

    await expect(other.store.get(init.auditId)).rejects.toMatchObject({ name: 'SessionNotFound' });
    expect((await a.store.get(init.auditId)).auditId).toBe(init.auditId);
    expect(await a.blobs.getText('deps/a.txt')).toBe('a');
  });
});
