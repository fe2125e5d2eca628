import { userInfo } from 'node:os';
import { join } from 'node:path';
import { reviewOverdue } from '../../lambdas/review/reviewSteps';
import { commandAuditSettings } from '../../local/run/commandSettings';
import { getLocalSession, withRuntime } from '../../local/run/localData';
import { prepareOutputFolder } from '../../local/run/outputFolder';
import { progressPrinter } from '../../local/run/progress';
import { finishAudit, type OutputFlags } from '../../local/run/runAudit';
import { UsageError } from '../../local/run/exitCodes';
import { decideAndContinue, finishOverdueReview } from '../../local/review/localReview';
import { retryOnNewHost, stopCleanly, whileHostLives } from './runCommand';

export interface ReviewFlags extends OutputFlags {
  approve?: boolean;
  return?: string;
  note?: string;
}

/** The decision the flags ask for; a UsageError for none, both, or an empty note. */
export function reviewDecisionOf(flags: ReviewFlags): { decision: 'approve' | 'return'; stage?: string; note?: string } {
  if (flags.approve && flags.return !== undefined) throw new UsageError("'review' takes --approve or --return <stage>, not both");
  if (!flags.approve && flags.return === undefined) throw new UsageError("'review' needs --approve, or --return <stage> with the reviewer's instructions in --note");
  const note = flags.note?.trim();
  if (flags.note !== undefined && !note) throw new UsageError('--note is empty: write the note, or leave --note out');
  if (note && note.length > 4000) throw new UsageError(`--note is ${note.length} characters long, over the limit of 4,000`);
  return flags.approve ? { decision: 'approve', ...(note ? { note } : {}) } : { decision: 'return', stage: flags.return, ...(note ? { note } : {}) };
}

/**
 * `case-audit review <auditId> --approve | --return <stage> [--note TEXT]`: records a reviewer's
 * decision on an audit that awaits review and continues its execution (local/review/localReview.ts):
 * an approval renders the report, a return runs the audit again from that stage and then waits for
 * the second review. A review whose period has ended is not decided: the audit is finished with its
 * draft report, REVIEW_EXPIRED, and the command says so.
 */
export async function reviewCommand(auditId: string, flags: ReviewFlags): Promise<number> {
  const decision = reviewDecisionOf(flags);
  if (flags.out !== undefined) prepareOutputFolder(flags.out);
  // Read once, here, at the entry point: the stages a return runs again use this command's settings.
  const settings = commandAuditSettings(process.env);
  const reviewer = userInfo().username || 'local';
  const stop = stopCleanly({ json: flags.json });
  try {
    return await retryOnNewHost(stop, () => withRuntime((rt) => whileHostLives(rt.emulators.home, stop, async () => {
      const { home } = rt.emulators;
      const session = await getLocalSession(rt.emulators, auditId);
      const outDir = prepareOutputFolder(flags.out ?? join('case-audit-reports', session.caseId));
      await home.claim(auditId); // refuses an audit another live process is running
      stop.auditIs(auditId);
      rt.observe(progressPrinter());
      if (reviewOverdue(session, new Date())) {
        process.stderr.write(`The review period of audit ${auditId} ended at ${session.review!.deadline}: the draft report is released as not reviewed (REVIEW_EXPIRED); the decision was not recorded.\n`);
        await finishOverdueReview(rt, auditId, { settings });
      } else {
        await decideAndContinue(rt, auditId, { ...decision, reviewer }, { settings });
        process.stderr.write(decision.decision === 'approve' ? `Audit ${auditId} approved; rendering the report\n` : `Audit ${auditId} returned to ${decision.stage}; running it again from there\n`);
      }
      const code = await finishAudit(rt, auditId, flags, outDir);
      await home.release(auditId);
      return code;
    })));
  } finally {
    stop.done();
  }
}
