import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { settingsFromContext } from '../lib/config/deploymentSettings';
import { CaseAuditStack } from '../lib/caseAuditStack';

/**
 * The CDK app (`npx cdk synth`, `npx cdk deploy`): one environment-agnostic stack, configured by the
 * `caseAudit:*` context in cdk.json (override any with `-c caseAudit:<key>=<value>`), checked by
 * cdk-nag's AWS Solutions and Serverless rules on every synth.
 */
const app = new App();
const settings = settingsFromContext(app.node.getAllContext());
// The stack stays environment-agnostic; the CLI's region (CDK_DEFAULT_REGION) only tells the model check where it deploys.
const cliRegion = process.env.CDK_DEFAULT_REGION?.trim();
new CaseAuditStack(app, settings.stackName, { settings, ...(cliRegion ? { modelCheck: { region: settings.region ?? cliRegion } } : {}) });
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }), new ServerlessChecks(app, { verbose: true }));
app.synth();
