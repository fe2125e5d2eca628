import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { AuditRequest, parseAuditRequest, validateAuditRequest } from '../../lambdas/core/audit/auditRequest';
import { availableWorkflows } from '../../lambdas/agents/availability';
import { UsageError } from './cliErrors';

/** Files in a case folder that are not case documents. */
const NOT_DOCUMENTS = new Set(['audit.json', 'readme.md']);

export interface CaseFolder {
  dir: string;
  request: AuditRequest;
  documents: Array<{ path: string; name: string }>;
}

function listDocuments(dir: string, root = dir): Array<{ path: string; name: string }> {
  const out: Array<{ path: string; name: string }> = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listDocuments(path, root));
    else if (entry.isFile() && !(dir === root && NOT_DOCUMENTS.has(entry.name.toLowerCase()))) {
      out.push({ path, name: relative(root, path).split(sep).join('/') });
    }
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

export interface RunFlags {
  workflow?: string;
  tier?: string;
  model?: string;
}

const FLAG_FIELDS = { workflow: 'workflowType', tier: 'tier', model: 'model' } as const;

/** Checks each flag on its own so the message names the flag, not audit.json. */
function validateFlags(flags: RunFlags): void {
  for (const [flag, field] of Object.entries(FLAG_FIELDS) as Array<[keyof RunFlags, keyof typeof AuditRequest.shape]>) {
    const value = flags[flag];
    if (value === undefined) continue;
    const parsed = AuditRequest.shape[field].safeParse(value);
    if (!parsed.success) throw new UsageError(`invalid --${flag}: ${parsed.error.issues[0].message}`);
  }
}

/** Reads a case folder: its audit.json (if any) merged with the command-line flags, and its documents. */
export function readCaseFolder(caseDir: string, flags: RunFlags): CaseFolder {
  validateFlags(flags);
  const dir = resolve(caseDir);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`case folder '${caseDir}' does not exist or is not a folder`);
  const auditJson = join(dir, 'audit.json');
  const fromFile = existsSync(auditJson) ? parseAuditRequest(readFileSync(auditJson, 'utf8'), 'audit.json') : undefined;
  const defaultWorkflow = ['risk-audit', 'document-list'].find((w) => availableWorkflows().includes(w as never));
  const request = validateAuditRequest(
    {
      ...(fromFile ?? { caseId: basename(dir).replace(/[^A-Za-z0-9._-]/g, '-').replace(/^[^A-Za-z0-9]+/, '') || 'case' }),
      ...(flags.workflow ? { workflowType: flags.workflow } : fromFile ? {} : { workflowType: defaultWorkflow }),
      ...(flags.tier ? { tier: flags.tier } : {}),
      ...(flags.model ? { model: flags.model } : {}),
    },
    'audit.json',
  );
  const documents = listDocuments(dir);
  if (!documents.length) throw new UsageError(`case folder '${caseDir}' has no documents to audit`);
  return { dir, request, documents };
}
