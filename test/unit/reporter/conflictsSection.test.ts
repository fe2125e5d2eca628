/**
 * The report shows the fact model's unresolved conflicts: both readings with their quotes and
 * documents, marked "not resolved — check", in Markdown and in the PDF; and a profile fact that is
 * one reading of a conflict is never shown as settled.
 */
import type { CaseFacts } from '../../../lambdas/contracts/caseFacts';
import { renderReport } from '../../../lambdas/agents/reporter/renderReport';
import { renderReportPdf } from '../../../lambdas/agents/reporter/pdf/renderReportPdf';
import { CONFLICTS_HEADING } from '../../../lambdas/agents/reporter/sections/conflictsSection';
import type { ReportModel } from '../../../lambdas/agents/reporter/reportModel';
import { judgedReport } from './judgedFixture';
import { studyPermitReport, BENIGN_NAMES } from './reportFixture';
import { readPdf, squeeze } from './pdf/readPdf';

const FORM = BENIGN_NAMES[0];
const OTHER = BENIGN_NAMES[4];
const MARRIED_FORM = 'Date of marriage: 2017-12-02';
const MARRIED_LETTER = 'Nous nous sommes mariés le 2 décembre 2016 à Medellín.';

function facts(conflicts: CaseFacts['conflicts']): CaseFacts {
  return {
    documents: [],
    parties: [],
    application: { kind: 'study-permit', subKinds: [], reason: 'test', applicantLocation: 'outside-canada', isRefusal: false, evidence: [], confidence: 0.9 },
    timeline: [],
    declarations: [],
    money: [],
    officerFindings: [],
    conflicts,
  };
}

const MARRIAGE_CONFLICT: CaseFacts['conflicts'] = [
  {
    topic: 'marriage of applicant',
    readings: [
      { value: '2017-12-02', evidence: { docId: FORM, page: 1, quote: MARRIED_FORM }, source: 'rules' },
      { value: '2016-12-02', evidence: { docId: OTHER, page: 1, quote: MARRIED_LETTER }, source: 'model' },
    ],
  },
];

function withConflicts(m: ReportModel, conflicts: CaseFacts['conflicts']): ReportModel {
  return { ...m, intake: { ...m.intake, caseFacts: facts(conflicts) } };
}

