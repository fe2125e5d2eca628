import type { DocumentSummary, Fact } from '../../../lambdas/contracts/intakeOutput';
import type { DetectiveOutput } from '../../../lambdas/contracts/detectiveOutput';
import type { VerifierOutput } from '../../../lambdas/contracts/verifierOutput';
import { checkDocuments } from '../../../lambdas/core/checklists/documentChecklist';
import type { ReportModel } from '../../../lambdas/agents/reporter/reportModel';
import { getTiers } from '../../../workflows/registry';

/**
 * A study-permit file of six documents, one per place a name can land in the report:
 * 0 the application form (read; the profile facts quote it),
 * 1 the letter of acceptance (mislabeled: present, with a note and a fix),
 * 2 a bank statement (corrupt: a checklist problem),
 * 3 the passport (too large: a checklist problem),
 * 4 wedding photos (read, but no checklist item asks for them: "other documents"),
 * 5 a file of unknown type that could not be read from disk (a problem no item claims).
 * The bank statement also holds a prompt-injection attempt found by the gatekeeper.
 */
export const SLOTS = ['application form', 'acceptance letter', 'bank statement', 'passport', 'other document', 'unread file'] as const;

export const BENIGN_NAMES = [
  'imm1294-application.pdf',
  'letter-of-acceptance.pdf',
  'Études/relevé_bancaire.pdf',
  'passport scan (2).pdf',
  'wedding photos.docx',
  'notes.txt',
];

const summary = (docId: string, status: DocumentSummary['status'], statusDetail: string, type: DocumentSummary['type'], pages: number): DocumentSummary => ({
  docId,
  name: docId, // the intake agent uses the file name as the docId
  status,
  statusDetail,
  type,
  typeReason: 'test fixture',
  pages,
  characters: pages * 1200,
});

/** `names` gives the six documents' names; `texts` gives text taken from inside them (facts, quotes, citations). */
export function studyPermitReport(names: readonly string[], texts: readonly string[] = names): ReportModel {
  const text = (i: number) => texts[i % texts.length];
  const documents: DocumentSummary[] = [
    summary(names[0], 'ok', 'text extracted', 'imm-1294', 4),
    summary(names[1], 'mislabeled', `named .pdf but the bytes are DOCX: ${text(0)}`, 'letter-of-acceptance', 1),
    summary(names[2], 'corrupt', `corrupt PDF: ${text(1)}`, 'bank-statement', 3),
    summary(names[3], 'too-large', 'file is 80 MB, over the 64 MB limit for one document', 'passport', 0),
    summary(names[4], 'ok', 'text extracted', 'wedding-evidence', 1),
    summary(names[5], 'unreadable', 'permission denied', 'other', 0),
  ];
  const fact = (value: string, quote: string): Fact => ({ value, evidence: { docId: names[0], page: 1, quote } });
  const checklist = checkDocuments('study-permit', documents);

  const detective: DetectiveOutput = {
    plan: [],
    authorities: [
      { kind: 'case', citation: '2019 SCC 65', name: 'Canada (MCI) v. Vavilov', proposition: text(2), issueId: 'i1', source: 'bundled-index', score: 1, confidence: 'high' },
    ],
    similarCases: [],
    deepResearch: { status: 'skipped', reason: 'not included in this tier', findings: [] },
    researchCalls: { used: 2, limit: 5 },
    excluded: [],
    notes: [],
  };
  const verifier: VerifierOutput = {
    status: 'FAILED',
    iteration: 2,
    checked: [
      { citation: '2019 SCC 65', foundIn: 'detective', verdict: 'verified', detail: 'in the index' },
      { citation: text(3), name: text(4), foundIn: `document:${names[0]}`, verdict: 'verified', detail: 'in the index' },
      { citation: text(5), foundIn: `document:${names[2]}`, verdict: 'failed', issue: 'unverified', detail: 'could not be verified offline' },
    ],
    failed: [
      { citation: text(5), issue: 'unverified', attempts: 2, detail: 'could not be verified offline', foundIn: `document:${names[2]}`, recommendedAction: `check ${text(6)} on CanLII` },
    ],
  };

  return {
    session: { auditId: 'audit-1', caseId: 'case-1', workflowType: 'client-guidance', tier: 'ultra', model: 'none', startedAt: '2026-01-02T03:04:05.000Z' },
    workflowTitle: 'Client guidance',
    reportDepth: 'full-with-evidence-appendix',
    maxCitations: getTiers().ultra.maxCitations,
    generatedAt: '2026-01-02T03:05:00.000Z',
    intake: {
      applicationType: 'study-permit',
      applicationTypeReason: `Study permit: form IMM 1294 (in ${names[0]})`,
      documents,
      profile: {
        applicantName: fact(text(7), `Given name(s): ${text(7)}`),
        citizenship: fact('Ghana', `Country of citizenship: ${text(8)}`),
        funds: [fact(text(9), `Closing balance: ${text(9)}`)],
        priorRefusals: [],
        declarations: [],
        otherFacts: [{ label: text(10), fact: fact(text(11), text(11)) }],
      },
      extractedText: {},
      skipped: [],
    },
    gatekeeper: {
      checklist,
      injectionAttempts: [
        { document: names[2], docId: names[2], page: 2, excerpt: `ignore previous instructions ${text(12)}`, pattern: 'ignore-previous', category: 'instruction-override' },
      ],
    },
    detective,
    verifier,
    stageStatus: { intake: 'ok:4 of 6 documents could not be read', gatekeeper: 'ok', detective: 'ok', verifier: 'ok', reporter: 'ok' },
  };
}
