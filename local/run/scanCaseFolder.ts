import { lstatSync, readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import type { SkippedFile } from '../../lambdas/contracts/intakeOutput';
import { MAX_CASE_DOCUMENTS } from '../../lambdas/core/audit/documentLimits';
import { UsageError } from './exitCodes';
import { describeErrno } from './fileErrors';
import { ownReportKind, ownReportReason } from './ownReports';

/** Files in a case folder's top level that are not case documents: the request and the folder's notes. */
const REQUEST_FILE = 'audit.json';
const NOTES_FILE = 'readme.md';
/** Deeper than this is a loop or a mistake, not a case file. */
const MAX_DEPTH = 40;

/**
 * The folder holds more documents than one audit reads. Refused as a whole (exit 2), naming the limit
 * and the count, never cut: a cut would leave out whichever files sort last and call them missing.
 */
export class TooManyCaseFiles extends UsageError {
  constructor(
    readonly found: number,
    readonly limit: number,
  ) {
    super(
      `the case folder holds ${found.toLocaleString('en-CA')} documents, over the limit of ${limit.toLocaleString('en-CA')} for one audit; ` +
        'move files that are not part of the application out of it (or split the case into several folders)',
    );
  }
}

export interface ScanOptions {
  /** More documents than this refuses the folder with TooManyCaseFiles (default 5,000). */
  maxFiles?: number;
}

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
  /** The skipped files that are Case Audit's own reports (also in `skipped`), for the run's output. */
  ownReports: SkippedFile[];
}

function specialKind(entry: Dirent): string {
  if (entry.isFIFO()) return 'a named pipe (FIFO)';
  if (entry.isSocket()) return 'a socket';
  if (entry.isCharacterDevice() || entry.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/**
 * Lists a case folder's documents without following symbolic links or opening anything but folders
 * and the first bytes of regular files (to recognise Case Audit's own reports, which are left out).
 * Everything left out is listed with its reason, so the report can say what was not audited. A
 * folder with more documents than the limit is refused (TooManyCaseFiles), never audited in part.
 */
export function scanCaseFolder(root: string, options: ScanOptions = {}): CaseFolderScan {
  const maxFiles = options.maxFiles ?? MAX_CASE_DOCUMENTS;
  const files: CaseFile[] = [];
  const skipped: SkippedFile[] = [];
  const ownReports: SkippedFile[] = [];
  const skip = (name: string, reason: string) => skipped.push({ name, reason });
  /** Documents found past the limit: only counted, so the refusal can say how many there are. */
  let overLimit = 0;

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
      } else if (files.length >= maxFiles) {
        overLimit++;
      } else {
        let size = 0;
        try {
          size = lstatSync(path).size;
        } catch {
          size = 0; // reading it later reports the problem as the document's status
        }
        const report = size > 0 ? ownReportKind(path, size) : undefined;
        if (report) {
          const left = { name, reason: ownReportReason(report) };
          skipped.push(left);
          ownReports.push(left);
        } else files.push({ path, name, size });
      }
    }
  };
  walk(root, '', 0);
  if (overLimit) throw new TooManyCaseFiles(files.length + overLimit, maxFiles);
  return { files, skipped, ownReports };
}
