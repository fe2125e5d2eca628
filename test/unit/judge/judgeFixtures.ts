import { readAuditSettings } from '../../../lambdas/core/settings/auditSettings';
/** Inputs for the decision tables, and a small AgentContext for the judge: stage outputs in a map, nothing else. */
import type { ComplianceIssue, RefusalTrigger, Severity } from '../../../lambdas/contracts/findings';
import type { StrategistOutput } from '../../../lambdas/contracts/strategistOutput';
import type { DecisionInputs } from '../../../lambdas/agents/judge/decide';
import type { Session } from '../../../lambdas/core/session/sessionSchema';
import type { SessionStore } from '../../../lambdas/core/session/sessionStore';
import type { AgentContext } from '../../../lambdas/core/stage/stageContract';
import type { BlobStore } from '../../../lambdas/core/storage/blobStore';
import type { WorkflowType } from '../../../workflows/schema';
import { getTiers, getWorkflow } from '../../../workflows/registry';

/** A strong, fully verified file: each test changes only what it is about. */
export function inputs(overrides: Partial<DecisionInputs> = {}): DecisionInputs {
  return { defensibilityScore: 90, confidence: 'high', criticalTriggers: 0, highTriggers: 0, blockingComplianceIssues: 0, verification: 'PASS', ...overrides };
}

export const SCORES_AND_MISSING: ReadonlyArray<number | null> = [null, ...Array.from({ length: 101 }, (_, i) => i)];
export const CONFIDENCES: ReadonlyArray<DecisionInputs['confidence']> = ['high', 'medium', 'low', null];
export const VERIFICATIONS: ReadonlyArray<DecisionInputs['verification']> = ['PASS', 'INCOMPLETE', 'NOT_RUN'];
export const TRIGGER_COUNTS: ReadonlyArray<number> = [0, 1, 2];
export const BLOCKING_COUNTS: ReadonlyArray<number> = [0, 1, 2];

/** Every combination of the inputs (scores 0–100 and missing, 0–2 triggers of each kind, 0–2 blocking compliance issues). */
export function* everyInput(verifications: ReadonlyArray<DecisionInputs['verification']> = VERIFICATIONS): Generator<DecisionInputs> {
  for (const verification of verifications)
    for (const defensibilityScore of SCORES_AND_MISSING)
      for (const criticalTriggers of TRIGGER_COUNTS)
        for (const highTriggers of TRIGGER_COUNTS)
          for (const blockingComplianceIssues of BLOCKING_COUNTS)
            for (const confidence of CONFIDENCES) yield { defensibilityScore, confidence, criticalTriggers, highTriggers, blockingComplianceIssues, verification };
}

const LEGAL_SCORES: ReadonlyArray<number | null> = [null, 0, 24, 25, 34, 35, 49, 50, 59, 60, 69, 70, 74, 75, 79, 80, 100];
const GROUNDS: ReadonlyArray<DecisionInputs['reviewGrounds']> = [{ strong: 0, arguable: 0 }, { strong: 0, arguable: 1 }, { strong: 1, arguable: 0 }];

/**
 * Combinations with the legal analysis's inputs too (statutory bars, a passed deadline; for a refusal
 * analysis the grounds of review and the refusal's own critical grounds), over the score bands' edges.
 */
export function* everyLegalInput(refusal: boolean): Generator<DecisionInputs> {
  for (const verification of VERIFICATIONS)
    for (const defensibilityScore of LEGAL_SCORES)
      for (const criticalTriggers of [0, 1])
        for (const highTriggers of TRIGGER_COUNTS)
          for (const blockingComplianceIssues of [0, 1])
            for (const confidence of CONFIDENCES)
              for (const decisiveBars of [0, 1])
                for (const deadlinePassed of [false, true])
                  for (const reviewGrounds of refusal ? GROUNDS : [undefined])
                    // The refusal's own grounds: none; a bad-faith finding (high, a finding about the relationship); a misrepresentation finding (critical).
                    for (const [critical, high, findings] of refusal ? ([[0, 0, 0], [0, 1, 1], [1, 0, 1]] as const) : [[undefined, 0, 0] as const]) {
                      const base = { defensibilityScore, confidence, criticalTriggers, highTriggers, blockingComplianceIssues, verification, decisiveBars, deadlinePassed };
                      yield { ...base, ...(reviewGrounds ? { reviewGrounds } : {}), ...(critical === undefined ? {} : { challengedGrounds: { critical, high }, challengedFindings: findings }) };
                    }
}

export function strategistOutput(defensibilityScore: number, confidence: StrategistOutput['confidence']): StrategistOutput {
  return {
    applicationType: 'visitor-visa',
    rubric: { id: 'visitor-visa', version: '1' },
    factors: [],
    rubricScore: defensibilityScore,
    modelAdjustment: null,
    defensibilityScore,
    confidence,
    confidenceReason: 'given by the test',
    rationale: 'given by the test',
    strengths: [],
    weaknesses: [],
    evidencePlan: { baseline: [], live: [], strategic: [] },
  };
}

export function trigger(severity: Severity, provision = 'IRPR 216(1)(b)'): RefusalTrigger {
  return { provision, severity, summary: `a ${severity} ground given by the test`, evidence: [], source: 'test' };
}

export function complianceIssue(severity: Severity, code = 'passport-expires-before-stay-ends'): ComplianceIssue {
  return { code, severity, message: `a ${severity} compliance issue given by the test`, requiredFix: 'fix it before filing', documents: [] };
}

export interface JudgeScenario {
  workflow: WorkflowType;
  /** Stage outputs by stage id; an absent key is a stage with no output. */
  outputs?: Record<string, unknown>;
  verificationStatus?: Session['verificationStatus'];
  stageStatus?: Session['stageStatus'];
}

/** The judge stage of an audit of `workflow` whose earlier stages produced `outputs`. The store and blobs are not used. */
export function judgeContext(s: JudgeScenario): AgentContext & { reads: string[] } {
  const reads: string[] = [];
  const session: Session = {
    auditId: 'aud-judge',
    caseId: 'case-judge',
    owner: 'local',
    workflowType: s.workflow,
    tier: 'pro',
    model: 'none',
    gateMode: 'live',
    status: 'RUNNING',
    currentStage: 'judge',
    completedStages: ['intake', 'detective', 'strategist', 'gatekeeper', 'verifier'],
    outputs: {},
    stageStatus: s.stageStatus ?? {},
    stageTimings: {},
    retries: {},
    verificationIterations: s.verificationStatus ? 1 : 0,
    ...(s.verificationStatus ? { verificationStatus: s.verificationStatus } : {}),
    usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0 },
    version: 6,
    startedAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-01-10T10:00:05.000Z',
  };
  return {
    reads,
    session,
    workflow: getWorkflow(s.workflow),
    stage: { id: 'judge', agent: 'judge', description: 'decide from the decision table', depends_on: ['verifier'], critical: false },
    tierFeatures: getTiers().pro,
    store: {} as SessionStore,
    blobs: {} as BlobStore,
    now: () => new Date('2026-01-10T10:00:06.000Z'),
    settings: readAuditSettings({}),
    outputOf: async <T>(stageId: string) => {
      reads.push(stageId);
      return s.outputs?.[stageId] as T | undefined;
    },
  };
}
