import { summarizeAudit, type AuditSummary } from '../../core/audit/auditSummary';
import { degradedStages, type DegradedStage } from '../../core/model/modelFallback';
import type { Session } from '../../core/session/sessionSchema';
import type { SessionStore } from '../../core/session/sessionStore';
import { status as workflowStatus, type Progress } from '../../core/workflow/engine';
import { getWorkflow } from '../../../workflows/registry';

/** One audit in a list: enough to pick it out. */
export interface AuditListItem {
  auditId: string;
  caseId: string;
  workflowType: Session['workflowType'];
  tier: Session['tier'];
  status: Session['status'];
  startedAt: string;
  updatedAt: string;
  completedAt?: string;
}

/** One audit in detail: where it stands and, once finished, what it found. */
export interface AuditView extends AuditListItem {
  currentStage: string | null;
  completedStages: string[];
  progress: Progress;
  stageStatus: Record<string, string>;
  /** True when some stage fell back to rules because the model failed (visible while the audit runs). */
  degraded: boolean;
  degradedStages: DegradedStage[];
  executionArn?: string;
  /** The execution in the Step Functions console (absent until the execution exists). */
  consoleUrl?: string;
  failure?: Session['failure'];
  /** The audit result (DESIGN §7) once the audit has finished; the report itself is at /audits/{id}/report. */
  result?: Omit<AuditSummary, 'reports' | 'auditId' | 'caseId' | 'workflowType' | 'tier' | 'status' | 'stageStatus' | 'degraded' | 'degradedStages'>;
  links: { self: string; report: string };
}

export function listItem(session: Session): AuditListItem {
  return {
    auditId: session.auditId,
    caseId: session.caseId,
    workflowType: session.workflowType,
    tier: session.tier,
    status: session.status,
    startedAt: session.startedAt,
    updatedAt: session.updatedAt,
    ...(session.completedAt ? { completedAt: session.completedAt } : {}),
  };
}

/** The Step Functions console page of an execution (its region is read from the ARN). */
export function executionConsoleUrl(executionArn: string): string | undefined {
  const region = /^arn:aws[a-z-]*:states:([a-z0-9-]+):/.exec(executionArn)?.[1];
  if (!region) return undefined;
  return `https://${region}.console.aws.amazon.com/states/home?region=${region}#/v2/executions/details/${encodeURIComponent(executionArn)}`;
}

export async function auditView(store: SessionStore, session: Session): Promise<AuditView> {
  const state = workflowStatus(getWorkflow(session.workflowType), session);
  const view: AuditView = {
    ...listItem(session),
    currentStage: session.currentStage,
    completedStages: session.completedStages,
    progress: state.progress,
    stageStatus: session.stageStatus,
    degraded: degradedStages(session.modelFallbacks).length > 0,
    degradedStages: degradedStages(session.modelFallbacks),
    ...(session.executionArn ? { executionArn: session.executionArn } : {}),
    ...(session.failure ? { failure: session.failure } : {}),
    links: { self: `/audits/${session.auditId}`, report: `/audits/${session.auditId}/report` },
  };
  const consoleUrl = session.executionArn ? executionConsoleUrl(session.executionArn) : undefined;
  if (consoleUrl) view.consoleUrl = consoleUrl;
  if (session.status !== 'RUNNING') {
    const { reports: _reports, auditId: _a, caseId: _c, workflowType: _w, tier: _t, status: _s, stageStatus: _ss, degraded: _d, degradedStages: _ds, ...result } = await summarizeAudit(store, session);
    view.result = result;
  }
  return view;
}
