import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { CaseAuditStack, type CaseAuditStackProps } from '../../lib/caseAuditStack';
import { parseDeploymentSettings, settingsFromContext, type DeploymentSettingsInput } from '../../lib/config/deploymentSettings';

/** The context of cdk.json (feature flags and defaults), as `cdk synth` would pass it. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(__dirname, '..', '..', 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  return cdkJson.context;
}

export interface SynthesizedStack {
  app: App;
  stack: CaseAuditStack;
  template: Template;
}

export interface SynthOptions {
  /**
   * Run CDK's built-in CloudFormation template validation, as `cdk synth` does (about 2.5 s of
   * WebAssembly on this machine): one test checks the template passes it; the others skip it.
   */
  cloudFormationValidation?: boolean;
  /** The model check's day and region (default: today, region unknown). */
  modelCheck?: CaseAuditStackProps['modelCheck'];
}

/**
 * Builds the stack as `cdk synth` would (cdk.json context, optionally overridden), without bundling
 * the Lambda assets: CDK skips bundling for stacks not in `aws:cdk:bundling-stacks`.
 */
export function synthCaseAuditStack(overrides: DeploymentSettingsInput = {}, opts: SynthOptions = {}): SynthesizedStack {
  const context = { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] };
  const app = new App({ context, builtinCloudFormationValidation: opts.cloudFormationValidation ?? false });
  const fromContext = settingsFromContext(context);
  const settings = parseDeploymentSettings({ ...fromContext, ...overrides });
  const stack = new CaseAuditStack(app, settings.stackName, { settings, ...(opts.modelCheck ? { modelCheck: opts.modelCheck } : {}) });
  return { app, stack, template: Template.fromStack(stack) };
}
