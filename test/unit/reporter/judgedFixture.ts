import type { JudgeOutput } from '../../../lambdas/contracts/judgeOutput';
import type { StrategistOutput } from '../../../lambdas/contracts/strategistOutput';
import type { VerifierOutput } from '../../../lambdas/contracts/verifierOutput';
import type { ReportModel, ReportedGatekeeper } from '../../../lambdas/agents/reporter/reportModel';
import { getTiers } from '../../../workflows/registry';
import type { WorkflowType } from '../../../workflows/schema';
import { BENIGN_NAMES, studyPermitReport } from './reportFixture';

/** The four workflows whose report scores the file and ends in a decision or verdict. */
export const JUDGED_TYPES = ['risk-audit', 'initial-assessment', 'final-review', 'refusal-analysis'] as const satisfies readonly WorkflowType[];
export type JudgedType = (typeof JUDGED_TYPES)[number];

export const TITLES: Record<JudgedType, string> = {
  'risk-audit': 'Risk audit',
  'initial-assessment': 'Initial assessment',
  'final-review': 'Final review',
  'refusal-analysis': 'Refusal analysis',
};

/** One outcome of each workflow's decision table, as its judge would give it. */
export const OUTCOMES: Record<JudgedType, string> = {
  'risk-audit': 'REVISE',
  'initial-assessment': 'CAUTION',
  'final-review': 'REVISE',
  'refusal-analysis': 'REAPPLY',
};

/** The wording a gatekeeper flagged as promising a result; it comes from a document, so the report may quote it. */
export const PROMISE_QUOTE = 'Our agency guarantees your visa will be approved within 30 days.';

export interface JudgedOptions {
  workflowType?: JudgedType;
  reportDepth?: ReportModel['reportDepth'];
  /** INCOMPLETE (the default): a citation in the bank statement failed verification twice. */
  verification?: 'PASS' | 'INCOMPLETE';
}

/**
 * The study-permit file of reportFixture.ts, audited by a judged workflow: a strategist score with a
 * model adjustment, gatekeeper findings of every kind (given out of severity order), and a judge outcome.
 * Every finding, quote and rationale carries text from the documents (`texts`), so hostile text reaches
 * every place a finding can land.
 */
