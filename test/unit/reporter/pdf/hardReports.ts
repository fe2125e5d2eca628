import type { ReportModel } from '../../../../lambdas/agents/reporter/reportModel';
import type { Severity } from '../../../../lambdas/contracts/findings';
import { judgedReport } from '../judgedFixture';
import { BENIGN_NAMES, studyPermitReport } from '../reportFixture';

/**
 * Reports that are hard to lay out, for the PDF's tests and its bench: very long names, hundreds of
 * findings, names in right-to-left, CJK, Indic and other scripts, empty sections and missing optional fields.
 */

/** A name longer than any column: 300 letters with no space to break at. */
export const LONG_NAME = `${'Kowalczyk-Wiśniewska'.repeat(15)}.pdf`;

/**
 * Names in scripts the layout must handle: accents, right-to-left (Arabic, Hebrew), CJK (in the
 * fallback font), and an emoji, which no embedded font has (it is drawn as the placeholder).
 */
export const WORLD_NAMES = {
  accented: 'Zoë Ñandú-Čapek Łódź',
  arabic: 'محمد عبد الله',
  hebrew: 'שרה כהן',
  chinese: '王小明',
  japanese: '山田太郎',
  korean: '김민수',
  emoji: 'Ana 👩‍⚖️',
} as const;

/** Applicants' names in the scripts DejaVu lacks and the fallback fonts cover, one or two per font. */
export const SCRIPT_NAMES = {
  chinese: '王秀英',
  japanese: '山田太郎',
  korean: '김민준',
  hindi: 'राजेश कुमार',
  punjabi: 'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ',
  bengali: 'রহিম উদ্দিন',
  tamil: 'தமிழ்செல்வி',
  urdu: 'عائشہ صدیقی',
  amharic: 'ደረጀ ተስፋዬ',
  thai: 'สมชาย ใจดี',
} as const;

/** Characters no embedded font has: Linear B syllables. Each is drawn as the placeholder and counted. */
export const LINEAR_B = '𐀀𐀁𐀂';

const SEVERITIES: readonly Severity[] = ['critical', 'high', 'medium', 'low'];

/** An Ultra report of the study-permit file with `count` findings, split over refusal triggers, compliance issues and consistency findings. */
export function manyFindingsReport(count = 300): ReportModel {
  const m = judgedReport(BENIGN_NAMES, BENIGN_NAMES, { workflowType: 'risk-audit', reportDepth: 'full-with-evidence-appendix' });
  const doc = BENIGN_NAMES[0];
  const third = Math.ceil(count / 3);
  const severity = (i: number) => SEVERITIES[i % SEVERITIES.length];
  const quote = (i: number) => `Statement ${i + 1}: the applicant declared funds of CAD ${(12000 + i * 37).toLocaleString('en-CA')} held at the bank since March.`;
  return {
    ...m,
    gatekeeper: {
      ...m.gatekeeper!,
      refusalTriggers: Array.from({ length: third }, (_, i) => ({
        provision: i % 2 ? 'IRPR 216(1)(b)' : 'IRPA 40(1)(a)',
        severity: severity(i),
        summary: `Finding ${i + 1}: the statement on page ${(i % 9) + 1} does not match the bank letter, and the difference is not explained anywhere in the file.`,
        evidence: [{ docId: doc, page: (i % 9) + 1, quote: quote(i) }],
        source: `rubric:factor-${i % 7}`,
      })),
      complianceIssues: Array.from({ length: third }, (_, i) => ({
        code: `issue-${i + 1}`,
        severity: severity(i + 1),
        message: `Compliance issue ${i + 1}: a required form field is blank or inconsistent with another document.`,
        requiredFix: `Complete field ${i + 1} and explain the difference in a covering letter.`,
        documents: [doc, BENIGN_NAMES[1 + (i % 4)]],
      })),
      consistencyFindings: Array.from({ length: count - 2 * third }, (_, i) => ({
        code: `mismatch-${i + 1}`,
        severity: severity(i + 2),
        summary: `Consistency finding ${i + 1}: two documents give different dates for the same event.`,
        evidence: [
          { docId: doc, page: 1, quote: quote(i) },
          { docId: BENIGN_NAMES[4], quote: quote(i + 1) },
        ],
      })),
    },
  };
}

