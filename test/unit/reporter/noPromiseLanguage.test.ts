import { renderReport } from '../../../lambdas/agents/reporter/renderReport';
import type { ReportModel } from '../../../lambdas/agents/reporter/reportModel';
import { DISCLAIMER } from '../../../lambdas/agents/reporter/disclaimer';
import { BENIGN_NAMES, studyPermitReport } from './reportFixture';
import { JUDGED_TYPES, PROMISE_QUOTE, judgedReport, type JudgedType } from './judgedFixture';
import { ownWording, promiseClaims, readableText } from './promiseLanguage';
import { parse, section } from './markdownParse';

const DEPTHS: ReadonlyArray<ReportModel['reportDepth']> = ['summary', 'full', 'full-with-evidence-appendix'];

/** Every outcome of the four decision tables, with a workflow that can give it. */
const ALL_OUTCOMES: Array<[outcome: string, workflowType: JudgedType]> = [
  ['PROCEED', 'risk-audit'],
  ['REVISE', 'risk-audit'],
  ['HIGH-RISK', 'risk-audit'],
  ['GO', 'initial-assessment'],
  ['CAUTION', 'initial-assessment'],
  ['NO-GO', 'initial-assessment'],
  ['APPROVE', 'final-review'],
  ['REVISE', 'final-review'],
  ['APPEAL', 'refusal-analysis'],
  ['REAPPLY', 'refusal-analysis'],
  ['ABANDON', 'refusal-analysis'],
];

describe('the promise-language scan used below', () => {
  it('finds a promise of an outcome', () => {
    expect(promiseClaims('Your visa will be approved.')).toHaveLength(1);
    expect(promiseClaims('We guarantee approval. Success is certain.')).toHaveLength(2);
    expect(promiseClaims('Approval is assured for this file')).toHaveLength(1);
    expect(promiseClaims(PROMISE_QUOTE)).toHaveLength(2);
  });

  it('accepts a sentence that denies one, such as the disclaimer', () => {
    expect(promiseClaims(DISCLAIMER)).toEqual([]);
    expect(promiseClaims('Nobody can guarantee that a permit will be issued.')).toEqual([]);
  });
});

describe('no report promises an outcome', () => {
  const cases = JUDGED_TYPES.flatMap((type) => DEPTHS.flatMap((depth) => (['PASS', 'INCOMPLETE'] as const).map((v) => [type, depth, v] as const)));

  it.each(cases)('a %s report at depth %s with verification %s has no promise in its own wording', (workflowType, reportDepth, verification) => {
    const report = renderReport(judgedReport(undefined, undefined, { workflowType, reportDepth, verification }));
    expect(promiseClaims(ownWording(report, [PROMISE_QUOTE]))).toEqual([]);
  });

  it('would notice a promise if one were there: the quoted wording from the file is caught when it is not taken out', () => {
    const report = renderReport(judgedReport(undefined, undefined, { workflowType: 'risk-audit' }));
    expect(promiseClaims(readableText(report))).toEqual([`“${PROMISE_QUOTE}”`, `“${PROMISE_QUOTE}”`]);
  });

  it.each(ALL_OUTCOMES)('words the %s outcome of %s without promising anything', (outcome, workflowType) => {
    for (const verification of ['PASS', 'INCOMPLETE'] as const) {
      const m = judgedReport(undefined, undefined, { workflowType, verification });
      m.judge = { ...m.judge!, outcome };
      // The outcome and its meaning open page one; the reasons follow.
      const lines = [...section(parse(renderReport(m)), 'At a glance'), ...section(parse(renderReport(m)), 'Why this outcome')];
      expect(lines[0]).toContain(outcome);
      expect(promiseClaims(lines.join('\n'))).toEqual([]);
    }
  });

  it.each(DEPTHS)('a client-guidance report at depth %s has no promise in its own wording', (reportDepth) => {
    const m = { ...studyPermitReport(BENIGN_NAMES), reportDepth };
    expect(promiseClaims(readableText(renderReport(m)))).toEqual([]);
  });
});
