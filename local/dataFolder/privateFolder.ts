import { constants } from 'node:fs';
import { access, chmod, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DeterministicError } from '../../lambdas/core/errors/deterministicError';

/** Creates a folder owner-only (0700): the data folder holds clients' documents and their extracted text. */
export async function ensurePrivateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
}

/** The file that marks a folder as a Case Audit data folder (written when Case Audit creates or adopts it). */
export const DATA_FOLDER_MARKER = '.case-audit-data';
/** What a data folder made before the marker existed holds: it is Case Audit's too. */
const EARLIER_DATA_FOLDER_FILES = ['runtime.json', 'dynamodb', 's3'];

/** The data folder names an existing folder that is not Case Audit's: its mode is left alone. */
export class DataFolderNotOurs extends DeterministicError {
  override readonly name = 'DataFolderNotOurs';
  constructor(readonly folder: string) {
    super(`the data folder ${folder} already exists and is not a Case Audit data folder (it is not empty, or is shared or another user's): Case Audit would make it owner-only. Point CASE_AUDIT_HOME at a new or empty folder of your own`);
  }
}

const exists = (path: string) => access(path, constants.F_OK).then(() => true, () => false);

/**
 * Makes the data folder ready: created owner-only (0700) when Case Audit creates it, kept 0700 when it
 * is already Case Audit's, adopted when it is an empty folder of this user's that no one else may
 * use (not sticky). Any other existing folder (`/tmp`, a home folder, a project) is refused with
 * DataFolderNotOurs and left as it was: its mode is never changed.
 */
export async function ensureDataFolder(folder: string): Promise<void> {
  if (!(await exists(folder))) {
    await mkdir(folder, { recursive: true, mode: 0o700 });
  } else if (!(await exists(join(folder, DATA_FOLDER_MARKER)))) {
    const info = await stat(folder);
    const earlier = (await Promise.all(EARLIER_DATA_FOLDER_FILES.map((name) => exists(join(folder, name))))).some(Boolean);
    const mine = process.getuid === undefined || info.uid === process.getuid();
    const adoptable = mine && (info.mode & 0o1000) === 0 && (earlier || (await readdir(folder)).length === 0);
    if (!info.isDirectory() || !adoptable) throw new DataFolderNotOurs(folder);
  }
  await chmod(folder, 0o700);
  if (!(await exists(join(folder, DATA_FOLDER_MARKER)))) await writeFile(join(folder, DATA_FOLDER_MARKER), 'This folder holds Case Audit\'s local data (audits, copies of documents). Owner-only.\n', { mode: 0o600 });
}