describe('conflicting readings in the report', () => {
  it('lists both readings with their quotes, documents and readers, marked not resolved (judged report)', () => {
    const md = renderReport(withConflicts(judgedReport(), MARRIAGE_CONFLICT));
    const section = md.slice(md.indexOf(`## ${CONFLICTS_HEADING}`));
    expect(section).toContain('marriage of applicant');
    expect(section).toContain(`“${MARRIED_FORM}”`);
    expect(section).toContain(`“${MARRIED_LETTER}”`);
    expect(section).toContain('rules reader');
    expect(section).toContain('model reader');
    expect(section.match(/not resolved — check/g)?.length).toBeGreaterThanOrEqual(2);
    // In the reasoning, above the appendix.
    expect(md.indexOf(`## ${CONFLICTS_HEADING}`)).toBeGreaterThan(md.indexOf('## At a glance'));
    expect(md.indexOf(`## ${CONFLICTS_HEADING}`)).toBeLessThan(md.indexOf('## Appendix: how this audit ran'));
  });

  it('has no such section when the readings agree', () => {
    expect(renderReport(withConflicts(judgedReport(), []))).not.toContain(CONFLICTS_HEADING);
    expect(renderReport(judgedReport())).not.toContain(CONFLICTS_HEADING);
  });

  it('refers a conflict that a refusal trigger states with both quotes to that trigger instead of showing it twice', () => {
    const base = judgedReport();
    const triggers = base.gatekeeper!.refusalTriggers!;
    const stated = { ...triggers[0]!, provision: 'IRPA 40(1)(a)', evidence: MARRIAGE_CONFLICT[0]!.readings.map((r) => r.evidence) };
    const profile = { ...base.intake.profile, relationship: { marriageDate: { value: '2017-12-02', evidence: { docId: FORM, page: 1, quote: MARRIED_FORM } } } };
    const m = withConflicts({ ...base, intake: { ...base.intake, profile }, gatekeeper: { ...base.gatekeeper!, refusalTriggers: [stated, ...triggers.slice(1)] } }, MARRIAGE_CONFLICT);
    const md = renderReport(m);
    expect(md).not.toContain(`## ${CONFLICTS_HEADING}`);
    const findings = md.slice(md.indexOf('## Legal findings'), md.indexOf('## Appendix'));
    expect(findings).toMatch(/one fact read two ways \(not settled either way\) (is|are) stated with the refusal trigger IRPA 40\(1\)\(a\) above\./i);
    // The fact's row in the case summary points to where the conflict is stated.
    expect(md).toContain('2017-12-02 (conflicting readings, not resolved — check: see IRPA 40(1)(a) under Legal findings)');
    // Only one of its quotes in a trigger: the conflict is still shown whole.
    const half = { ...stated, evidence: [MARRIAGE_CONFLICT[0]!.readings[0]!.evidence] };
    const shown = renderReport(withConflicts({ ...base, gatekeeper: { ...base.gatekeeper!, refusalTriggers: [half] } }, MARRIAGE_CONFLICT));
    expect(shown.slice(shown.indexOf(`## ${CONFLICTS_HEADING}`)).match(/not resolved — check/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it('counts a trigger that quotes the decisive line of a reading’s passage as stating that reading', () => {
    const base = judgedReport();
    const [form, letter] = MARRIAGE_CONFLICT[0]!.readings.map((r) => r.evidence);
    // The conflict quotes the letter's whole passage; the trigger only its sentence about the marriage.
    const passage = { ...letter!, quote: `Nous vivons ensemble depuis 2015.\n${MARRIED_LETTER}` };
    const conflict = [{ ...MARRIAGE_CONFLICT[0]!, readings: [MARRIAGE_CONFLICT[0]!.readings[0]!, { ...MARRIAGE_CONFLICT[0]!.readings[1]!, evidence: passage }] }];
    const trigger = { ...base.gatekeeper!.refusalTriggers![0]!, provision: 'IRPA 16(1)', evidence: [form!, letter!] };
    const md = renderReport(withConflicts({ ...base, gatekeeper: { ...base.gatekeeper!, refusalTriggers: [trigger] } }, conflict));
    expect(md).not.toContain(`## ${CONFLICTS_HEADING}`);
    expect(md).toMatch(/one fact read two ways \(not settled either way\) (is|are) stated with the refusal trigger IRPA 16\(1\) above\./i);
    // A few shared words are not the same passage: the conflict is shown.
    const short = { ...trigger, evidence: [form!, { ...letter!, quote: 'Nous nous sommes' }] };
    expect(renderReport(withConflicts({ ...base, gatekeeper: { ...base.gatekeeper!, refusalTriggers: [short] } }, conflict))).toContain(`## ${CONFLICTS_HEADING}`);
  });

  it('shows the conflicts in the document-list and client-guidance reports too', () => {
    expect(renderReport(withConflicts(studyPermitReport(BENIGN_NAMES), MARRIAGE_CONFLICT))).toContain(`## ${CONFLICTS_HEADING}`);
  });

  it('never shows a profile fact that is one reading of a conflict as settled', () => {
    const base = judgedReport();
    const m = withConflicts({ ...base, intake: { ...base.intake, profile: { ...base.intake.profile, relationship: { marriageDate: { value: '2017-12-02', evidence: { docId: FORM, page: 1, quote: MARRIED_FORM } } } } } }, MARRIAGE_CONFLICT);
    const summary = renderReport(m).split('## Appendix: how this audit ran')[1];
    expect(summary).toMatch(/2017-12-02 \(conflicting readings, not resolved — check: see Conflicting readings\)/);
  });

  it('carries the section into the PDF', async () => {
    const m = withConflicts(judgedReport(), MARRIAGE_CONFLICT);
    const pdf = await readPdf(await renderReportPdf(m));
    const text = squeeze(pdf.pages.map((p) => p.text).join(''));
    expect(text).toContain(squeeze(CONFLICTS_HEADING));
    expect(text).toContain(squeeze('not resolved — check'));
  });
});
