import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import { startApiServer, type RunningApi } from '../../../local/serve/apiServer';
import type { ApiDeps } from '../../../lambdas/api/apiDeps';
import { S3UrlSigner } from '../../../lambdas/api/s3UrlSigner';

/**
 * While `case-audit serve` opens its data folder again after the host stopped (issue 28 item 10), its
 * API (local/serve/apiServer.ts) has no stores: requests get a 503 that says so and when to retry, not
 * a 500; once the new stores are there, the same server answers from them.
 */

const TOKEN = 'reconnecting-token';
const quiet = { warn: () => undefined, error: () => undefined };

describe('the serve API while its data folder is being opened again', () => {
  let rt: LocalRuntime;
  let api: RunningApi;
  let current: ApiDeps | undefined;

  beforeAll(async () => {
    rt = await startLocalRuntime({ persist: false });
    api = await startApiServer({ deps: () => current, token: TOKEN, owner: 'local', port: 0, log: quiet });
  });
  afterAll(async () => {
    await api?.close();
    await rt?.stop();
  });

  const listAudits = () => fetch(`${api.url}/audits`, { headers: { authorization: `Bearer ${TOKEN}` } });

  it('answers 503 with Retry-After and a sentence while it has no stores, then 200 from the new ones', async () => {
    const waiting = await listAudits();
    expect(waiting.status).toBe(503);
    expect(waiting.headers.get('retry-after')).toBe('2');
    expect(await waiting.json()).toEqual({ error: 'Unavailable', message: "the data folder's host stopped and case-audit serve is connecting to a new one: retry in a few seconds" });

    current = {
      store: rt.emulators.store,
      blobs: rt.emulators.blobs,
      starter: rt,
      signer: new S3UrlSigner(rt.emulators.clients.s3, rt.emulators.bucket),
      defaults: {},
      uploadUrlSeconds: 900,
      downloadUrlSeconds: 900,
    };
    const served = await listAudits();
    expect(served.status).toBe(200);
    expect(await served.json()).toEqual({ audits: [] });
  });

  it('still asks for the token first: a request without it gets 401, not 503', async () => {
    const saved = current;
    current = undefined;
    try {
      const reply = await fetch(`${api.url}/audits`);
      expect(reply.status).toBe(401);
    } finally {
      current = saved;
    }
  });
});
