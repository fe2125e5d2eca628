import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocalRuntime } from '../../../local/localRuntime';
import type { ExecutionOutcome } from '../../../local/localExecution';
import { startAudit, type StartAuditRequest } from '../../../lambdas/core/audit/startAudit';
import { summarizeAudit, type AuditSummary } from '../../../lambdas/core/audit/auditSummary';
import type { ModelChoice } from '../../../lambdas/core/model/modelChoice';
import type { VerifierOutput } from '../../../lambdas/contracts/verifierOutput';
import type { Session, SessionEvent } from '../../../lambdas/core/session/sessionSchema';
import type { SessionStore } from '../../../lambdas/core/session/sessionStore';
import type { BlobStore } from '../../../lambdas/core/storage/blobStore';
import { documentsPrefix } from '../../../lambdas/core/storage/objectKeys';
import { getWorkflow } from '../../../workflows/registry';
import type { Tier, WorkflowType } from '../../../workflows/schema';

export const EXAMPLES = join(__dirname, '../../../examples');

/** The example folders the fault tests audit, with the workflow and tier their audit.json asks for. */
export const EXAMPLE = {
  spousal: 'spousal-sponsorship-risk-audit',
  refusal: 'visitor-visa-refusal-analysis',
  workPermit: 'work-permit-initial-assessment',
  studyList: 'study-permit-document-list',
} as const;
export type ExampleName = (typeof EXAMPLE)[keyof typeof EXAMPLE];

export function exampleRequest(example: ExampleName): { workflowType: WorkflowType; tier: Tier } {
  const { workflowType, tier } = JSON.parse(readFileSync(join(EXAMPLES, example, 'audit.json'), 'utf8')) as { workflowType: WorkflowType; tier: Tier };
  return { workflowType, tier };
}

/** Puts an example's documents under the case's documents prefix, as an upload would. */
export async function uploadExample(blobs: BlobStore, owner: string, caseId: string, example: ExampleName): Promise<void> {
  const folder = join(EXAMPLES, example);
  for (const name of readdirSync(folder)) {
    if (name === 'audit.json' || name === 'README.md') continue;
    await blobs.put(`${documentsPrefix(owner, caseId)}${name}`, readFileSync(join(folder, name)));
  }
}

export interface FinishedAudit {
  outcome: ExecutionOutcome;
  session: Session;
  summary: AuditSummary;
}

let cases = 0;

/** Uploads an example under a fresh case id and starts its audit on the runtime; resolves once the session exists. */
export async function startExample(rt: LocalRuntime, example: ExampleName, opts: { model?: ModelChoice; caseId?: string } = {}): Promise<Session> {
  const caseId = opts.caseId ?? `fault-${example}-${++cases}`;
  await uploadExample(rt.emulators.blobs, 'local', caseId, example);
  return startAudit(
    { store: rt.emulators.store, blobs: rt.emulators.blobs, starter: rt },
    // The audit request's schema lists none and bedrock; the session takes any model choice.
    { caseId, ...exampleRequest(example), model: opts.model ?? 'none', gateMode: 'live', owner: 'local' } as StartAuditRequest,
  );
}

/** Waits for the execution and reads what it left in the store. */
export async function finish(rt: LocalRuntime, auditId: string): Promise<FinishedAudit> {
  const outcome = await rt.wait(auditId);
  const session = await rt.emulators.store.get(auditId);
  return { outcome, session, summary: await summarizeAudit(rt.emulators.store, session) };
}

export async function auditExample(rt: LocalRuntime, example: ExampleName, opts: { model?: ModelChoice; caseId?: string } = {}): Promise<FinishedAudit> {
  const started = await startExample(rt, example, opts);
  return finish(rt, started.auditId);
}

/**
 * What an audit concluded, without what differs from run to run (ids, times, usage): status,
 * score, decision or verdict, verification with every citation's outcome, triggers, checklist,
 * documents and stage statuses.
 */
export interface AuditConclusion {
  status: AuditSummary['status'];
  applicationType: string | null;
  defensibilityScore: number | null;
  decision: string | null;
  verdict: string | null;
  verification: AuditSummary['verification'];
  citations: Array<{ citation: string; foundIn: string; verdict: string; issue?: string }>;
  refusalTriggers: AuditSummary['refusalTriggers'];
  checklist: AuditSummary['checklist'];
  documents: AuditSummary['documents'];
  stageStatus: Record<string, string>;
}

export async function conclusionOf(store: SessionStore, summary: Omit<AuditSummary, 'reports'>, session: Session): Promise<AuditConclusion> {
  const verifier = await store.readOutput<VerifierOutput>(session, 'verifier');
  return {
    status: summary.status,
    applicationType: summary.applicationType,
    defensibilityScore: summary.defensibilityScore,
    decision: summary.decision,
    verdict: summary.verdict,
    verification: summary.verification,
    citations: (verifier?.checked ?? []).map((c) => ({ citation: c.citation, foundIn: c.foundIn, verdict: c.verdict, ...(c.issue ? { issue: c.issue } : {}) })),
    refusalTriggers: summary.refusalTriggers,
    checklist: summary.checklist,
    documents: summary.documents,
    stageStatus: summary.stageStatus,
  };
}

/**
 * The invariant no fault may break: a finished audit holds an output for every stage of its
 * workflow, readable (S3 pointers resolved), and has completed every stage.
 */
export async function expectEveryStageOutput(store: SessionStore, session: Session): Promise<void> {
  const stages = getWorkflow(session.workflowType).stages.map((s) => s.id);
  expect([...session.completedStages].sort()).toEqual([...stages].sort());
  for (const stage of stages) {
    expect({ stage, stored: session.outputs[stage] !== undefined }).toEqual({ stage, stored: true });
    expect({ stage, readable: (await store.readOutput(session, stage)) !== undefined }).toEqual({ stage, readable: true });
  }
}

/** How many times each stage started, from the transparency log. */
export function startsByStage(events: SessionEvent[]): Record<string, number> {
  const starts: Record<string, number> = {};
  for (const e of events) if (e.type === 'stage-started' && e.stage) starts[e.stage] = (starts[e.stage] ?? 0) + 1;
  return starts;
}
