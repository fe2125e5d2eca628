import { parseArgs } from 'node:util';
import { InvalidAuditRequest } from '../lambdas/core/audit/auditRequest';
import { WorkflowNotAvailable } from '../lambdas/agents/availability';
import { EXIT, UsageError } from './cli/cliErrors';
import { resumeCommand, runCommand, statusCommand, workflowsCommand } from './cli/commands';
import { USAGE } from './cli/usage';

const OPTIONS = {
  workflow: { type: 'string' },
  tier: { type: 'string' },
  model: { type: 'string' },
  out: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, target, ...extra] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return command || values.help ? EXIT.ok : EXIT.usage;
  }
  if (extra.length) throw new UsageError(`unexpected argument '${extra[0]}'`);
  const needs = (what: string) => {
    if (!target) throw new UsageError(`'${command}' needs ${what}`);
    return target;
  };
  switch (command) {
    case 'run':
      return runCommand(needs('a case folder'), values);
    case 'status':
      return statusCommand(needs('an audit id'), values);
    case 'resume':
      return resumeCommand(needs('an audit id'), values);
    case 'workflows':
      return workflowsCommand();
    default:
      throw new UsageError(`unknown command '${command}' (run, status, resume, workflows)`);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    const error = e instanceof Error ? e : new Error(String(e));
    const usage = error instanceof UsageError || error instanceof InvalidAuditRequest || error instanceof WorkflowNotAvailable;
    process.stderr.write(`case-audit: ${error.message}\n`);
    if (!usage && process.env.CASE_AUDIT_DEBUG) process.stderr.write(`${error.stack}\n`);
    process.exitCode = usage ? EXIT.usage : EXIT.failed;
  },
);
