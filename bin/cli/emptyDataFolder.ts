import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../../local/run/exitCodes';
import { dataFolder } from '../../local/dataFolder/dataFolderPath';

/**
 * Whether the data folder has never stored an audit (no session table on disk): then `list`,
 * `status` and `resume` can answer at once, without starting the host and its emulators (or
 * creating the folder, for a user who ran the command in the wrong place).
 */
export function hasNoAudits(): boolean {
  return !existsSync(join(dataFolder(), 'dynamodb'));
}

/** What `status` and `resume` say about an audit id when the data folder holds no audits. */
export function noSuchAudit(auditId: string): UsageError {
  return new UsageError(`no audit '${auditId}' in ${dataFolder()}: no audit has been run with this data folder (audits are kept where case-audit run was started, or in CASE_AUDIT_HOME)`);
}
