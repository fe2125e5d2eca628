import { missingAgents } from '../../lambdas/agents/availability';
import { WORKFLOW_TYPES } from '../../workflows/schema';
import { EXIT } from './cliErrors';

/** `case-audit workflows`: which workflow types this build can run. */
export function workflowsCommand(): number {
  for (const type of WORKFLOW_TYPES) {
    const missing = missingAgents(type);
    process.stdout.write(`${type.padEnd(20)} ${missing.length ? `not available yet (needs ${missing.join(', ')})` : 'available'}\n`);
  }
  return EXIT.ok;
}