export function judgedReport(names: readonly string[] = BENIGN_NAMES, texts: readonly string[] = names, opts: JudgedOptions = {}): ReportModel {
  const workflowType = opts.workflowType ?? 'initial-assessment';
  const verification = opts.verification ?? 'INCOMPLETE';
  const text = (i: number) => texts[i % texts.length];
  const base = studyPermitReport(names, texts);

  const strategist: StrategistOutput = {
    applicationType: 'study-permit',
    rubric: { id: 'study-permit', version: '2026.1' },
    factors: [
      {
        id: 'funds',
        label: 'Proof of funds',
        weight: 25,
        rating: 'weak',
        earned: 0.4,
        finding: `Funds shown: ${text(13)}`,
        evidence: [{ docId: names[0], page: 1, quote: `Closing balance: ${text(9)}` }],
        provisions: ['IRPR 216(1)(b)'],
      },
      { id: 'study-plan', label: 'Study plan', weight: 20, rating: 'no-evidence', earned: 0, finding: 'No study plan is in the file.', evidence: [], provisions: [] },
      {
        id: 'ties',
        label: 'Ties to the home country',
        weight: 15,
        rating: 'adequate',
        earned: 0.6,
        finding: `Employment continues: ${text(14)}`,
        evidence: [{ docId: names[4], page: 1, quote: text(14) }],
        provisions: ['IRPR 216(1)(b)'],
      },
      {
        id: 'acceptance',
        label: 'Letter of acceptance',
        weight: 30,
        rating: 'strong',
        earned: 1,
        finding: 'Acceptance by a designated learning institution.',
        evidence: [{ docId: names[1], quote: text(15) }],
        provisions: [],
      },
      {
        id: 'history',
        label: 'Immigration history',
        weight: 10,
        rating: 'adverse',
        earned: 0,
        finding: `A prior refusal: ${text(16)}`,
        evidence: [
          { docId: names[2], page: 2, quote: text(16) },
          { docId: names[0], page: 3, quote: text(17) },
        ],
        provisions: ['IRPA 40(1)(a)'],
      },
    ],
    rubricScore: 52,
    modelAdjustment: { points: -4, reason: `The refusal letter reads ${text(18)}` },
    defensibilityScore: 48,
    confidence: 'medium',
    confidenceReason: `Two documents could not be read: ${text(19)}`,
    rationale: `Funds and immigration history weigh against the file; ${text(0)}`,
    strengths: [{ text: `Acceptance letter from ${text(1)}`, factor: 'acceptance' }, { text: 'A clear program of study' }],
    weaknesses: [
      { text: `Funds: ${text(2)}`, factor: 'funds' },
      { text: `Refusal: ${text(3)}`, factor: 'history' },
    ],
    evidencePlan: {
      baseline: [{ item: `Study permit application (${names[0]})`, why: 'the application itself', factor: 'acceptance' }],
      live: [{ item: `Six months of bank statements ${text(4)}`, why: `show where ${text(5)} came from`, factor: 'funds' }],
      strategic: [{ item: 'A study plan', why: 'explains why this program, here and now', factor: 'study-plan' }],
    },
  };

  const gatekeeper: ReportedGatekeeper = {
    ...base.gatekeeper!,
    refusalTriggers: [
      { provision: 'IRPR 216(1)(b)', severity: 'medium', summary: `Funds may not cover tuition: ${text(6)}`, evidence: [{ docId: names[0], page: 1, quote: `Closing balance: ${text(9)}` }], source: 'rubric:funds' },
      {
        provision: 'IRPA 40(1)(a)',
        severity: 'critical',
        summary: `The form says never refused: ${text(7)}`,
        evidence: [
          { docId: names[0], page: 3, quote: text(17) },
          { docId: names[2], page: 2, quote: text(16) },
        ],
        source: 'consistency:never-refused',
      },
      { provision: 'IRPR 216(1)(b)', severity: 'low', summary: 'No study plan', evidence: [], source: 'rubric:study-plan' },
      { provision: 'IRPA 16(1)', severity: 'high', summary: `Documents cannot be read: ${text(8)}`, evidence: [], source: 'checklist' },
    ],
    complianceIssues: [
      { code: 'unreadable-document', severity: 'medium', message: `${names[2]} cannot be opened`, requiredFix: `Send a readable copy of ${names[2]}`, documents: [names[2]] },
      { code: 'missing-study-plan', severity: 'high', message: 'No study plan', requiredFix: 'Add a study plan', documents: [] },
    ],
    consistencyFindings: [
      {
        code: 'date-mismatch',
        severity: 'low',
        summary: 'Program start dates differ',
        evidence: [
          { docId: names[1], quote: text(11) },
          { docId: names[4], page: 1, quote: text(12) },
        ],
      },
      {
        code: 'never-refused',
        severity: 'critical',
        summary: `The form denies a refusal that a letter records: ${text(10)}`,
        evidence: [
          { docId: names[0], page: 3, quote: text(17) },
          { docId: names[2], page: 2, quote: text(16) },
        ],
        provision: 'IRPA 40(1)(a)',
      },
    ],
    // One plain string and one object repeating a compliance issue's fix (shown once).
    requiredFixes: [`Explain the earlier refusal in a letter: ${text(13)}`, { fix: 'Add a study plan', severity: 'high', code: 'missing-study-plan' }],
    outcomePromises: [{ docId: names[4], page: 1, quote: PROMISE_QUOTE }],
  };

  // The verifier checks every provision the strategist, gatekeeper and judge cite (DESIGN §3), as it would in an audit.
  const provisions: VerifierOutput['checked'] = ['IRPR 216(1)(b)', 'IRPA 40(1)(a)', 'IRPA 16(1)'].map((citation) => ({ citation, foundIn: 'gatekeeper', verdict: 'verified', detail: 'in force' }));
  const verifier: VerifierOutput =
    verification === 'INCOMPLETE'
      ? { ...base.verifier!, checked: [...base.verifier!.checked, ...provisions] }
      : { status: 'PASS', iteration: 1, checked: [...base.verifier!.checked.filter((c) => c.verdict === 'verified'), ...provisions], failed: [] };

  const judge: JudgeOutput = {
    kind: workflowType === 'risk-audit' ? 'decision' : 'verdict',
    outcome: OUTCOMES[workflowType],
    rule: 'critical-trigger-or-score-below-60',
    rationale: `A critical trigger under IRPA 40(1)(a) and a score of 48; ${text(15)}`,
    final: verification === 'PASS',
    inputs: { defensibilityScore: 48, confidence: 'medium', criticalTriggers: 1, highTriggers: 1, blockingComplianceIssues: 1, verification },
  };

  const tier = opts.reportDepth === 'summary' ? 'guest' : opts.reportDepth === 'full' ? 'pro' : 'ultra';
  return {
    ...base,
    session: { ...base.session, workflowType, tier },
    workflowTitle: TITLES[workflowType],
    reportDepth: opts.reportDepth ?? 'full-with-evidence-appendix',
    maxCitations: getTiers()[tier].maxCitations,
    gatekeeper,
    strategist,
    verifier,
    judge,
    stageStatus: { intake: 'ok', detective: 'ok', strategist: 'ok', gatekeeper: 'ok', verifier: 'ok', judge: 'ok', reporter: 'ok' },
  };
}
