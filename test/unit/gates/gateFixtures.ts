import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';
import type { GateInput } from '../../../lambdas/core/gates/gateCheck';
import type { Session } from '../../../lambdas/core/session/sessionSchema';
import { BlobNotFound } from '../../../lambdas/core/storage/blobErrors';
import type { BlobStore } from '../../../lambdas/core/storage/blobStore';
import { getWorkflow } from '../../../workflows/registry';
import type { WorkflowType } from '../../../workflows/schema';
import type { StrategistOutput } from '../../../lambdas/contracts/strategistOutput';
import type { JudgeOutput } from '../../../lambdas/contracts/judgeOutput';

/** An in-memory stand-in for the blob store: the few methods the gates use, with the same errors. */
export class MemoryBlobs {
  readonly objects = new Map<string, string>();
  async getText(key: string): Promise<string> {
    const value = this.objects.get(key);
    if (value === undefined) throw new BlobNotFound('test-bucket', key);
    return value;
  }
  async getJson<T>(key: string, schema?: { parse(v: unknown): T }): Promise<T> {
    const value = JSON.parse(await this.getText(key)) as unknown;
    return schema ? schema.parse(value) : (value as T);
  }
  async putJson(key: string, value: unknown): Promise<void> {
    this.objects.set(key, JSON.stringify(value));
  }
  async put(key: string, body: string): Promise<void> {
    this.objects.set(key, body);
  }
  asBlobStore(): BlobStore {
    return this as unknown as BlobStore;
  }
}

export const FORM_TEXT = 'APPLICATION FOR TEMPORARY RESIDENT VISA (IMM 5257)\nFamily name: Okafor\nHave you ever been refused a visa? No\n';
export const LETTER_PAGES = [
  'Immigration, Refugees and Citizenship Canada\nDear applicant,',
  'Your application for a temporary resident visa was refused on 2023-05-14.\nYou have not shown sufficient funds.',
];

