import { join } from 'node:path';
import { summarizeAudit } from '../../lambdas/core/audit/auditSummary';
import { getLocalSession, withRuntime } from './localData';
import { prepareOutputFolder } from './outputFolder';
import { progressPrinter } from './progress';
import { stopCleanly } from './runCommand';
import { finishAudit, type OutputFlags } from './runAudit';
import { copyReports } from './reportFiles';
import { humanSummary } from './humanSummary';
import { EXIT } from './cliErrors';
import { keepBedrockCredentials } from '../../lambdas/core/model/modelSettings';

/**
 * `case-audit resume <auditId>`: finishes an interrupted audit, or redrives a failed one from the
 * stage that failed. Completed stages return their stored results; intake re-reads only the pinned
 * documents, and stops the audit if any of them changed since it started.
 */
export async function resumeCommand(auditId: string, flags: OutputFlags): Promise<number> {
  if (flags.out !== undefined) prepareOutputFolder(flags.out);
  // The audit may use Bedrock: keep the user's AWS settings before the local runtime replaces them.
  keepBedrockCredentials();
  const stop = stopCleanly();
  try {
    return await withRuntime(async (rt) => {
      const { store, home, blobs } = rt.emulators;
      const session = await getLocalSession(rt.emulators, auditId);
      const outDir = prepareOutputFolder(flags.out ?? join('case-audit-reports', session.caseId));
      if (session.status === 'SUCCEEDED' || session.status === 'INCOMPLETE') {
        process.stderr.write(`Audit ${auditId} already finished (${session.status}); nothing to resume.\n`);
        const summary = await copyReports(blobs, await summarizeAudit(store, session), outDir);
        process.stdout.write(flags.json ? `${JSON.stringify(summary, null, 2)}\n` : humanSummary(summary));
        return session.status === 'SUCCEEDED' ? EXIT.ok : EXIT.incomplete;
      }
      await home.claim(auditId); // refuses an audit another live process is running
      stop.auditIs(auditId);
      const resumed = await store.update(auditId, (s) => ({ ...s, status: 'RUNNING', failure: undefined, currentStage: null, completedAt: undefined }));
      await store.appendEvent(auditId, { type: 'audit-resumed', detail: { completedStages: resumed.completedStages.length, previousStatus: session.status } });
      process.stderr.write(`Audit ${auditId} resumed: ${resumed.completedStages.length} stage(s) already done\n`);
      rt.observe(progressPrinter());
      await rt.start(resumed);
      const code = await finishAudit(rt, auditId, flags, outDir);
      await home.release(auditId);
      return code;
    });
  } finally {
    stop.done();
  }
}
