/**
 * `case-audit run` while the data folder's host is up: a bundle of its own (`dist/cli/runFront.js`)
 * that hands the run to the host without loading the whole CLI (3.8 MB of code, a fifth of a second
 * of every such run). It attaches only to a host that is already running and hands over only what the
 * whole CLI would hand over (runCommand.ts, `handOverToHost`); in every other case it answers
 * undefined before it has done anything, and bin/case-audit.js runs the whole CLI, which starts a
 * host, runs the audit itself, or reports a mistake on the command line.
 */
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { attachToHost, HostGone } from '../../local/dataFolder/controlClient';
import { readHostRecord } from '../../local/dataFolder/hostRecord';
import { reportError } from './cliErrors';
import { OPTIONS } from './cliOptions';
import { dataFolder } from '../../local/dataFolder/dataFolderPath';
import { handOverToHost, stopCleanly } from './runCommand';
import { terminalText } from '../../local/run/terminalText';
import { checkSettingFlags } from '../../local/run/settingFlags';

const isFolder = (path: string) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** The exit code of `case-audit <argv>` run by the host; undefined when the whole CLI must run it. */
export async function tryHostedRun(argv: string[]): Promise<number | undefined> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch {
    return undefined;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length !== 2 || positionals[0] !== 'run' || !isFolder(positionals[1])) return undefined;
  // A bad --ocr (or CASE_AUDIT_OCR without it) is the whole CLI's usage error to report.
  try {
    checkSettingFlags(values, process.env);
  } catch {
    return undefined;
  }
  const record = await readHostRecord(dataFolder()).catch(() => undefined);
  if (!record) return undefined;
  let session;
  try {
    session = await attachToHost(record);
  } catch {
    return undefined; // stopping, or a record left by a dead host: the whole CLI deals with it
  }
  // From here the run may be the host's: what goes wrong is reported as the whole CLI would, not retried.
  const stop = stopCleanly({ json: values.json });
  try {
    return await handOverToHost(session, positionals[1], values, stop);
  } catch (e) {
    // The host went away before the audit existed: nothing was done, and the whole CLI starts again.
    if (e instanceof HostGone && !stop.auditId) return undefined;
    return reportError(e, terminalText);
  } finally {
    stop.done();
    await session.close().catch(() => undefined);
  }
}