export const FORM: ExtractedDocument = { docId: 'imm5257.txt', name: 'imm5257.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text: FORM_TEXT }], pageCount: 1 };
export const LETTER: ExtractedDocument = {
  docId: 'refusal-letter.pdf',
  name: 'refusal-letter.pdf',
  format: 'pdf',
  status: 'ok',
  statusDetail: 'text layer read',
  pages: LETTER_PAGES.map((text, i) => ({ page: i + 1, text })),
  pageCount: 2,
};

const summary = (d: ExtractedDocument, type: string) => ({ docId: d.docId, name: d.name, status: d.status, statusDetail: d.statusDetail, type, typeReason: 'test', pages: d.pageCount, characters: d.pages.reduce((n, p) => n + p.text.length, 0) });

/** A valid intake output for the two documents above, their extracted text stored in `blobs`. */
export function intakeOutput(blobs: MemoryBlobs) {
  for (const d of [FORM, LETTER]) blobs.objects.set(`extracted/${d.docId}.json`, JSON.stringify(d));
  return {
    applicationType: 'visitor-visa',
    applicationTypeReason: 'form number IMM 5257 on page 1',
    documents: [summary(FORM, 'imm-5257'), summary(LETTER, 'refusal-letter')],
    profile: {
      applicantName: { value: 'Okafor', evidence: { docId: FORM.docId, page: 1, quote: 'Family name: Okafor' } },
      funds: [],
      priorRefusals: [{ value: 'refused 2023-05-14', evidence: { docId: LETTER.docId, page: 2, quote: 'was refused on 2023-05-14' } }],
      declarations: [{ value: 'never refused', evidence: { docId: FORM.docId, quote: 'Have you ever been refused a visa? No' } }],
      otherFacts: [],
    },
    extractedText: { [FORM.docId]: `extracted/${FORM.docId}.json`, [LETTER.docId]: `extracted/${LETTER.docId}.json` },
    skipped: [],
  };
}

/** Two factors: weights 3 and 1, earned 1 and 0.5 → round(100 × 3.5 / 4) = 88. */
export function strategistOutput(): StrategistOutput {
  return {
    applicationType: 'visitor-visa',
    rubric: { id: 'visitor-visa', version: '1' },
    factors: [
      {
        id: 'refusal-disclosure',
        label: 'Prior refusals disclosed',
        weight: 3,
        rating: 'strong',
        earned: 1,
        finding: 'The prior refusal is on file.',
        evidence: [{ docId: LETTER.docId, page: 2, quote: 'was refused on 2023-05-14' }],
        provisions: ['IRPA 40(1)(a)'],
      },
      { id: 'funds', label: 'Funds', weight: 1, rating: 'adequate', earned: 0.5, finding: 'Funds are shown only in part.', evidence: [], provisions: ['IRPR 179(b)'] },
    ],
    rubricScore: 88,
    modelAdjustment: null,
    defensibilityScore: 88,
    confidence: 'medium',
    confidenceReason: 'Two of the usual documents are in the file.',
    rationale: 'The file discloses its refusal history; the funds evidence is thin.',
    strengths: [{ text: 'Refusal disclosed', factor: 'refusal-disclosure' }],
    weaknesses: [{ text: 'Funds evidence is thin', factor: 'funds' }],
    evidencePlan: {
      baseline: [{ item: 'Refusal letter', why: 'Shows the history' }],
      live: [{ item: 'Recent bank statements', why: 'Funds', factor: 'funds' }],
      strategic: [{ item: 'A Guaranteed Investment Certificate', why: 'Supports funds for the visa application' }],
    },
  };
}

export function gatekeeperOutput() {
  return {
    checklist: { applicationType: 'visitor-visa', present: [], missing: [], problem: [], otherDocuments: [] },
    injectionAttempts: [],
    refusalTriggers: [
      {
        provision: 'IRPA 40(1)(a)',
        severity: 'high',
        summary: 'The form says the applicant was never refused, but a refusal letter is in the file.',
        evidence: [
          { docId: FORM.docId, page: 1, quote: 'Have you ever been refused a visa? No' },
          { docId: LETTER.docId, page: 2, quote: 'was refused on 2023-05-14' },
        ],
        source: 'consistency:never-refused',
      },
    ],
    complianceIssues: [],
    consistencyFindings: [],
    requiredFixes: ['Explain the 2023 refusal and correct the form.'],
    outcomePromises: [],
  };
}

export function judgeOutput(): JudgeOutput {
  return {
    kind: 'decision',
    outcome: 'REVISE',
    rule: 'high-trigger',
    rationale: 'One high-severity refusal trigger needs a fix before filing.',
    final: true,
    inputs: { defensibilityScore: 88, confidence: 'medium', criticalTriggers: 0, highTriggers: 1, blockingComplianceIssues: 0, verification: 'PASS' },
  };
}

export function session(workflowType: WorkflowType, extra: Partial<Session> = {}): Session {
  return {
    auditId: 'aud-1', caseId: 'case-1', owner: 'local', workflowType, tier: 'pro', model: 'none', gateMode: 'live',
    status: 'RUNNING', currentStage: null, completedStages: [], outputs: {}, stageStatus: {}, stageTimings: {}, retries: {},
    verificationIterations: 1, verificationStatus: 'PASS', usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0 }, version: 1,
    startedAt: '2026-01-10T10:00:00.000Z', updatedAt: '2026-01-10T10:00:00.000Z',
    ...extra,
  };
}

/** A gate input for `stageId` of a workflow, with earlier outputs served from `outputs`. */
export function gateInput(opts: { workflowType: WorkflowType; stageId: string; output: unknown; blobs: MemoryBlobs; outputs?: Record<string, unknown>; session?: Partial<Session> }): GateInput {
  const workflow = getWorkflow(opts.workflowType);
  const stage = workflow.stages.find((s) => s.id === opts.stageId);
  if (!stage) throw new Error(`no stage ${opts.stageId} in ${opts.workflowType}`);
  return {
    output: opts.output,
    stage,
    workflow,
    session: session(opts.workflowType, opts.session),
    blobs: opts.blobs.asBlobStore(),
    outputOf: async <T,>(id: string) => opts.outputs?.[id] as T | undefined,
  };
}

export const codes = (issues: ReadonlyArray<{ code: string }>) => issues.map((i) => i.code);
