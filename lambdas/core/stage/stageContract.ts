import * as z from 'zod';
import type { StageDefinition, TierFeatures, WorkflowDefinition } from '../../../workflows/schema';
import type { BlobStore } from '../storage/blobStore';
import type { SessionStore } from '../session/sessionStore';
import type { Session, StageStatus, Usage } from '../session/sessionSchema';
import type { GateCheck } from '../gates/gateCheck';
import type { GateIssue } from '../gates/gateSchema';
import type { AgentModel } from '../model/agentModel';
import type { AuditSettings } from '../settings/auditSettings';

/** What a state machine Task sends an agent Lambda: ids only (Step Functions payloads stay small). */
export const StageEvent = z.strictObject({
  auditId: z.string().min(1, 'auditId is required'),
  stage: z.string().min(1, 'stage is required'),
});
export type StageEvent = z.infer<typeof StageEvent>;

/** What an agent Lambda returns to the state machine. `verification` only for a stage with a loop edge. */
export interface StageResult {
  auditId: string;
  stage: string;
  status: StageStatus;
  /**
   * `passed`: the loop's check passed. `loopBack`: the audit goes back to the loop's first stage for
   * another pass (decided by the engine: the check failed, another pass could change it, and the
   * tier has iterations left); the state machine's Choice follows it.
   */
  verification?: { passed: boolean; loopBack: boolean; iteration: number };
}

export interface AgentContext {
  session: Session;
  workflow: WorkflowDefinition;
  stage: StageDefinition;
  tierFeatures: TierFeatures;
  store: SessionStore;
  blobs: BlobStore;
  now: () => Date;
  /** The audit's settings (model and research), read once at the entry point that runs the stage. */
  settings: AuditSettings;
  /** The latest output of another stage of this audit (S3 pointers resolved). */
  outputOf<T>(stageId: string): Promise<T | undefined>;
  /**
   * Set only when the stage runs again because its previous output failed its gate (live mode, once):
   * what was wrong with it. An agent may use it to correct itself; a deterministic one may ignore it.
   */
  feedback?: GateIssue[];
  /**
   * The model layer for this stage (DESIGN §3): disabled in rules-only audits. Absent when an agent
   * runs outside the stage runner. The deterministic core never depends on it: a model failure leaves
   * the rules-only result, with a stage status that says so.
   */
  model?: AgentModel;
}

export interface AgentResult<T> {
  output: T;
  /** Defaults to `ok`; use `ok:<note>` or `skipped:<reason>` to say more. */
  status?: StageStatus;
  /** For a stage with a loop edge: whether its condition (e.g. citations failed) is met. */
  loopConditionMet?: boolean;
  /**
   * With `loopConditionMet`: false when another pass cannot change the outcome (e.g. every failed
   * citation is in the client's own documents, which the agents cannot rewrite, or the same ones
   * failed again after a pass); the audit then goes on without looping. Default true.
   */
  loopCanHelp?: boolean;
  usage?: Partial<Usage>;
}

export interface Agent<T = unknown> {
  name: string;
  run(ctx: AgentContext): Promise<AgentResult<T>>;
  /**
   * The deterministic checks on this agent's outputs (DESIGN §5), kept in the agent's own folder.
   * An agent without one has nothing to check: its gate passes.
   */
  gate?: GateCheck;
  /** Safe default when a non-critical stage fails; the audit goes on with status `failed:<Error>:<message>`. */
  fallback?(ctx: AgentContext, error: Error): T;
}
