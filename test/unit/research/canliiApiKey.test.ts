import { GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { caseLookupSourceFrom } from '../../../lambdas/core/research/researchSources';
import { CANLII_API_KEY_SECRET_SETTING, forgetCanliiApiKey, withCanliiApiKey } from '../../../lambdas/core/research/canliiApiKey';
import { logger } from '../../../lambdas/core/observability/logger';

const SECRET = 'case-audit/canlii';
const KEY = 'canlii-key-7f3a9c';
const ENDPOINT = 'http://127.0.0.1:9/v1';

describe('the CanLII API key from Secrets Manager (CASE_AUDIT_CANLII_API_KEY_SECRET)', () => {
  const secrets = mockClient(SecretsManagerClient);
  const client = new SecretsManagerClient({ region: 'ca-central-1', credentials: { accessKeyId: 'x', secretAccessKey: 'y' } });
  const env = { [CANLII_API_KEY_SECRET_SETTING]: SECRET, CASE_AUDIT_CANLII_ENDPOINT: ENDPOINT };
  let logged: jest.SpyInstance;

  beforeEach(() => {
    secrets.reset();
    forgetCanliiApiKey();
    logged = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());
  afterAll(() => secrets.restore());

  /** Everything the reader logged, as one string. */
  const logText = () => JSON.stringify(logged.mock.calls);

  it('leaves the settings alone when no secret is named', async () => {
    const plain = { CASE_AUDIT_CANLII_ENDPOINT: ENDPOINT };
    expect(await withCanliiApiKey(plain, client)).toEqual({ env: plain });
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });

  it('lets a key set directly win over the secret, without reading it', async () => {
    const direct = { ...env, CASE_AUDIT_CANLII_API_KEY: 'local-key' };
    expect(await withCanliiApiKey(direct, client)).toEqual({ env: direct });
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });

  it('reads the key from the named secret, which turns the CanLII lookup on', async () => {
    secrets.on(GetSecretValueCommand, { SecretId: SECRET }).resolves({ SecretString: KEY });
    const settings = await withCanliiApiKey(env, client);
    expect(settings.problem).toBeUndefined();
    expect(settings.env.CASE_AUDIT_CANLII_API_KEY).toBe(KEY);
    expect(caseLookupSourceFrom(settings.env)?.name).toBe('canlii');
    expect(secrets.commandCalls(GetSecretValueCommand)[0].args[0].input).toEqual({ SecretId: SECRET });
    // The caller's environment is not changed: the key lives only in what the reader returns.
    expect(env).not.toHaveProperty('CASE_AUDIT_CANLII_API_KEY');
  });

  it('reads a secret stored as {"apiKey": "…"}, as the console’s key/value editor writes it', async () => {
    secrets.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify({ apiKey: ` ${KEY} ` }) });
    expect((await withCanliiApiKey(env, client)).env.CASE_AUDIT_CANLII_API_KEY).toBe(KEY);
  });

  it('reads the secret once per container', async () => {
    secrets.on(GetSecretValueCommand).resolves({ SecretString: KEY });
    await withCanliiApiKey(env, client);
    await withCanliiApiKey(env, client);
    await Promise.all([withCanliiApiKey(env, client), withCanliiApiKey(env, client)]);
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('leaves CanLII off when the secret cannot be read, says why without the key, and tries again next time', async () => {
    secrets.on(GetSecretValueCommand).rejectsOnce(new ResourceNotFoundException({ message: 'Secrets Manager can’t find the specified secret.', $metadata: {} })).resolves({ SecretString: KEY });
    const failed = await withCanliiApiKey(env, client);
    expect(failed.env.CASE_AUDIT_CANLII_API_KEY).toBeUndefined();
    expect(caseLookupSourceFrom(failed.env)).toBeUndefined();
    expect(failed.problem).toBe(`the CanLII API key could not be read from Secrets Manager secret ${SECRET} (ResourceNotFoundException)`);
    expect(logged).toHaveBeenCalledWith('CanLII API key unavailable; verifying without CanLII', expect.objectContaining({ secret: SECRET, error: 'ResourceNotFoundException' }));

    const retried = await withCanliiApiKey(env, client);
    expect(retried).toEqual({ env: { ...env, CASE_AUDIT_CANLII_API_KEY: KEY } });
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it.each([
    ['a JSON object without apiKey', { SecretString: JSON.stringify({ key: KEY }) }],
    ['JSON that does not parse', { SecretString: `{"apiKey": "${KEY}"` }],
    ['an empty value', { SecretString: '   ' }],
    ['a binary secret', { SecretBinary: new TextEncoder().encode(KEY) }],
  ])('leaves CanLII off for %s, and never repeats the value', async (_what, answer) => {
    secrets.on(GetSecretValueCommand).resolves(answer);
    const settings = await withCanliiApiKey(env, client);
    expect(settings.env.CASE_AUDIT_CANLII_API_KEY).toBeUndefined();
    expect(settings.problem).toMatch(/^the CanLII API key could not be read from Secrets Manager secret case-audit\/canlii \(UnusableSecretValue: /);
    expect(settings.problem).not.toContain(KEY);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logText()).not.toContain(KEY);
  });
});
