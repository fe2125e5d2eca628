import { CONTEXT_PREFIX, InvalidDeploymentSettings, parseDeploymentSettings, settingsFromContext } from '../../lib/config/deploymentSettings';
import { bedrockModelArns, crossRegionFoundationModels } from '../../lib/compute/bedrockAccess';
import type { CaseAuditStack } from '../../lib/caseAuditStack';
import type { CaseAuditFunction } from '../../lib/compute/caseAuditFunction';
import { Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { AGENTS } from '../../workflows/schema';
import { describeResource, permissionsOf, statementsOfRole } from './iamStatements';
import { cdkJsonContext, synthCaseAuditStack } from './synthStack';

/** The default: Claude Haiku 4.5 through the US cross-region inference profile (callable from ca-central-1). */
const DEFAULT = 'us.anthropic.claude-haiku-4-5-20251001-v1:0';
/** A model id called in-region, and another inference profile. */
const HAIKU = 'anthropic.claude-haiku-4-5-20251001-v1:0';
const PROFILE = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
const OPUS = 'anthropic.claude-opus-4-7';

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;

/** A function's environment variables and its IAM permissions (action → resources, rendered as text). */
function deployed(template: Template, stack: CaseAuditStack, fn: CaseAuditFunction) {
  const resources = template.toJSON().Resources as Resources;
  const env = (resources[stack.getLogicalId(fn.fn.node.defaultChild as never)].Properties.Environment as { Variables: Record<string, unknown> }).Variables;
  const permissions = permissionsOf(statementsOfRole(template, stack.getLogicalId(fn.role.node.defaultChild as never)), describeResource);
  return { env, permissions };
}

describe('deployment settings (cdk.json context)', () => {
  it('has a default for everything, so a fresh clone synthesizes with no context at all', () => {
    const s = parseDeploymentSettings({});
    expect(s).toMatchObject({ stackName: 'CaseAudit', defaultTier: 'guest', defaultModel: 'none', gateMode: 'live', requireMfa: true, enableWaf: false, allowedOrigins: [] });
  });

  it('reads cdk.json’s caseAudit:* keys', () => {
    const s = settingsFromContext(cdkJsonContext());
    expect(s.bedrockModelIds).toEqual({ default: DEFAULT });
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

describe('per-agent Bedrock models (caseAudit:bedrockModelIds)', () => {
  const models = (value: unknown) => settingsFromContext({ [`${CONTEXT_PREFIX}bedrockModelIds`]: value }).bedrockModelIds;

  it('reads an object with a default and any agent’s own model, from cdk.json or -c', () => {
    expect(models({ default: HAIKU, judge: PROFILE })).toEqual({ default: HAIKU, judge: PROFILE });
    expect(models(`{"judge": "${PROFILE}"}`)).toEqual({ default: DEFAULT, judge: PROFILE });
  });

  it('still accepts the earlier list, whose first id is every agent’s model', () => {
    expect(models([PROFILE, HAIKU])).toEqual({ default: PROFILE });
    expect(models(`${PROFILE},${HAIKU}`)).toEqual({ default: PROFILE });
  });

  it('names the agent whose model id is wrong, and an agent that does not exist', () => {
    expect(() => models({ judge: 'claude' })).toThrow(/caseAudit:bedrockModelIds\.judge: a Bedrock model id/);
    expect(() => models({ jugde: HAIKU })).toThrow(/unknown setting caseAudit:bedrockModelIds\.jugde/);
    expect(() => models([])).toThrow(/caseAudit:bedrockModelIds: list at least one model id/);
  });

  it('tells each agent’s function its own model and lets it invoke exactly that one', () => {
    const { template, stack } = synthCaseAuditStack({ bedrockModelIds: { default: HAIKU, judge: PROFILE, reporter: OPUS } });
    const expected: Record<string, string> = { judge: PROFILE, reporter: OPUS };
    const seen = new Set<string>();
    for (const [key, fn] of stack.agents.functions) {
      const { env, permissions } = deployed(template, stack, fn);
      const invoke = permissions['bedrock:InvokeModel'];
      expect(permissions['bedrock:InvokeModelWithResponseStream']).toEqual(invoke);
      if (key === 'RecordFailure' || key === 'Review') {
        expect(invoke).toBeUndefined();
        expect(Object.keys(env).filter((k) => k.startsWith('CASE_AUDIT_BEDROCK_MODEL_ID'))).toEqual([]);
        continue;
      }
      const agent = AGENTS.find((a) => a === key.toLowerCase())!;
      seen.add(agent);
      const model = expected[agent] ?? HAIKU;
      expect(env[`CASE_AUDIT_BEDROCK_MODEL_ID_${agent.toUpperCase()}`]).toBe(model);
      expect(env.CASE_AUDIT_BEDROCK_MODEL_ID).toBe(model);
      expect(Object.keys(env).filter((k) => k.startsWith('CASE_AUDIT_BEDROCK_MODEL_ID_'))).toHaveLength(1);
      if (model === PROFILE) {
        expect(invoke).toEqual([
          `arn:AWS::Partition:bedrock:*::foundation-model/anthropic.claude-sonnet-4-5-20250929-v1:0`,
          `arn:AWS::Partition:bedrock:AWS::Region:AWS::AccountId:inference-profile/${PROFILE}`,
        ]);
      } else {
        expect(invoke).toEqual([`arn:AWS::Partition:bedrock:AWS::Region::foundation-model/${model}`]);
      }
    }
    expect([...seen].sort()).toEqual([...AGENTS].sort());
    // The trigger and the API never call a model.
    for (const fn of [stack.trigger.startAudit, ...stack.api.functions.values()]) expect(deployed(template, stack, fn).permissions['bedrock:InvokeModel']).toBeUndefined();
  });

  it('watches each model some agent uses, once', () => {
    const { template } = synthCaseAuditStack({ bedrockModelIds: { default: HAIKU, judge: PROFILE, verifier: PROFILE } });
    const throttles = Object.values(template.toJSON().Resources as Resources)
      .filter((r) => r.Type === 'AWS::CloudWatch::Alarm' && r.Properties.Namespace === 'AWS/Bedrock')
      .map((r) => (r.Properties.Dimensions as Array<{ Value: string }>)[0].Value)
      .sort();
    expect(throttles).toEqual([HAIKU, PROFILE]);
  });
});

describe('the CanLII API key in Secrets Manager (caseAudit:canliiApiKeySecret)', () => {
  const SECRET_ARN = 'arn:aws:secretsmanager:ca-central-1:123456789012:secret:case-audit/canlii-AbC123';

  it('is off by default: no function gets the setting or any Secrets Manager access', () => {
    const { template, stack } = synthCaseAuditStack();
    for (const fn of stack.agents.functions.values()) {
      const { env, permissions } = deployed(template, stack, fn);
      expect(env.CASE_AUDIT_CANLII_API_KEY_SECRET).toBeUndefined();
      expect(Object.keys(permissions).filter((a) => a.startsWith('secretsmanager:'))).toEqual([]);
    }
  });

  it('lets only the Verifier read exactly the named secret, and tells it where the key is', () => {
    const { template, stack } = synthCaseAuditStack({ canliiApiKeySecret: 'case-audit/canlii' });
    for (const [key, fn] of stack.agents.functions) {
      const { env, permissions } = deployed(template, stack, fn);
      const secretActions = Object.fromEntries(Object.entries(permissions).filter(([a]) => a.startsWith('secretsmanager:')));
      if (key === 'Verifier') {
        expect(env.CASE_AUDIT_CANLII_API_KEY_SECRET).toBe('case-audit/canlii');
        // `??????` is the six random characters Secrets Manager adds to the name: no other secret matches.
        expect(secretActions).toEqual({ 'secretsmanager:GetSecretValue': ['arn:AWS::Partition:secretsmanager:AWS::Region:AWS::AccountId:secret:case-audit/canlii-??????'] });
      } else {
        expect(env.CASE_AUDIT_CANLII_API_KEY_SECRET).toBeUndefined();
        expect(secretActions).toEqual({});
      }
      expect(env.CASE_AUDIT_CANLII_API_KEY).toBeUndefined();
    }
    const arn = synthCaseAuditStack({ canliiApiKeySecret: SECRET_ARN });
    const verifier = deployed(arn.template, arn.stack, arn.stack.agents.functions.get('Verifier')!);
    expect(verifier.env.CASE_AUDIT_CANLII_API_KEY_SECRET).toBe(SECRET_ARN);
    expect(verifier.permissions['secretsmanager:GetSecretValue']).toEqual([SECRET_ARN]);
  });

  it('rejects an ARN without the suffix Secrets Manager adds (it would name no secret) and names that are not secret names', () => {
    const secret = (value: string) => settingsFromContext({ [`${CONTEXT_PREFIX}canliiApiKeySecret`]: value });
    expect(secret('').canliiApiKeySecret).toBeUndefined();
    expect(() => secret('arn:aws:secretsmanager:ca-central-1:123456789012:secret:case-audit/canlii')).toThrow(/caseAudit:canliiApiKeySecret: .*complete ARN/);
    expect(() => secret('case audit key')).toThrow(InvalidDeploymentSettings);
  });
});

describe('Bedrock model grants', () => {
  it('grant a foundation model in this region, or an inference profile and its model in the regions it routes to', () => {
    const stack = new Stack();
    const arns = bedrockModelArns([HAIKU, DEFAULT]).map((a) => JSON.stringify(stack.resolve(a)));
    expect(arns).toHaveLength(3);
    expect(arns[0]).toContain(':bedrock:",{"Ref":"AWS::Region"},"::foundation-model/anthropic.claude-haiku-4-5-20251001-v1:0');
    expect(arns[1]).toContain(':inference-profile/us.anthropic.claude-haiku-4-5-20251001-v1:0');
    expect(arns[2]).toContain(':bedrock:*::foundation-model/anthropic.claude-haiku-4-5-20251001-v1:0');
    expect(crossRegionFoundationModels(['us.anthropic.x-v1:0', 'anthropic.y-v1:0'])).toEqual(['anthropic.x-v1:0']);
  });

  it('grant a global profile its model in every commercial region too: the region-less foundation-model ARN', () => {
    const stack = new Stack();
    const arns = bedrockModelArns(['global.anthropic.claude-haiku-4-5-20251001-v1:0']).map((a) => JSON.stringify(stack.resolve(a)));
    expect(arns).toHaveLength(3);
    expect(arns[1]).toContain(':bedrock:*::foundation-model/anthropic.claude-haiku-4-5-20251001-v1:0');
    expect(arns[2]).toContain(':bedrock:::foundation-model/anthropic.claude-haiku-4-5-20251001-v1:0');
  });

  it('let a role call a profile’s foundation models only through that profile', () => {
    const { template, stack } = synthCaseAuditStack({ bedrockModelIds: { default: 'global.anthropic.claude-haiku-4-5-20251001-v1:0' } });
    const role = stack.agents.functions.get('Judge')!.role;
    const statements = statementsOfRole(template, stack.getLogicalId(role.node.defaultChild as never)).filter((s) => s.actions.includes('bedrock:InvokeModel'));
    const rendered = statements.map((s) => ({ resources: s.resources.map(describeResource).sort(), conditions: JSON.stringify(s.conditions ?? null) }));
    expect(rendered).toHaveLength(2);
    const direct = rendered.find((s) => s.conditions === 'null')!;
    expect(direct.resources).toEqual(['arn:AWS::Partition:bedrock:AWS::Region:AWS::AccountId:inference-profile/global.anthropic.claude-haiku-4-5-20251001-v1:0']);
    const routed = rendered.find((s) => s.conditions !== 'null')!;
    expect(routed.resources).toEqual([
      'arn:AWS::Partition:bedrock:*::foundation-model/anthropic.claude-haiku-4-5-20251001-v1:0',
      'arn:AWS::Partition:bedrock:::foundation-model/anthropic.claude-haiku-4-5-20251001-v1:0',
    ]);
    expect(routed.conditions).toContain('bedrock:InferenceProfileArn');
    expect(routed.conditions).toContain('inference-profile/global.anthropic.claude-haiku-4-5-20251001-v1:0');
  });
});
