import type { Session } from '../session/sessionSchema';
import type { SessionStore } from '../session/sessionStore';
import type { IntakeOutput } from '../../contracts/intakeOutput';
import type { GatekeeperOutput } from '../../contracts/gatekeeperOutput';
import type { ChecklistEntry } from '../checklists/documentChecklist';
import type { ReporterOutput } from '../../contracts/reporterOutput';
import type { VerifierOutput } from '../../contracts/verifierOutput';
import type { JudgeOutput } from '../../contracts/judgeOutput';
import type { RefusalTrigger } from '../../contracts/findings';
import type { StrategistOutput } from '../../contracts/strategistOutput';
import { bySeverity } from '../../contracts/findings';
import { sumUsage } from '../model/accounting/usageTotals';
import { degradedStages, type DegradedStage } from '../model/modelFallback';

/** The audit result contract of DESIGN §7 (CLI `--json`, and the API's audit view). */
export interface AuditSummary {
  auditId: string;
  caseId: string;
  workflowType: Session['workflowType'];
  tier: Session['tier'];
  /** INTERRUPTED (local mode): RUNNING in the store, but no live process is running it; resume it. */
  status: 'SUCCEEDED' | 'INCOMPLETE' | 'FAILED' | 'RUNNING' | 'INTERRUPTED' | 'AWAITING_REVIEW' | 'REVIEW_EXPIRED';
  /** The human review (issue 33): why it was asked, its deadline, and the decision once made. */
  review?: { state: 'awaiting' | 'decided' | 'expired'; round: number; reason: string; deadline: string; decision?: { decision: 'approve' | 'return'; stage?: string; note?: string; reviewer: string; at: string } };
  applicationType: string | null;
  defensibilityScore: number | null;
  decision: string | null;
  verdict: string | null;
  /** Each failed citation as the AUDIT INCOMPLETE table shows it: DESIGN §7's {citation, issue, attempts}, with where it was found, why, and what to do. */
  verification: {
    status: 'PASS' | 'INCOMPLETE' | 'NOT_RUN';
    failedCitations: Array<{ citation: string; issue: string; attempts: number; detail: string; foundIn: string; recommendedAction: string }>;
  };
  refusalTriggers: Array<{ provision: string; severity: string; summary: string }>;
  injectionAttempts: Array<{ document: string; excerpt: string; page: number; pattern: string; category: string }>;
  checklist?: { present: ChecklistEntry[]; missing: ChecklistEntry[]; problem: ChecklistEntry[] };
  documents: Array<{ name: string; status: string; statusDetail: string; type: string; pages: number }>;
  /** Files in the case folder that were not audited, with the reason (symbolic links, hidden and special files). */
  skipped: Array<{ name: string; reason: string }>;
  stageStatus: Record<string, string>;
  /** True when some stage fell back to rules because the model failed (retired or unknown model, access denied, invalid request, throttled after retries…). */
  degraded: boolean;
  /** Each such stage, with why. */
  degradedStages: DegradedStage[];
  /** Model calls, tokens and estimated cost (USD, lambdas/core/model/catalog/models.json) of the whole audit; all 0 in rules-only mode. */
  usage: { modelCalls: number; inputTokens: number; outputTokens: number; estimatedCostUsd: number };
  durationMs: number | null;
  reports: { markdown: string | null; pdf: string | null; bundle: string | null };
  error?: { stage: string | null; error: string; message: string };
}

/** Builds the summary from the stored session and its stage outputs. */
export async function summarizeAudit(store: SessionStore, session: Session, opts: { interrupted?: boolean } = {}): Promise<AuditSummary> {
  const [intake, strategist, gatekeeper, verifier, judge, reporter] = await Promise.all([
    store.readOutput<IntakeOutput>(session, 'intake'),
    store.readOutput<StrategistOutput>(session, 'strategist'),
    // Stored before triggers existed, a gatekeeper output may lack them.
    store.readOutput<GatekeeperOutput & { refusalTriggers?: RefusalTrigger[] }>(session, 'gatekeeper'),
    store.readOutput<VerifierOutput>(session, 'verifier'),
    store.readOutput<JudgeOutput>(session, 'judge'),
    store.readOutput<ReporterOutput>(session, 'reporter'),
  ]);
  const triggers = bySeverity(gatekeeper?.refusalTriggers ?? []);
  const verification: AuditSummary['verification'] = {
    status: session.verificationStatus === 'PASS' ? 'PASS' : session.verificationStatus === 'FAILED' ? 'INCOMPLETE' : 'NOT_RUN',
    failedCitations: (verifier?.failed ?? []).map((f) => ({
      citation: f.citation,
      issue: f.issue,
      attempts: f.attempts,
      detail: f.detail,
      foundIn: f.foundIn,
      recommendedAction: f.recommendedAction,
    })),
  };
  const end = session.completedAt ?? (session.status === 'RUNNING' ? undefined : session.updatedAt);
  return {
    auditId: session.auditId,
    caseId: session.caseId,
    workflowType: session.workflowType,
    tier: session.tier,
    status: opts.interrupted && session.status === 'RUNNING' ? 'INTERRUPTED' : session.status,
    applicationType: intake?.applicationType ?? null,
    defensibilityScore: strategist?.defensibilityScore ?? null,
    decision: judge?.kind === 'decision' ? judge.outcome : null,
    verdict: judge?.kind === 'verdict' ? judge.outcome : null,
    verification,
    refusalTriggers: triggers.map((t) => ({ provision: t.provision, severity: t.severity, summary: t.summary })),
    injectionAttempts: (gatekeeper?.injectionAttempts ?? []).map((a) => ({ document: a.document, excerpt: a.excerpt, page: a.page, pattern: a.pattern, category: a.category })),
    ...(gatekeeper
      ? { checklist: { present: gatekeeper.checklist.present, missing: gatekeeper.checklist.missing, problem: gatekeeper.checklist.problem } }
      : {}),
    documents: (intake?.documents ?? []).map((d) => ({ name: d.name, status: d.status, statusDetail: d.statusDetail, type: d.type, pages: d.pages })),
    skipped: intake?.skipped ?? [],
    stageStatus: session.stageStatus,
    degraded: degradedStages(session.modelFallbacks).length > 0,
    degradedStages: degradedStages(session.modelFallbacks),
    usage: sumUsage(session.usage),
    durationMs: end ? Date.parse(end) - Date.parse(session.startedAt) : null,
    reports: { markdown: reporter?.reports.markdown ?? null, pdf: reporter?.reports.pdf ?? null, bundle: reporter?.reports.bundle ?? null },
    ...(session.review
      ? { review: { state: session.review.state, round: session.review.round, reason: session.review.reason, deadline: session.review.deadline, ...(session.review.decision ? { decision: session.review.decision } : {}) } }
      : {}),
    ...(session.failure ? { error: session.failure } : {}),
  };
}
