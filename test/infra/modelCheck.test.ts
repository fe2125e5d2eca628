import { App } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { CaseAuditStack } from '../../lib/caseAuditStack';
import { parseDeploymentSettings, settingsFromContext } from '../../lib/config/deploymentSettings';
import { checkDeployedModels, ModelNotUsable } from '../../lib/config/modelCheck';
import { DEFAULT_BEDROCK_MODEL_ID } from '../../lambdas/core/model/modelSettings';
import { cdkJsonContext, synthCaseAuditStack } from './synthStack';

const TODAY = '2026-11-28';
const CLAUDE_3_HAIKU = 'anthropic.claude-3-haiku-20240307-v1:0';
const models = (bedrockModelIds: Record<string, string>) => parseDeploymentSettings({ bedrockModelIds });

/** Builds the stack as `cdk synth` would, with the model check's day and region. */
function build(bedrockModelIds: Record<string, string>, region?: string) {
  const app = new App({ context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] } });
  const settings = parseDeploymentSettings({ ...settingsFromContext(cdkJsonContext()), bedrockModelIds });
  return new CaseAuditStack(app, settings.stackName, { settings, modelCheck: { today: TODAY, ...(region ? { region } : {}) } });
}

describe('the Bedrock model check at synth', () => {
  it('passes the default (Claude Haiku 4.5 through the US profile) from ca-central-1 with nothing to warn about', () => {
    expect(checkDeployedModels(models({ default: DEFAULT_BEDROCK_MODEL_ID }), { today: TODAY, region: 'ca-central-1' })).toEqual({ failures: [], warnings: [], lifecycleOnly: false });
  });

  it('fails a retired model, naming it, the agents that use it, the setting and what to choose instead', () => {
    expect(() => build({ default: DEFAULT_BEDROCK_MODEL_ID, judge: 'anthropic.claude-3-5-haiku-20241022-v1:0' })).toThrow(ModelNotUsable);
    const { failures } = checkDeployedModels(models({ default: DEFAULT_BEDROCK_MODEL_ID, judge: 'anthropic.claude-3-5-haiku-20241022-v1:0' }), { today: TODAY });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/anthropic\.claude-3-5-haiku-20241022-v1:0 for agent judge \(caseAudit:bedrockModelIds\.judge\): .*end of life on 2026-06-19/);
    expect(failures[0]).toContain('Choose instead us.anthropic.claude-haiku-4-5-20251001-v1:0');
  });

  it('fails the earlier default, Claude 3 Haiku, wherever it has reached end of life; the region unknown, it says where it is still offered', () => {
    const agnostic = checkDeployedModels(models({ default: CLAUDE_3_HAIKU }), { today: TODAY });
    expect(agnostic.failures[0]).toMatch(/end of life on 2026-09-10 \(still offered in ca-central-1, .* only; the region is unknown\)/);
    expect(agnostic.failures[0]).toMatch(/for agents intake, .*reporter \(caseAudit:bedrockModelIds\.default\)/);
    const useast = checkDeployedModels(models({ default: CLAUDE_3_HAIKU }), { today: TODAY, region: 'us-east-1' }).failures;
    expect(useast).toHaveLength(1);
    expect(useast[0]).toMatch(/Choose instead us\.anthropic\.claude-haiku-4-5-20251001-v1:0 or global\.anthropic/);
    expect(() => build({ default: CLAUDE_3_HAIKU })).toThrow(/Case Audit cannot use these Bedrock models \(checked on 2026-11-28\): Bedrock model anthropic\.claude-3-haiku-20240307-v1:0/);
  });

  it('only warns about Claude 3 Haiku in a region that still offers it', () => {
    const result = checkDeployedModels(models({ default: CLAUDE_3_HAIKU }), { today: TODAY, region: 'ca-central-1' });
    expect(result.failures).toEqual([]);
    expect(result.warnings[0]).toMatch(/reached end of life on 2026-09-10 in most regions; ca-central-1 still offers it/);
  });

  it('fails a model that cannot be called from the stack’s region, and suggests profiles that can', () => {
    const { failures } = checkDeployedModels(models({ default: 'eu.anthropic.claude-haiku-4-5-20251001-v1:0' }), { today: TODAY, region: 'ca-central-1' });
    expect(failures[0]).toMatch(/the inference profile eu\.anthropic\.claude-haiku-4-5-20251001-v1:0 cannot be called from ca-central-1/);
    expect(failures[0]).toMatch(/Choose instead .*global\.anthropic\.claude-haiku-4-5-20251001-v1:0.* \(for ca-central-1\)/);
    // Region unknown: the lifecycle only, which is fine.
    expect(checkDeployedModels(models({ default: 'eu.anthropic.claude-haiku-4-5-20251001-v1:0' }), { today: TODAY }).failures).toEqual([]);
  });

  it('fails a model the table does not know', () => {
    const { failures } = checkDeployedModels(models({ default: DEFAULT_BEDROCK_MODEL_ID, reporter: 'anthropic.claude-v2:1' }), { today: TODAY });
    expect(failures[0]).toMatch(/anthropic\.claude-v2:1 for agent reporter .*is not in the model table/);
  });

  it('warns when that a model is callable from the region is not verified, saying how to check', () => {
    const { failures, warnings } = checkDeployedModels(models({ default: DEFAULT_BEDROCK_MODEL_ID }), { today: TODAY, region: 'us-east-1' });
    expect(failures).toEqual([]);
    expect(warnings[0]).toContain('aws bedrock get-inference-profile --region us-east-1 --inference-profile-identifier us.anthropic.claude-haiku-4-5-20251001-v1:0');
  });

  it('synthesizes a legacy model with a CDK warning, and says when it checked the lifecycle only', () => {
    const { stack } = synthCaseAuditStack({ bedrockModelIds: { default: DEFAULT_BEDROCK_MODEL_ID, judge: 'global.anthropic.claude-opus-4-5-20251101-v1:0' } }, { modelCheck: { today: TODAY } });
    const annotations = Annotations.fromStack(stack);
    annotations.hasWarning('*', Match.stringLikeRegexp('Bedrock model global\\.anthropic\\.claude-opus-4-5-20251101-v1:0 for agent judge .*is legacy'));
    annotations.hasInfo('*', Match.stringLikeRegexp('checked for lifecycle only: the deployment region is unknown'));
  });

  it('takes the region from caseAudit:region', () => {
    expect(settingsFromContext({ 'caseAudit:region': 'ca-central-1' }).region).toBe('ca-central-1');
    expect(() => settingsFromContext({ 'caseAudit:region': 'Canada' })).toThrow(/caseAudit:region: an AWS region/);
    expect(() => build({ default: 'eu.anthropic.claude-haiku-4-5-20251001-v1:0' }, 'ca-central-1')).toThrow(/cannot be called from ca-central-1/);
  });
});

describe('alarms on a degraded model layer', () => {
  it('alarm on stages that fell back to rules and on Bedrock client errors (custom metrics the stages publish)', () => {
    const { template } = synthCaseAuditStack({}, { modelCheck: { today: TODAY } });
    const alarms = Object.values(template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, unknown> }>)
      .filter((r) => r.Type === 'AWS::CloudWatch::Alarm')
      .map((r) => JSON.stringify(r.Properties));
    for (const metric of ['StageModelFallback', 'BedrockClientError', 'StageDegraded']) {
      expect(alarms.filter((a) => a.includes(`"MetricName":"${metric}"`) && a.includes('"Namespace":"CaseAudit"'))).toHaveLength(1);
    }
  });
});
