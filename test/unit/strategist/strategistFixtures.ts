import { readAuditSettings } from '../../../lambdas/core/settings/auditSettings';
/**
 * Runs the Strategist the way the workflow does: the real intake pipeline over document texts (so
 * classification and the profile are real), the extracted texts stored behind a blob double, and a
 * stage context whose outputOf returns the intake (and optionally a detective) output.
 */
import type { IntakeOutput } from '../../../lambdas/contracts/intakeOutput';
import { readCaseFile } from '../../../lambdas/agents/strategist/readCaseFile';
import type { CaseFile } from '../../../lambdas/agents/strategist/text/caseFile';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';
import type { CaseFacts } from '../../../lambdas/contracts/caseFacts';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import { runIntake } from '../../../lambdas/agents/intake/documents/runIntake';
import type { DetectiveOutput } from '../../../lambdas/contracts/detectiveOutput';
import type { Session } from '../../../lambdas/core/session/sessionSchema';
import type { SessionStore } from '../../../lambdas/core/session/sessionStore';
import type { AgentContext } from '../../../lambdas/core/stage/stageContract';
import type { BlobStore } from '../../../lambdas/core/storage/blobStore';
import { getTiers, getWorkflow } from '../../../workflows/registry';

export interface TextDocument {
  name: string;
  /** `\f` separates pages. */
  text: string;
}

/** The day the synthetic files are assessed on (their documents are dated before it). */
export const ASSESSED_ON = new Date('2026-03-02T12:00:00.000Z');

export interface IntakeRun {
  intake: IntakeOutput;
  extracted: Map<string, ExtractedDocument>;
}

/** The real intake (extraction, classification, application type, profile) over plain-text documents. */
export async function intakeOf(docs: readonly TextDocument[]): Promise<IntakeRun> {
  const files = docs.map((d) => ({ docId: d.name, name: d.name, bytes: new TextEncoder().encode(d.text) }));
  const { result, extracted } = await runIntake(files);
  const store = new Map<string, ExtractedDocument>();
  const extractedText: Record<string, string> = {};
  for (const doc of extracted) {
    const key = `audits/aud-strategist/extracted/${doc.docId}.json`;
    store.set(key, doc);
    extractedText[doc.docId] = key;
  }
  return { intake: { ...result, extractedText, skipped: [] }, extracted: store };
}

export { jsonBlobs } from '../../fixtures/jsonBlobs';
import { jsonBlobs } from '../../fixtures/jsonBlobs';

/** The case file the Strategist reads, from plain-text documents. */
export async function caseFileOf(docs: readonly TextDocument[], assessedOn = ASSESSED_ON): Promise<CaseFile> {
  const { intake, extracted } = await intakeOf(docs);
  return readCaseFile(jsonBlobs(extracted), intake, assessedOn);
}

export function session(overrides: Partial<Session> = {}): Session {
  return {
    auditId: 'aud-strategist',
    caseId: 'case-strategist',
    owner: 'local',
    workflowType: 'risk-audit',
    tier: 'pro',
    model: 'none',
    gateMode: 'live',
    status: 'RUNNING',
    currentStage: 'strategist',
    completedStages: ['intake', 'detective'],
    outputs: {},
    stageStatus: { intake: 'ok', detective: 'ok' },
    stageTimings: {},
    retries: {},
    verificationIterations: 0,
    usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0 },
    version: 3,
    startedAt: '2026-03-02T11:59:00.000Z',
    updatedAt: '2026-03-02T11:59:30.000Z',
    ...overrides,
  };
}

export interface ContextParts {
  intake?: IntakeOutput;
  detective?: DetectiveOutput;
  blobs: ReturnType<typeof jsonBlobs>;
  session?: Session;
}

/** The strategist stage of a risk audit. The session store is not used by the Strategist. */
export function strategistContext({ intake, detective, blobs, session: s = session() }: ContextParts): AgentContext {
  const workflow = getWorkflow('risk-audit');
  return {
    session: s,
    workflow,
    stage: workflow.stages.find((st) => st.id === 'strategist')!,
    tierFeatures: getTiers().pro,
    store: {} as SessionStore,
    blobs: blobs as unknown as BlobStore,
    now: () => ASSESSED_ON,
    settings: readAuditSettings({}),
    outputOf: async <T>(stageId: string) => (stageId === 'intake' ? intake : stageId === 'detective' ? detective : undefined) as T | undefined,
  };
}

/**
 * A case file built directly, each document's type given (for finder specs that must not depend on
 * the classifier). The case-fact model is the rules reader's, over the same documents and types,
 * unless `facts` is given (a hand-built model, for specs of what the finders do with a fact).
 */
export function typedFile(
  applicationType: CaseFile['applicationType'],
  docs: ReadonlyArray<TextDocument & { type: CaseFile['documents'][number]['type'] }>,
  profile: Partial<CaseFile['profile']> = {},
  facts?: CaseFacts,
): CaseFile {
  const documents = docs.map(({ name, type, text }) => {
    const pages = text.split('\f').map((pageText, i) => ({ page: i + 1, text: pageText }));
    return { docId: name, name, type, extracted: { docId: name, name, format: 'text' as const, status: 'ok' as const, statusDetail: 'text read', pages, pageCount: pages.length } };
  });
  const types = new Map(documents.map((d) => [d.docId, { type: d.type, confidence: 0.9, signals: ['given by the test'] }]));
  return {
    applicationType,
    applicationTypeReason: 'given by the test',
    documents,
    unread: [],
    profile: { funds: [], priorRefusals: [], declarations: [], otherFacts: [], ...profile },
    facts: facts ?? readCaseFacts(documents.map((d) => d.extracted), { types }),
    assessedOn: ASSESSED_ON,
  };
}
