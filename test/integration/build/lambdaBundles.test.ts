import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildSync } from 'esbuild';
import { AGENT_FUNCTIONS } from '../../../lib/compute/agentCatalog';

const ROOT = join(__dirname, '..', '..', '..');

/**
 * The CanLII key's secret is read by the deployed bundle as Lambda runs it: a CommonJS bundle with the
 * AWS SDK left out (the runtime provides it through NODE_PATH), started from a folder that holds
 * nothing else. Here the SDK is this repository's node_modules, named by NODE_PATH only, and Secrets
 * Manager is a local server speaking its JSON protocol.
 */
describe('the CanLII secret in a Lambda-style bundle', () => {
  let folder: string;
  let server: Server;
  let endpoint: string;
  const seen: string[] = [];

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'bundle-'));
    writeFileSync(join(folder, 'entry.ts'), `import { withCanliiApiKey } from ${JSON.stringify(join(ROOT, 'lambdas/core/research/canliiApiKey'))};
withCanliiApiKey({ CASE_AUDIT_CANLII_API_KEY_SECRET: 'case-audit/canlii' }).then((s) => process.stdout.write(JSON.stringify({ key: s.env.CASE_AUDIT_CANLII_API_KEY ?? null, problem: s.problem ?? null })));
`);
    // The options CaseAuditFunction gives esbuild (lib/compute/caseAuditFunction.ts): CJS, node, the SDK external.
    buildSync({ entryPoints: [join(folder, 'entry.ts')], bundle: true, platform: 'node', format: 'cjs', target: 'node20', external: ['@aws-sdk/*'], outfile: join(folder, 'out', 'index.js'), logLevel: 'silent' });
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        seen.push(`${req.headers['x-amz-target']} ${(JSON.parse(body) as { SecretId: string }).SecretId}`);
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(JSON.stringify({ Name: 'case-audit/canlii', SecretString: '{"apiKey":"k-123"}' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(folder, { recursive: true, force: true });
  });

  it('loads the Secrets Manager client through NODE_PATH and reads the key', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [join(folder, 'out', 'index.js')], {
      cwd: join(folder, 'out'),
      env: {
        PATH: process.env.PATH,
        NODE_PATH: join(ROOT, 'node_modules'),
        AWS_REGION: 'ca-central-1',
        AWS_ACCESS_KEY_ID: 'test',
        AWS_SECRET_ACCESS_KEY: 'test',
        AWS_ENDPOINT_URL_SECRETS_MANAGER: endpoint,
      },
    });
    expect(JSON.parse(stdout)).toEqual({ key: 'k-123', problem: null });
    expect(seen).toEqual(['secretsmanager.GetSecretValue case-audit/canlii']);
  }, 60_000);
});

/**
 * Every function's bundle, built as a self-contained package (the `bundleAwsSdk` setting: the SDK
 * inside), starts in plain Node from an empty folder with no NODE_PATH and exports its handler.
 */
describe('every Lambda bundle in plain Node', () => {
  const entries = [
    ...AGENT_FUNCTIONS.map((f) => f.entry),
    'lambdas/trigger/handler.ts',
    ...readdirSync(join(ROOT, 'lambdas/api/handlers')).filter((f) => f.endsWith('.ts')).map((f) => `lambdas/api/handlers/${f}`),
  ];

  it.each(entries)('%s loads and exports its handler', (entry) => {
    const folder = mkdtempSync(join(tmpdir(), 'bundle-'));
    try {
      buildSync({ entryPoints: [join(ROOT, entry)], bundle: true, platform: 'node', format: 'cjs', target: 'node20', external: ['unpdf'], outfile: join(folder, 'index.js'), logLevel: 'silent' });
      const run = spawnSync(process.execPath, ['-e', "process.stdout.write(typeof require('./index.js').handler)"], { cwd: folder, env: { PATH: process.env.PATH, AWS_REGION: 'ca-central-1' }, encoding: 'utf8' });
      expect({ handler: run.stdout, error: run.stderr.split('\n').find((l) => /Error/.test(l)) }).toEqual({ handler: 'function', error: undefined });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