/** Every place a name can land holds a very long name, or a name in another script. */
export function worldNamesReport(): ReportModel {
  const names = [LONG_NAME, WORLD_NAMES.arabic, WORLD_NAMES.hebrew, WORLD_NAMES.chinese, WORLD_NAMES.japanese, WORLD_NAMES.korean];
  const texts = [WORLD_NAMES.accented, WORLD_NAMES.arabic, WORLD_NAMES.hebrew, WORLD_NAMES.chinese, LONG_NAME, WORLD_NAMES.emoji, WORLD_NAMES.korean];
  const m = judgedReport(names, texts, { workflowType: 'refusal-analysis' });
  return {
    ...m,
    session: { ...m.session, caseId: `${WORLD_NAMES.arabic} ${WORLD_NAMES.chinese} ${'X'.repeat(180)}` },
    workflowTitle: `Refusal analysis for ${WORLD_NAMES.accented} ${WORLD_NAMES.hebrew} ${WORLD_NAMES.japanese}`,
  };
}

/**
 * A typical Ultra report whose every name and quoted text is one of SCRIPT_NAMES, as are a document's
 * name, the case id (in every running header) and the workflow title (in the cover's serif heading).
 */
export function scriptNamesReport(): ReportModel {
  const texts = Object.values(SCRIPT_NAMES);
  const names = [...BENIGN_NAMES.slice(0, 5), `${SCRIPT_NAMES.tamil} notes.txt`];
  const m = judgedReport(names, texts, { workflowType: 'risk-audit' });
  return {
    ...m,
    session: { ...m.session, caseId: `${SCRIPT_NAMES.korean}-2026` },
    workflowTitle: `Risk audit for ${SCRIPT_NAMES.hindi}`,
  };
}

/** A judged report whose later stages produced nothing: no strategist, no judge, no research, empty gatekeeper lists. */
export function emptySectionsReport(): ReportModel {
  const base = studyPermitReport(BENIGN_NAMES);
  return {
    ...base,
    session: { ...base.session, workflowType: 'final-review', tier: 'pro' },
    workflowTitle: 'Final review',
    reportDepth: 'full',
    maxCitations: 10,
    intake: {
      ...base.intake,
      documents: [],
      profile: { funds: [], priorRefusals: [], declarations: [], otherFacts: [] },
    },
    gatekeeper: {
      checklist: { ...base.gatekeeper!.checklist, present: [], missing: [], problem: [], otherDocuments: [] },
      injectionAttempts: [],
      refusalTriggers: [],
      complianceIssues: [],
      consistencyFindings: [],
      requiredFixes: [],
    },
    detective: undefined,
    verifier: undefined,
    strategist: undefined,
    judge: undefined,
    stageStatus: { intake: 'ok', gatekeeper: 'ok', strategist: 'failed:StageTimeout:no answer within 60 s', judge: 'skipped:strategist failed' },
  };
}

/** A stored report from before the gatekeeper findings, the skipped-file list and the judge's inputs existed. */
export function missingFieldsReport(): ReportModel {
  const m = judgedReport(BENIGN_NAMES, BENIGN_NAMES, { workflowType: 'initial-assessment', reportDepth: 'summary', verification: 'PASS' });
  const { refusalTriggers: _t, complianceIssues: _c, consistencyFindings: _f, requiredFixes: _r, outcomePromises: _o, ...gatekeeper } = m.gatekeeper!;
  return {
    ...m,
    intake: { ...m.intake, skipped: undefined as unknown as [] },
    gatekeeper,
    strategist: { ...m.strategist!, modelAdjustment: null, factors: [], strengths: [], weaknesses: [], evidencePlan: { baseline: [], live: [], strategic: [] } },
    judge: { ...m.judge!, inputs: undefined as unknown as NonNullable<ReportModel['judge']>['inputs'] },
    overview: undefined,
  };
}
