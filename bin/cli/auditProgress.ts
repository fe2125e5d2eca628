import type { Session } from '../../lambdas/core/session/sessionSchema';
import { getWorkflow } from '../../workflows/registry';
import { terminalText } from '../../local/run/terminalText';

/** Where an audit stands, in one line, for `status` and `list`. `runningPid` is the live process running it, if any. */
export function describeProgress(session: Session, runningPid: number | undefined): string {
  const stages = getWorkflow(session.workflowType).stages;
  const done = stages.filter((s) => session.completedStages.includes(s.id)).length;
  const progress = `${done}/${stages.length} stages done`;
  switch (session.status) {
    case 'RUNNING':
      if (runningPid === undefined) {
        return `INTERRUPTED — the process running it stopped${session.currentStage ? ` during ${session.currentStage}` : ''} (${progress}); ` +
          `resume it with: case-audit resume ${session.auditId}`;
      }
      return `RUNNING in process ${runningPid}${session.currentStage ? ` — ${session.currentStage}` : ''} (${progress})`;
    case 'FAILED': {
      const f = session.failure;
      return `FAILED${f?.stage ? ` at ${f.stage}` : ''}${f ? ` — ${f.error}: ${terminalText(f.message)}` : ''} (${progress}); ` +
        `after fixing the cause, redrive it with: case-audit resume ${session.auditId}`;
    }
    case 'AWAITING_REVIEW': {
      const r = session.review;
      const overdue = r && Date.parse(r.deadline) <= Date.now();
      return `AWAITING_REVIEW${r ? ` — ${r.reason}; ${overdue ? `review period ended at ${r.deadline}: case-audit status ${session.auditId} releases the draft report` : `until ${r.deadline}`}` : ''} (${progress}); ` +
        `decide with: case-audit review ${session.auditId} --approve | --return <stage> [--note TEXT]`;
    }
    default:
      return `${session.status} (${progress})`;
  }
}
