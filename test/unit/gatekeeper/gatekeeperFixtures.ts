import { readAuditSettings } from '../../../lambdas/core/settings/auditSettings';
/** A small AgentContext for the gatekeeper: the intake output and the extracted texts it points to, nothing else. */
import type { IntakeOutput } from '../../../lambdas/contracts/intakeOutput';
import type { DocumentSummary, DocumentType, ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';
import type { Session } from '../../../lambdas/core/session/sessionSchema';
import type { SessionStore } from '../../../lambdas/core/session/sessionStore';
import type { AgentContext } from '../../../lambdas/core/stage/stageContract';
import type { BlobStore } from '../../../lambdas/core/storage/blobStore';
import { getTiers, getWorkflow } from '../../../workflows/registry';
import type { WorkflowType } from '../../../workflows/schema';
import { readableDoc } from '../../fixtures/documents/extractedDocs';

export type GatekeeperIntake = Pick<IntakeOutput, 'applicationType' | 'applicationTypeReason' | 'documents' | 'profile' | 'extractedText'>;

/** A visitor-visa file built from named texts (`\f` separates pages); each document's type is given. */
export function visitorFile(docs: Array<{ name: string; type: DocumentType; text: string }>): { intake: GatekeeperIntake; extracted: Map<string, ExtractedDocument> } {
  const extracted = new Map<string, ExtractedDocument>();
  const extractedText: Record<string, string> = {};
  const documents: DocumentSummary[] = docs.map(({ name, type, text }) => {
    const doc = readableDoc(name, text);
    const key = `audits/aud-test/extracted/${name}.json`;
    extracted.set(key, doc);
    extractedText[name] = key;
    return { docId: name, name, status: 'ok', statusDetail: 'text read', type, typeReason: 'given by the test', pages: doc.pageCount, characters: text.length };
  });
  return {
    intake: {
      applicationType: 'visitor-visa',
      applicationTypeReason: 'given by the test',
      documents,
      profile: { funds: [], priorRefusals: [], declarations: [], otherFacts: [] },
      extractedText,
    },
    extracted,
  };
}

export { jsonBlobs } from '../../fixtures/jsonBlobs';
import { jsonBlobs } from '../../fixtures/jsonBlobs';

const session: Session = {
  auditId: 'aud-test',
  caseId: 'case-test',
  owner: 'local',
  workflowType: 'document-list',
  tier: 'guest',
  model: 'none',
  gateMode: 'live',
  status: 'RUNNING',
  currentStage: 'gatekeeper',
  completedStages: ['intake'],
  outputs: {},
  stageStatus: { intake: 'ok' },
  stageTimings: {},
  retries: {},
  verificationIterations: 0,
  usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0 },
  version: 1,
  startedAt: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-01-10T10:00:01.000Z',
};

/** The gatekeeper stage of a document-list audit whose intake produced `intake`. The store is not used by the gatekeeper. */
export function gatekeeperContext(intake: GatekeeperIntake | undefined, blobs: ReturnType<typeof jsonBlobs>): AgentContext {
  const workflow = getWorkflow('document-list');
  return {
    session,
    workflow,
    stage: workflow.stages.find((s) => s.id === 'gatekeeper')!,
    tierFeatures: getTiers().guest,
    store: {} as SessionStore,
    blobs: blobs as unknown as BlobStore,
    now: () => new Date('2026-01-10T10:00:02.000Z'),
    settings: readAuditSettings({}),
    outputOf: async <T>(stageId: string) => (stageId === 'intake' ? intake : undefined) as T | undefined,
  };
}

// ------------------------------------------------------------ any workflow, any file

/** Extracted documents and an intake output for named texts of given types (`\f` separates pages). */
export function typedFile(docs: Array<{ name: string; type: DocumentType; text: string }>, applicationType: GatekeeperIntake['applicationType']) {
  const file = visitorFile(docs);
  return { ...file, intake: { ...file.intake, applicationType } };
}

/** The gatekeeper stage of a `workflowType` audit; `outputs` answers outputOf for other stages (intake included). */
export function stageContext(workflowType: WorkflowType, outputs: Record<string, unknown>, blobs: ReturnType<typeof jsonBlobs>): AgentContext {
  const workflow = getWorkflow(workflowType);
  return {
    session: { ...session, workflowType, completedStages: workflow.stages.map((s) => s.id).slice(0, workflow.stages.findIndex((s) => s.id === 'gatekeeper')) },
    workflow,
    stage: workflow.stages.find((s) => s.id === 'gatekeeper')!,
    tierFeatures: getTiers().pro,
    store: {} as SessionStore,
    blobs: blobs as unknown as BlobStore,
    now: () => new Date('2026-01-10T10:00:02.000Z'),
    settings: readAuditSettings({}),
    outputOf: async <T>(stageId: string) => outputs[stageId] as T | undefined,
  };
}
