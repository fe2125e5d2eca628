import { withOwnBedrockCredentials } from '../../lambdas/core/model/modelSettings';
import { type AuditSettings, readAuditSettings } from '../../lambdas/core/settings/auditSettings';

/**
 * The settings of an audit a command asks for, from the command's environment (or the values it
 * captured and sent to the data folder's host): read once, then passed to every stage. Bedrock calls
 * use the user's own AWS region and credentials, named in the settings, wherever the audit runs.
 */
export function commandAuditSettings(env: NodeJS.ProcessEnv): AuditSettings {
  return readAuditSettings(withOwnBedrockCredentials(env));
}
