import type { Session } from '../../core/session/sessionSchema';
import type { IntakeOutput } from '../../contracts/intakeOutput';
import type { GatekeeperOutput } from '../../contracts/gatekeeperOutput';
import type { DetectiveOutput } from '../../contracts/detectiveOutput';
import type { VerifierOutput } from '../../contracts/verifierOutput';
import type { ComplianceIssue, ConsistencyFinding, RefusalTrigger } from '../../contracts/findings';
import type { JudgeOutput } from '../../contracts/judgeOutput';
import type { StrategistOutput } from '../../contracts/strategistOutput';

/**
 * The gatekeeper's findings beyond the checklist and the injection scan. Every list is optional: outputs
 * stored before the gatekeeper produced them must still render. `requiredFixes` and `outcomePromises`
 * are read entry by entry (see sections/storedFindings.ts), so any reasonable entry shape is shown.
 */
export interface GatekeeperFindings {
  refusalTriggers?: RefusalTrigger[];
  complianceIssues?: ComplianceIssue[];
  consistencyFindings?: ConsistencyFinding[];
  requiredFixes?: readonly unknown[];
  outcomePromises?: readonly unknown[];
}

/** What the reporter reads from the gatekeeper stage: the checklist and scan, and the findings when present. */
export type ReportedGatekeeper = Omit<GatekeeperOutput, keyof GatekeeperFindings> & GatekeeperFindings;

/** Everything the reporter presents. It receives the judgment; it never computes or changes it. */
export interface ReportModel {
  session: Pick<Session, 'auditId' | 'caseId' | 'workflowType' | 'tier' | 'model' | 'startedAt' | 'modelFallbacks'>;
  workflowTitle: string;
  reportDepth: 'summary' | 'full' | 'full-with-evidence-appendix';
  /** The tier's "max citations in a report" (DESIGN §2): no more authorities than this are listed, in all lists together. */
  maxCitations: number;
  generatedAt: string;
  intake: IntakeOutput;
  gatekeeper?: ReportedGatekeeper;
  detective?: DetectiveOutput;
  /** Defensibility Score, rubric factors, strengths, weaknesses and evidence plan, as the strategist produced them. */
  strategist?: StrategistOutput;
  verifier?: VerifierOutput;
  /** The decision or verdict, as the judge made it (the reporter only presents it). */
  judge?: JudgeOutput;
  stageStatus: Record<string, string>;
  /** A plain-language overview written by the model layer from the findings; absent in rules-only audits. */
  overview?: string;
}
