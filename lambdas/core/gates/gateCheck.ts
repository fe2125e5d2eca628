import type { StageDefinition, WorkflowDefinition } from '../../../workflows/schema';
import type { Session } from '../session/sessionSchema';
import type { BlobStore } from '../storage/blobStore';
import type { GateIssue, GateResult } from './gateSchema';

/** What a gate's checks may read: the output under test and the audit around it. */
export interface GateInput {
  /** The output the stage's agent just returned (not yet stored). */
  output: unknown;
  stage: StageDefinition;
  workflow: WorkflowDefinition;
  /** The session as it was when the stage started (earlier outputs, verification status, gate mode). */
  session: Session;
  blobs: BlobStore;
  /** The latest stored output of another stage of this audit (S3 pointers resolved). */
  outputOf<T>(stageId: string): Promise<T | undefined>;
}

/** The deterministic checks for the outputs of one agent. */
export interface GateCheck {
  /** The agent whose outputs this gate reads (`intake`, `strategist`, …). */
  agent: string;
  /** Every problem found; an empty list means PASS. Must not throw for a malformed output: report it. */
  check(input: GateInput): Promise<GateIssue[]>;
  /**
   * Runs after each gate result of this stage has been recorded, for a stage whose own artefacts
   * should carry it (the reporter's bundle.json is written before its gate can run).
   */
  onResult?(input: GateInput, result: GateResult): Promise<void>;
}
