import { join } from 'node:path';
import { summarizeAudit } from '../../lambdas/core/audit/auditSummary';
import { getLocalSession, withRuntime } from '../../local/run/localData';
import { prepareOutputFolder } from '../../local/run/outputFolder';
import { progressPrinter } from '../../local/run/progress';
import { retryOnNewHost, stopCleanly, whileHostLives } from './runCommand';
import { exitCodeFor, finishAudit, type OutputFlags } from '../../local/run/runAudit';
import { copyReports } from '../../local/run/reportFiles';
import { humanSummary } from '../../local/run/humanSummary';
import { EXIT } from '../../local/run/exitCodes';
import { commandAuditSettings } from '../../local/run/commandSettings';
import { type SettingFlags, withSettingFlags } from '../../local/run/settingFlags';

/**
 * `case-audit resume <auditId>`: finishes an interrupted audit, or redrives a failed one from the
 * stage that failed. Completed stages return their stored results; intake re-reads only the pinned
 * documents, and stops the audit if any of them changed since it started.
 */
export async function resumeCommand(auditId: string, flags: OutputFlags & SettingFlags): Promise<number> {
  if (flags.out !== undefined) prepareOutputFolder(flags.out);
  // Read once, here: the resumed stages run with this command's settings (model, research sources).
  const settings = commandAuditSettings(withSettingFlags(process.env, flags));
  const stop = stopCleanly({ json: flags.json });
  try {
    return await retryOnNewHost(stop, () => withRuntime((rt) => whileHostLives(rt.emulators.home, stop, async () => {
      const { store, home, blobs } = rt.emulators;
      const session = await getLocalSession(rt.emulators, auditId);
      const outDir = prepareOutputFolder(flags.out ?? join('case-audit-reports', session.caseId));
      if (session.status === 'SUCCEEDED' || session.status === 'INCOMPLETE' || session.status === 'REVIEW_EXPIRED') {
        process.stderr.write(`Audit ${auditId} already finished (${session.status}); nothing to resume.\n`);
        const summary = await copyReports(blobs, await summarizeAudit(store, session), outDir);
        process.stdout.write(flags.json ? `${JSON.stringify(summary, null, 2)}\n` : humanSummary(summary));
        return exitCodeFor(summary.status);
      }
      if (session.status === 'AWAITING_REVIEW') {
        // Nothing to resume: the audit goes on once a reviewer decides.
        process.stderr.write(`Audit ${auditId} awaits a reviewer's decision; nothing to resume. Decide with: case-audit review ${auditId} --approve | --return <stage> [--note TEXT]\n`);
        const summary = await summarizeAudit(store, session);
        process.stdout.write(flags.json ? `${JSON.stringify(summary, null, 2)}\n` : humanSummary(summary));
        return EXIT.awaitingReview;
      }
      await home.claim(auditId); // refuses an audit another live process is running
      stop.auditIs(auditId);
      const resumed = await store.update(auditId, (s) => ({ ...s, status: 'RUNNING', failure: undefined, currentStage: null, completedAt: undefined }));
      await store.appendEvent(auditId, { type: 'audit-resumed', detail: { completedStages: resumed.completedStages.length, previousStatus: session.status } });
      process.stderr.write(`Audit ${auditId} resumed: ${resumed.completedStages.length} stage(s) already done\n`);
      rt.observe(progressPrinter());
      await rt.startWith(resumed, { settings });
      const code = await finishAudit(rt, auditId, flags, outDir);
      await home.release(auditId);
      return code;
    })));
  } finally {
    stop.done();
  }
}
