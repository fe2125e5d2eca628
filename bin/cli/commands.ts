import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startAudit } from '../../lambdas/core/audit/startAudit';
import { summarizeAudit, type AuditSummary } from '../../lambdas/core/audit/auditSummary';
import { documentsPrefix, auditRequestKey } from '../../lambdas/core/storage/objectKeys';
import { assertWorkflowAvailable, missingAgents } from '../../lambdas/agents/availability';
import { SessionNotFound } from '../../lambdas/core/session/sessionErrors';
import { getWorkflow } from '../../workflows/registry';
import { WORKFLOW_TYPES } from '../../workflows/schema';
import { startLocalRuntime, type LocalRuntime } from '../../local/localRuntime';
import { EXIT, UsageError } from './cliErrors';
import { readCaseFolder, type RunFlags } from './caseFolder';
import { copyReports } from './reportFiles';
import { humanSummary } from './humanSummary';
import { progressPrinter } from './progress';

export interface OutputFlags {
  json?: boolean;
  out?: string;
}

const LOCAL_OWNER = 'local';
const dataDir = () => process.env.CASE_AUDIT_HOME ?? '.case-audit';

function exitCodeFor(status: AuditSummary['status']): number {
  return status === 'SUCCEEDED' ? EXIT.ok : status === 'INCOMPLETE' ? EXIT.incomplete : EXIT.failed;
}

function print(summary: AuditSummary, flags: OutputFlags): number {
  process.stdout.write(flags.json ? `${JSON.stringify(summary, null, 2)}\n` : humanSummary(summary));
  return exitCodeFor(summary.status);
}

async function withRuntime<T>(fn: (rt: LocalRuntime) => Promise<T>): Promise<T> {
  const rt = await startLocalRuntime({ dataDir: dataDir(), persist: true });
  try {
    return await fn(rt);
  } finally {
    await rt.stop();
  }
}

async function finish(rt: LocalRuntime, auditId: string, flags: OutputFlags): Promise<number> {
  const outcome = await rt.wait(auditId);
  const session = await rt.emulators.store.get(auditId);
  let summary = await summarizeAudit(rt.emulators.store, session);
  if (outcome.status === 'FAILED' && summary.status !== 'FAILED') {
    // The failure could not even be recorded on the session: report the execution's own error.
    summary = { ...summary, status: 'FAILED', error: { stage: session.currentStage, error: outcome.error?.name ?? 'ExecutionFailed', message: outcome.error?.message ?? '' } };
  }
  const out = flags.out ?? join('case-audit-reports', session.caseId);
  return print(await copyReports(rt.emulators.blobs, summary, out), flags);
}

/** `case-audit run <caseDir>`: upload the folder to the local bucket, start the audit, wait, report. */
export async function runCommand(caseDir: string, flags: RunFlags & OutputFlags): Promise<number> {
  const folder = readCaseFolder(caseDir, flags);
  const { request } = folder;
  assertWorkflowAvailable(request.workflowType);
  return withRuntime(async (rt) => {
    const { blobs } = rt.emulators;
    const prefix = documentsPrefix(LOCAL_OWNER, request.caseId);
    // The bucket mirrors the folder: documents removed from the folder are removed from the case.
    for (const old of await blobs.list(prefix)) await blobs.delete(old.key);
    for (const doc of folder.documents) await blobs.put(`${prefix}${doc.name}`, readFileSync(doc.path));
    await blobs.putJson(auditRequestKey(LOCAL_OWNER, request.caseId), {
      caseId: request.caseId,
      workflowType: request.workflowType,
      tier: request.tier,
    });
    if (process.stderr.isTTY) {
      process.stderr.write(`Auditing ${request.caseId}: ${folder.documents.length} documents, ${request.workflowType}, tier ${request.tier}\n`);
    }
    rt.observe(progressPrinter());
    const session = await startAudit({ store: rt.emulators.store, starter: rt }, { ...request, owner: LOCAL_OWNER });
    return finish(rt, session.auditId, flags);
  });
}

async function getSession(rt: LocalRuntime, auditId: string) {
  try {
    return await rt.emulators.store.get(auditId);
  } catch (e) {
    if (e instanceof SessionNotFound) throw new UsageError(`no audit '${auditId}' in ${dataDir()}/ (audits are kept where case-audit run was started)`);
    throw e;
  }
}

/** `case-audit status <auditId>`. */
export async function statusCommand(auditId: string, flags: OutputFlags): Promise<number> {
  return withRuntime(async (rt) => {
    const session = await getSession(rt, auditId);
    const summary = await summarizeAudit(rt.emulators.store, session);
    if (!flags.json) {
      const def = getWorkflow(session.workflowType);
      const done = def.stages.filter((s) => session.completedStages.includes(s.id)).length;
      process.stdout.write(`Progress: ${done}/${def.stages.length} stages${session.currentStage ? `, running ${session.currentStage}` : ''}\n`);
    }
    print(summary, flags);
    return EXIT.ok;
  });
}

/** `case-audit resume <auditId>`: re-run the state machine; completed stages return their stored results. */
export async function resumeCommand(auditId: string, flags: OutputFlags): Promise<number> {
  return withRuntime(async (rt) => {
    const session = await getSession(rt, auditId);
    if (session.status === 'SUCCEEDED' || session.status === 'INCOMPLETE') {
      if (process.stderr.isTTY) process.stderr.write(`Audit ${auditId} already finished (${session.status}); nothing to resume.\n`);
      return print(await summarizeAudit(rt.emulators.store, session), flags);
    }
    const resumed = await rt.emulators.store.update(auditId, (s) => ({ ...s, status: 'RUNNING', failure: undefined, currentStage: null, completedAt: undefined }));
    await rt.emulators.store.appendEvent(auditId, { type: 'audit-resumed', detail: { completedStages: resumed.completedStages.length } });
    rt.observe(progressPrinter());
    await rt.start(resumed);
    return finish(rt, auditId, flags);
  });
}

/** `case-audit workflows`: which workflow types this build can run. */
export function workflowsCommand(): number {
  for (const type of WORKFLOW_TYPES) {
    const missing = missingAgents(type);
    process.stdout.write(`${type.padEnd(20)} ${missing.length ? `not available yet (needs ${missing.join(', ')})` : 'available'}\n`);
  }
  return EXIT.ok;
}
