import { DEFAULT_BEDROCK_MODEL_ID, readModelSettings, withOwnBedrockCredentials } from '../../../lambdas/core/model/modelSettings';
import { ModelSettingsInvalid } from '../../../lambdas/core/model/modelErrors';

describe('model settings from the environment', () => {
  it('has sensible defaults: Claude 3 Haiku for every agent, 4 attempts, 4 calls at once, a 5-failure breaker', () => {
    const s = readModelSettings({ AWS_REGION: 'ca-central-1' });
    expect(s.bedrock).toEqual({ region: 'ca-central-1', defaultModelId: DEFAULT_BEDROCK_MODEL_ID, modelIds: {} });
    expect(s).toMatchObject({ timeoutMs: 60_000, retry: { maxAttempts: 4, baseDelayMs: 250, maxDelayMs: 8000 }, concurrency: 4, breaker: { failureThreshold: 5, cooldownMs: 30_000 } });
  });

  it('takes a model id per agent, a region, an endpoint and credentials kept for Bedrock', () => {
    const s = readModelSettings({
      AWS_REGION: 'ca-central-1',
      CASE_AUDIT_BEDROCK_REGION: 'us-east-1',
      CASE_AUDIT_BEDROCK_MODEL_ID: 'anthropic.claude-3-5-haiku-20241022-v1:0',
      CASE_AUDIT_BEDROCK_MODEL_ID_JUDGE: 'us.anthropic.claude-3-7-sonnet-20250219-v1:0',
      AWS_ENDPOINT_URL_BEDROCK_RUNTIME: 'http://127.0.0.1:4010',
      CASE_AUDIT_BEDROCK_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      CASE_AUDIT_BEDROCK_SECRET_ACCESS_KEY: 'secret',
    });
    expect(s.bedrock).toEqual({
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:4010',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      defaultModelId: 'anthropic.claude-3-5-haiku-20241022-v1:0',
      modelIds: { judge: 'us.anthropic.claude-3-7-sonnet-20250219-v1:0' },
    });
  });

  it('names every invalid setting and what it is for, never its value when secret', () => {
    expect(() => readModelSettings({ CASE_AUDIT_MODEL_CONCURRENCY: '0', CASE_AUDIT_BEDROCK_MODEL_ID_JUDGE: 'not a model' })).toThrow(ModelSettingsInvalid);
    expect(() => readModelSettings({ CASE_AUDIT_MODEL_CONCURRENCY: '0' })).toThrow(/CASE_AUDIT_MODEL_CONCURRENCY is not valid .*model calls in flight/);
    expect(() => readModelSettings({ CASE_AUDIT_BEDROCK_MODEL_ID_JUDGE: 'not a model' })).toThrow(/CASE_AUDIT_BEDROCK_MODEL_ID_JUDGE .*one agent's Bedrock model id/);
    expect(() => readModelSettings({ CASE_AUDIT_BEDROCK_ACCESS_KEY_ID: 'AKID' })).toThrow(/go together/);
  });

  it('names the user\'s own AWS settings as the Bedrock settings, so they hold wherever the audit runs', () => {
    const withKeys: NodeJS.ProcessEnv = { AWS_REGION: 'us-west-2', AWS_ACCESS_KEY_ID: 'AKID', AWS_SECRET_ACCESS_KEY: 's', AWS_SESSION_TOKEN: 't' };
    expect(withOwnBedrockCredentials(withKeys)).toMatchObject({ CASE_AUDIT_BEDROCK_REGION: 'us-west-2', CASE_AUDIT_BEDROCK_ACCESS_KEY_ID: 'AKID', CASE_AUDIT_BEDROCK_SECRET_ACCESS_KEY: 's', CASE_AUDIT_BEDROCK_SESSION_TOKEN: 't' });
    expect(withKeys.CASE_AUDIT_BEDROCK_ACCESS_KEY_ID).toBeUndefined(); // a copy: the environment is left as it is

    expect(withOwnBedrockCredentials({ AWS_PROFILE: 'lawfirm' }).CASE_AUDIT_BEDROCK_PROFILE).toBe('lawfirm');
    expect(withOwnBedrockCredentials({}).CASE_AUDIT_BEDROCK_PROFILE).toBe('default');
    expect(withOwnBedrockCredentials({ CASE_AUDIT_BEDROCK_PROFILE: 'mine', AWS_PROFILE: 'other' }).CASE_AUDIT_BEDROCK_PROFILE).toBe('mine');
  });
});
