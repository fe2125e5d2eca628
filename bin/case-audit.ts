import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { EXIT, UsageError } from '../local/run/exitCodes';
import { reportError } from './cli/cliErrors';
import { OPTIONS } from './cli/cliOptions';
import { USAGE } from './cli/usage';
import { terminalText } from '../local/run/terminalText';
import { checkSettingFlags } from '../local/run/settingFlags';

/* Commands are loaded on demand (require, not import): each pays only for what it uses. */
type RunModule = typeof import('./cli/runCommand');
type ResumeModule = typeof import('./cli/resumeCommand');
type StatusModule = typeof import('./cli/statusCommands');
type WorkflowsModule = typeof import('./cli/workflowsCommand');
const emptyDataFolder = () => require('./cli/emptyDataFolder') as typeof import('./cli/emptyDataFolder');



/** Boots the background host of the data folder while this process loads the command's code. */
function prestartHost(): void {
  const { prestartDaemon } = require('../local/dataFolder/daemonProcess') as typeof import('../local/dataFolder/daemonProcess');
  const { dataFolder } = require('../local/dataFolder/dataFolderPath') as typeof import('../local/dataFolder/dataFolderPath');
  prestartDaemon(dataFolder()).catch(() => undefined); // the command itself reports any problem
}

const isFolder = (path: string) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

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
  checkSettingFlags(values, process.env);
  const needs = (what: string) => {
    if (!target) throw new UsageError(`'${command}' needs ${what}`);
    return target;
  };
  switch (command) {
    case 'run': {
      const caseDir = needs('a case folder');
      if (isFolder(caseDir)) prestartHost();
      return (require('./cli/runCommand') as RunModule).runCommand(caseDir, values);
    }
    case 'resume': {
      const auditId = needs('an audit id');
      if (emptyDataFolder().hasNoAudits()) throw emptyDataFolder().noSuchAudit(auditId);
      prestartHost();
      return (require('./cli/resumeCommand') as ResumeModule).resumeCommand(auditId, values);
    }
    case 'review': {
      const auditId = needs('an audit id');
      if (emptyDataFolder().hasNoAudits()) throw emptyDataFolder().noSuchAudit(auditId);
      prestartHost();
      return (require('./cli/reviewCommand') as typeof import('./cli/reviewCommand')).reviewCommand(auditId, values);
    }
    case 'status': {
      const auditId = needs('an audit id');
      if (emptyDataFolder().hasNoAudits()) throw emptyDataFolder().noSuchAudit(auditId);
      prestartHost();
      return (require('./cli/statusCommands') as StatusModule).statusCommand(auditId, values);
    }
    case 'list':
      if (target) throw new UsageError(`unexpected argument '${target}'`);
      if (emptyDataFolder().hasNoAudits()) {
        process.stdout.write(values.json ? '[]\n' : 'No audits yet in this data folder. Start one with: case-audit run <caseDir>\n');
        return EXIT.ok;
      }
      prestartHost();
      return (require('./cli/statusCommands') as StatusModule).listCommand(values);
    case 'report': {
      const auditId = needs('an audit id');
      if (emptyDataFolder().hasNoAudits()) throw emptyDataFolder().noSuchAudit(auditId);
      prestartHost();
      return (require('./cli/reportCommand') as typeof import('./cli/reportCommand')).reportCommand(auditId, values);
    }
    case 'serve':
      if (target) throw new UsageError(`unexpected argument '${target}'`);
      prestartHost();
      return (require('./cli/serveCommand') as typeof import('./cli/serveCommand')).serveCommand(values);
    case 'workflows':
      return (require('./cli/workflowsCommand') as WorkflowsModule).workflowsCommand();
    default:
      throw new UsageError(`unknown command '${command}' (run, list, status, review, resume, report, serve, workflows)`);
  }
}

// `case-audit list | head`: a reader that stops early is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? EXIT.ok);
    throw e;
  });
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.exitCode = reportError(e, terminalText);
  },
);
