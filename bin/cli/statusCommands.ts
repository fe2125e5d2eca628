import { join } from 'node:path';
import { summarizeAudit } from '../../lambdas/core/audit/auditSummary';
import { reviewOverdue } from '../../lambdas/review/reviewSteps';
import { commandAuditSettings } from '../../local/run/commandSettings';
import { withRuntime } from '../../local/run/localData';
import { prepareOutputFolder } from '../../local/run/outputFolder';
import { finishAudit } from '../../local/run/runAudit';
import { finishOverdueReview } from '../../local/review/localReview';
import { retryOnNewHost, stopCleanly, whileHostLives } from './runCommand';
import { EXIT } from '../../local/run/exitCodes';
import { describeProgress } from './auditProgress';
import { humanSummary } from '../../local/run/humanSummary';
import { getLocalSession, LOCAL_OWNER, withStorage } from '../../local/run/localData';
import type { OutputFlags } from './runCommand';

/**
 * `case-audit status <auditId>`: works while the audit runs, in this or any other process. An audit
 * whose review period has ended is finished here (REVIEW_EXPIRED, with its draft report): the one
 * moment a laptop, which runs no timers between commands, looks at it.
 */
export async function statusCommand(auditId: string, flags: OutputFlags): Promise<number> {
  const overdue = await withStorage(async (emulators) => reviewOverdue(await getLocalSession(emulators, auditId), new Date()));
  if (overdue) return releaseExpiredReview(auditId, flags);
  return withStorage(async (emulators) => {
    const session = await getLocalSession(emulators, auditId);
    const runningPid = (await emulators.home.runningAudits())[auditId];
    const summary = await summarizeAudit(emulators.store, session, { interrupted: runningPid === undefined });
    if (flags.json) {
      process.stdout.write(`${JSON.stringify({ ...summary, progress: describeProgress(session, runningPid) }, null, 2)}\n`);
    } else {
      process.stdout.write(`Status: ${describeProgress(session, runningPid)}\n${humanSummary(summary)}`);
    }
    return EXIT.ok;
  });
}

const pad = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width));

/** `case-audit list`: this folder's audits, newest first, with where each stands. */
export async function listCommand(flags: OutputFlags): Promise<number> {
  return withStorage(async (emulators) => {
    const [sessions, running] = await Promise.all([emulators.store.listByOwner(LOCAL_OWNER), emulators.home.runningAudits()]);
    const rows = sessions.map((s) => ({
      auditId: s.auditId,
      caseId: s.caseId,
      workflowType: s.workflowType,
      tier: s.tier,
      status: s.status === 'RUNNING' && running[s.auditId] === undefined ? 'INTERRUPTED' : s.status,
      startedAt: s.startedAt,
      progress: describeProgress(s, running[s.auditId]),
    }));
    if (flags.json) {
      process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
      return EXIT.ok;
    }
    if (!rows.length) {
      process.stdout.write('No audits yet in this data folder. Start one with: case-audit run <caseDir>\n');
      return EXIT.ok;
    }
    const lines = [`${pad('AUDIT', 25)} ${pad('STARTED', 17)} ${pad('CASE', 28)} ${pad('WORKFLOW', 18)} ${pad('TIER', 5)} STATUS`];
    for (const r of rows) {
      const started = r.startedAt.slice(0, 16).replace('T', ' ');
      lines.push(`${pad(r.auditId, 25)} ${pad(started, 17)} ${pad(r.caseId, 28)} ${pad(r.workflowType, 18)} ${pad(r.tier, 5)} ${r.status}`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    return EXIT.ok;
  });
}

/** Finishes an audit whose review period ended: the reporter renders the draft, the audit ends REVIEW_EXPIRED. */
async function releaseExpiredReview(auditId: string, flags: OutputFlags): Promise<number> {
  const settings = commandAuditSettings(process.env);
  const stop = stopCleanly({ json: flags.json });
  try {
    return await retryOnNewHost(stop, () => withRuntime((rt) => whileHostLives(rt.emulators.home, stop, async () => {
      const session = await getLocalSession(rt.emulators, auditId);
      await rt.emulators.home.claim(auditId);
      stop.auditIs(auditId);
      process.stderr.write(`The review period of audit ${auditId} ended at ${session.review?.deadline}: releasing the draft report, marked not reviewed\n`);
      const outDir = prepareOutputFolder(join('case-audit-reports', session.caseId));
      if (!(await finishOverdueReview(rt, auditId, { settings }))) {
        await rt.emulators.home.release(auditId);
        return statusCommand(auditId, flags); // decided meanwhile by another command
      }
      await finishAudit(rt, auditId, flags, outDir);
      await rt.emulators.home.release(auditId);
      return EXIT.ok;
    })));
  } finally {
    stop.done();
  }
}
