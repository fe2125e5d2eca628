import { summarizeAudit } from '../../lambdas/core/audit/auditSummary';
import { EXIT } from '../../local/run/exitCodes';
import { describeProgress } from './auditProgress';
import { humanSummary } from '../../local/run/humanSummary';
import { getLocalSession, LOCAL_OWNER, withStorage } from '../../local/run/localData';
import type { OutputFlags } from './runCommand';

/** `case-audit status <auditId>`: works while the audit runs, in this or any other process. */
export async function statusCommand(auditId: string, flags: OutputFlags): Promise<number> {
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
