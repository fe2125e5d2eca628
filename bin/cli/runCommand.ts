import { join } from 'node:path';
import { newAuditId } from '../../lambdas/core/audit/auditId';
import { startAudit } from '../../lambdas/core/audit/startAudit';
import { summarizeAudit, type AuditSummary } from '../../lambdas/core/audit/auditSummary';
import { MAX_DOCUMENT_BYTES } from '../../lambdas/core/documents/extractDocument';
import type { LocalRuntime } from '../../local/localRuntime';
import { EXIT } from './cliErrors';
import { readCaseFolder, startRequestOf, type RunFlags } from './caseFolder';
import { keepBedrockCredentials } from '../../lambdas/core/model/modelSettings';
import { humanSummary } from './humanSummary';
import { LOCAL_OWNER, withRuntime } from './localData';
import { prepareOutputFolder } from './outputFolder';
import { progressPrinter } from './progress';
import { copyReports } from './reportFiles';
import { removeUnpinnedDocuments, uploadCaseFiles } from './uploadCaseFiles';
import { watchForStop } from './interruption';
import { warmPdfReader } from './warmPdfReader';

export interface OutputFlags {
  json?: boolean;
  out?: string;
}

function exitCodeFor(status: AuditSummary['status']): number {
  return status === 'SUCCEEDED' ? EXIT.ok : status === 'INCOMPLETE' ? EXIT.incomplete : EXIT.failed;
}

/**
 * Stops the command cleanly on a signal (or when `npx` above it is killed): the audit stays in the
 * store, shows as interrupted, and `case-audit resume` finishes it. Returns the function that
 * records the audit id once it exists, and the function that removes the watch.
 */
export function stopCleanly(): { auditIs(id: string): void; done(): void } {
  let auditId: string | undefined;
  const done = watchForStop((reason, exitCode) => {
    process.stderr.write(
      auditId
        ? `case-audit: stopped (${reason}); audit ${auditId} is interrupted — resume it with: case-audit resume ${auditId}\n`
        : `case-audit: stopped (${reason}) before an audit was started\n`,
    );
    process.exit(exitCode);
  });
  return { auditIs: (id) => (auditId = id), done };
}

/** Waits for the execution, copies the reports to `outDir` and prints the result; returns the exit code. */
export async function finishAudit(rt: LocalRuntime, auditId: string, flags: OutputFlags, outDir: string): Promise<number> {
  const outcome = await rt.wait(auditId);
  const session = await rt.emulators.store.get(auditId);
  let summary = await summarizeAudit(rt.emulators.store, session);
  if (outcome.status === 'FAILED' && summary.status !== 'FAILED') {
    // The failure could not even be recorded on the session: report the execution's own error.
    summary = { ...summary, status: 'FAILED', error: { stage: session.currentStage, error: outcome.error?.name ?? 'ExecutionFailed', message: outcome.error?.message ?? '' } };
  }
  try {
    summary = await copyReports(rt.emulators.blobs, summary, outDir);
  } catch (err) {
    process.stderr.write(`case-audit: the reports could not be written to ${outDir} (${(err as Error).message}); the audit is stored — see: case-audit status ${auditId}\n`);
  }
  process.stdout.write(flags.json ? `${JSON.stringify(summary, null, 2)}\n` : humanSummary(summary));
  return exitCodeFor(summary.status);
}

/** `case-audit run <caseDir>`: copy the folder's documents, pin them, start the audit, wait, report. */
export async function runCommand(caseDir: string, flags: RunFlags & OutputFlags): Promise<number> {
  const folder = readCaseFolder(caseDir, flags);
  const { request } = folder;
  const outDir = prepareOutputFolder(flags.out ?? join('case-audit-reports', request.caseId));
  // Before the local runtime points the AWS_* settings at its emulators: Bedrock calls keep the user's own.
  if (folder.model === 'bedrock') keepBedrockCredentials();
  const stop = stopCleanly();
  try {
    return await withRuntime(async (rt) => {
      const { blobs, store, home } = rt.emulators;
      const target = { owner: LOCAL_OWNER, caseId: request.caseId };
      const auditId = newAuditId();
      await home.claim(auditId);
      stop.auditIs(auditId);
      warmPdfReader(folder.files);
      const documents = await uploadCaseFiles(blobs, target, folder.files, MAX_DOCUMENT_BYTES);
      rt.observe(progressPrinter());
      await startAudit(
        { store, blobs, starter: rt },
        startRequestOf(folder, {
          ...target,
          auditId,
          manifest: { documents, skipped: folder.skipped },
          onCreated: () => {
            const skipped = folder.skipped.length ? `, ${folder.skipped.length} file(s) skipped` : '';
            process.stderr.write(`Audit ${auditId} started: case ${request.caseId}, ${request.workflowType}, tier ${request.tier}, ${documents.length} document(s)${skipped}\n`);
          },
        }),
      );
      const code = await finishAudit(rt, auditId, flags, outDir);
      await home.release(auditId);
      await removeUnpinnedDocuments(store, blobs, target).catch(() => 0);
      return code;
    });
  } finally {
    stop.done();
  }
}
