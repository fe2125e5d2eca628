import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import {
  type AuditRequest,
  type AuditRequestField,
  type AuditRequestLayer,
  readAuditRequestFile,
  resolveAuditRequest,
} from '../../lambdas/core/audit/auditRequest';
import { caseIdFromFolderName } from '../../lambdas/core/audit/caseIdFromName';
import type { SkippedFile } from '../../lambdas/core/audit/documentManifest';
import { UsageError } from './cliErrors';
import { describeErrno } from './fileErrors';
import { assertOrdinaryPath } from './outputFolder';
import { scanCaseFolder, type CaseFile } from './scanCaseFolder';

export interface CaseFolder {
  dir: string;
  request: AuditRequest;
  files: CaseFile[];
  skipped: SkippedFile[];
}

export interface RunFlags {
  workflow?: string;
  tier?: string;
  model?: string;
  gates?: string;
}

/** What a folder with no audit.json and no --workflow gets (DESIGN §2: the full pre-filing audit). */
const DEFAULT_WORKFLOW = 'risk-audit';

const FLAG_FIELDS = { workflow: 'workflowType', tier: 'tier', model: 'model', gates: 'gateMode' } as const satisfies Record<keyof RunFlags, AuditRequestField>;

function readRequestFile(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new UsageError(`audit.json cannot be read: ${describeErrno(err)}`);
  }
}

/**
 * Reads a case folder: the audit request (derived defaults < its audit.json < the command-line
 * flags, validated once after merging) and its documents, with the files it leaves out.
 */
export function readCaseFolder(caseDir: string, flags: RunFlags): CaseFolder {
  assertOrdinaryPath(caseDir, 'case folder');
  const dir = resolve(caseDir);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`case folder '${caseDir}' does not exist or is not a folder`);
  const text = readRequestFile(join(dir, 'audit.json'));
  const request = resolveAuditRequest([
    { kind: 'defaults', values: { caseId: caseIdFromFolderName(basename(dir)), workflowType: DEFAULT_WORKFLOW } },
    { kind: 'file', source: 'audit.json', values: text === undefined ? undefined : readAuditRequestFile(text, 'audit.json') },
    ...(Object.keys(FLAG_FIELDS) as Array<keyof RunFlags>).map(
      (flag): AuditRequestLayer => ({ kind: 'option', source: `--${flag}`, field: FLAG_FIELDS[flag], value: flags[flag] }),
    ),
  ]);
  const { files, skipped } = scanCaseFolder(dir);
  if (!files.length) {
    const left = skipped.length ? ` (${skipped.length} file(s) left out: ${skipped.slice(0, 3).map((s) => `${s.name} — ${s.reason}`).join('; ')})` : '';
    throw new UsageError(`case folder '${caseDir}' has no documents to audit${left}`);
  }
  return { dir, request, files, skipped };
}
