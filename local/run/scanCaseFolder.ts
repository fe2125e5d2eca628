import { lstatSync, readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import type { SkippedFile } from '../../lambdas/contracts/intakeOutput';
import { describeErrno } from './fileErrors';

/** Files in a case folder's top level that are not case documents: the request and the folder's notes. */
const REQUEST_FILE = 'audit.json';
const NOTES_FILE = 'readme.md';
/** Deeper than this is a loop or a mistake, not a case file. */
const MAX_DEPTH = 40;
const MAX_FILES = 5_000;

export interface CaseFile {
  /** Absolute path on disk. */
  path: string;
  /** Path relative to the case folder, with `/` separators: the document's name in the audit. */
  name: string;
  size: number;
}

export interface CaseFolderScan {
  files: CaseFile[];
  skipped: SkippedFile[];
}

function specialKind(entry: Dirent): string {
  if (entry.isFIFO()) return 'a named pipe (FIFO)';
  if (entry.isSocket()) return 'a socket';
  if (entry.isCharacterDevice() || entry.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/**
 * Lists a case folder's documents without following symbolic links or opening anything but
 * folders. Everything left out is listed with its reason, so the report can say what was not audited.
 */
export function scanCaseFolder(root: string): CaseFolderScan {
  const files: CaseFile[] = [];
  const skipped: SkippedFile[] = [];
  const skip = (name: string, reason: string) => skipped.push({ name, reason });

  const walk = (dir: string, rel: string, depth: number) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (err) {
      skip(`${rel}/`, `folder not read: ${describeErrno(err)}`);
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      const path = join(dir, entry.name);
      if (entry.name.startsWith('.')) {
        skip(entry.isDirectory() ? `${name}/` : name, entry.isDirectory() ? 'hidden folder' : 'hidden file');
      } else if (entry.isSymbolicLink()) {
        skip(name, 'symbolic link (not followed, so nothing outside the case folder is read)');
      } else if (entry.isDirectory()) {
        if (depth >= MAX_DEPTH) skip(`${name}/`, `nested more than ${MAX_DEPTH} folders deep`);
        else walk(path, name, depth + 1);
      } else if (!entry.isFile()) {
        skip(name, `special file: ${specialKind(entry)}`);
      } else if (!rel && entry.name.toLowerCase() === REQUEST_FILE) {
        continue; // the audit request itself
      } else if (!rel && entry.name.toLowerCase() === NOTES_FILE) {
        skip(name, 'notes about the case folder, not a case document');
      } else if (files.length >= MAX_FILES) {
        skip(name, `more than ${MAX_FILES} documents in the folder`);
      } else {
        let size = 0;
        try {
          size = lstatSync(path).size;
        } catch {
          size = 0; // reading it later reports the problem as the document's status
        }
        files.push({ path, name, size });
      }
    }
  };
  walk(root, '', 0);
  return { files, skipped };
}
