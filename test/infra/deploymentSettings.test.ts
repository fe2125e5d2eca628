import { CONTEXT_PREFIX, InvalidDeploymentSettings, parseDeploymentSettings, settingsFromContext } from '../../lib/config/deploymentSettings';
import { bedrockModelArns, crossRegionFoundationModels } from '../../lib/compute/bedrockAccess';
import { Stack } from 'aws-cdk-lib';
import { cdkJsonContext } from './synthStack';

describe('deployment settings (cdk.json context)', () => {
  it('has a default for everything, so a fresh clone synthesizes with no context at all', () => {
    const s = parseDeploymentSettings({});
    expect(s).toMatchObject({ stackName: 'CaseAudit', defaultTier: 'guest', defaultModel: 'none', gateMode: 'live', requireMfa: true, enableWaf: false, allowedOrigins: [] });
  });

  it('reads cdk.json’s caseAudit:* keys', () => {
    const s = settingsFromContext(cdkJsonContext());
    expect(s.bedrockModelIds).toEqual(['anthropic.claude-3-haiku-20240307-v1:0']);
    expect(s.logRetentionDays).toBe(90);
  });

  it('accepts -c overrides, which arrive as strings', () => {
    const s = settingsFromContext({
      [`${CONTEXT_PREFIX}enableWaf`]: 'true',
      [`${CONTEXT_PREFIX}allowedOrigins`]: 'https://a.example,https://b.example',
      [`${CONTEXT_PREFIX}apiRateLimit`]: '5',
      [`${CONTEXT_PREFIX}reservedConcurrency`]: '{"intake":2}',
    });
    expect(s).toMatchObject({ enableWaf: true, allowedOrigins: ['https://a.example', 'https://b.example'], apiRateLimit: 5, reservedConcurrency: { intake: 2 } });
  });

  it('names the context key that is wrong, including misspelt ones', () => {
    expect(() => settingsFromContext({ [`${CONTEXT_PREFIX}defaultTier`]: 'gold' })).toThrow(InvalidDeploymentSettings);
    expect(() => settingsFromContext({ [`${CONTEXT_PREFIX}defaultTier`]: 'gold' })).toThrow(/caseAudit:defaultTier/);
    expect(() => settingsFromContext({ [`${CONTEXT_PREFIX}logRetentionDays`]: 42 })).toThrow(/caseAudit:logRetentionDays: a CloudWatch Logs retention period/);
    expect(() => settingsFromContext({ [`${CONTEXT_PREFIX}enableWAF`]: true })).toThrow(/unknown setting caseAudit:enableWAF/);
  });
});

describe('Bedrock model grants', () => {
  it('grant a foundation model in this region, or an inference profile and its model in the regions it routes to', () => {
    const stack = new Stack();
    const arns = bedrockModelArns(['anthropic.claude-3-haiku-20240307-v1:0', 'us.anthropic.claude-3-5-haiku-20241022-v1:0']).map((a) => JSON.stringify(stack.resolve(a)));
    expect(arns).toHaveLength(3);
    expect(arns[0]).toContain(':bedrock:",{"Ref":"AWS::Region"},"::foundation-model/anthropic.claude-3-haiku-20240307-v1:0');
    expect(arns[1]).toContain(':inference-profile/us.anthropic.claude-3-5-haiku-20241022-v1:0');
    expect(arns[2]).toContain(':bedrock:*::foundation-model/anthropic.claude-3-5-haiku-20241022-v1:0');
    expect(crossRegionFoundationModels(['us.anthropic.x-v1:0', 'anthropic.y-v1:0'])).toEqual(['anthropic.x-v1:0']);
  });
});
