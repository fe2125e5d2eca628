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
import type { SkippedFile } from '../../lambdas/contracts/intakeOutput';
import type { StartAuditRequest } from '../../lambdas/core/audit/startAudit';
import { isOpenAiChoice, modelChoiceProblem, type ModelChoice } from '../../lambdas/core/model/modelChoice';
import { UsageError } from './exitCodes';
import { describeErrno } from './fileErrors';
import { assertOrdinaryPath } from './outputFolder';
import { scanCaseFolder, type CaseFile } from './scanCaseFolder';

export interface CaseFolder {
  dir: string;
  request: AuditRequest;
  /** The model layer: `request.model`, or an `openai:<baseUrl>#<model>` choice from --model or audit.json. */
  model: ModelChoice;
  files: CaseFile[];
  skipped: SkippedFile[];
  /** Case Audit's own reports found in the folder (also in `skipped`): the run says it left them out. */
  ownReports: SkippedFile[];
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
 * Takes an `openai:<baseUrl>#<model>` choice out of a layer's model value (the audit request itself
 * knows only none and bedrock), checking it; any other value is left to the request's validation.
 */
function takeOpenAiChoice(value: unknown, source: string): { rest: unknown; choice?: ModelChoice } {
  if (typeof value !== 'string' || !isOpenAiChoice(value)) return { rest: value };
  const problem = modelChoiceProblem(value);
  if (problem) throw new UsageError(`invalid ${source}: ${problem}`);
  return { rest: undefined, choice: value };
}

/**
 * Reads a case folder: the audit request (derived defaults < its audit.json < the command-line
 * flags, validated once after merging) and its documents, with the files it leaves out. A relative
 * `caseDir` starts at `cwd` (the folder the command was typed in).
 */
export function readCaseFolder(caseDir: string, flags: RunFlags, cwd = process.cwd()): CaseFolder {
  assertOrdinaryPath(caseDir, 'case folder', cwd);
  const dir = resolve(cwd, caseDir);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`case folder '${caseDir}' does not exist or is not a folder`);
  const text = readRequestFile(join(dir, 'audit.json'));
  const fileValues = text === undefined ? undefined : readAuditRequestFile(text, 'audit.json');
  const fromFile = takeOpenAiChoice(fileValues?.model, 'audit.json');
  const fromFlag = takeOpenAiChoice(flags.model, '--model');
  const request = resolveAuditRequest([
    { kind: 'defaults', values: { caseId: caseIdFromFolderName(basename(dir)), workflowType: DEFAULT_WORKFLOW } },
    { kind: 'file', source: 'audit.json', values: fileValues === undefined ? undefined : { ...fileValues, model: fromFile.rest } },
    ...(Object.keys(FLAG_FIELDS) as Array<keyof RunFlags>).map(
      (flag): AuditRequestLayer => ({ kind: 'option', source: `--${flag}`, field: FLAG_FIELDS[flag], value: flag === 'model' ? fromFlag.rest : flags[flag] }),
    ),
  ]);
  // Later layers win: a --model flag over audit.json, whichever of them names an OpenAI-compatible endpoint.
  const model: ModelChoice = fromFlag.choice ?? (flags.model === undefined ? fromFile.choice : undefined) ?? request.model;
  const { files, skipped, ownReports } = scanCaseFolder(dir);
  if (!files.length) {
    const left = skipped.length ? ` (${skipped.length} file(s) left out: ${skipped.slice(0, 3).map((s) => `${s.name} — ${s.reason}`).join('; ')})` : '';
    throw new UsageError(`case folder '${caseDir}' has no documents to audit${left}`);
  }
  return { dir, request, model, files, skipped, ownReports };
}

/**
 * The request to start, with the folder's model choice. The audit request's schema (owned by the audit
 * module) lists only none and bedrock; the session accepts every ModelChoice, so an `openai:` choice
 * is passed through here, already validated, until the request schema takes ModelChoice itself.
 */
export function startRequestOf(folder: CaseFolder, extra: Omit<StartAuditRequest, keyof AuditRequest>): StartAuditRequest {
  return { ...folder.request, ...extra, model: folder.model } as StartAuditRequest;
}
