import type { Session } from '../../core/session/sessionSchema';
import type { IntakeOutput } from '../intake/intakeAgent';
import type { GatekeeperOutput } from '../gatekeeper/gatekeeperAgent';
import type { DetectiveOutput, VerifierOutput } from '../../core/research/researchSchema';

/** Everything the reporter presents. It receives the judgment; it never computes or changes it. */
export interface ReportModel {
  session: Pick<Session, 'auditId' | 'caseId' | 'workflowType' | 'tier' | 'model' | 'startedAt'>;
  workflowTitle: string;
  reportDepth: 'summary' | 'full' | 'full-with-evidence-appendix';
  generatedAt: string;
  intake: IntakeOutput;
  gatekeeper?: GatekeeperOutput;
  detective?: DetectiveOutput;
  verifier?: VerifierOutput;
  stageStatus: Record<string, string>;
}
