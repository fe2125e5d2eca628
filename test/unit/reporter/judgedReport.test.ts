import { renderReport } from '../../../lambdas/agents/reporter/renderReport';
import type { ReportModel } from '../../../lambdas/agents/reporter/reportModel';
import { INCOMPLETE_HEADING } from '../../../lambdas/agents/reporter/sections/verificationSection';
import { JUDGED_TYPES, OUTCOMES, PROMISE_QUOTE, judgedReport, type JudgedType } from './judgedFixture';
import { headings, parse, section } from './markdownParse';

const render = (m: ReportModel) => parse(renderReport(m));
const h2 = (m: ReportModel) => headings(render(m)).filter((h) => h.startsWith('h2 ')).map((h) => h.slice(3));
const decisionHeadingOf = (type: JudgedType) => (type === 'risk-audit' ? 'Final decision' : 'Verdict');

/** DESIGN §4, after the disclaimer and the header. */
const DESIGN_ORDER = ['Case summary', 'Defensibility Score', 'Strategist report', 'Gatekeeper review', 'Verification status'];

describe('the sections of a judged report', () => {
  it.each(JUDGED_TYPES)('puts the sections of a %s report in DESIGN §4 order, disclaimer first', (type) => {
    const m = judgedReport(undefined, undefined, { workflowType: type });
    const report = renderReport(m);
    expect(report.startsWith('> **Disclaimer.** ')).toBe(true);
    expect(h2(m)).toEqual([
      ...DESIGN_ORDER.slice(0, 4),
      'Legal research',
      'Verification status',
      INCOMPLETE_HEADING,
      decisionHeadingOf(type),
      'Audit stages',
      'Appendix: evidence',
    ]);
    const sequence = h2(m).filter((h) => [...DESIGN_ORDER, decisionHeadingOf(type)].includes(h));
    expect(sequence).toEqual([...DESIGN_ORDER, decisionHeadingOf(type)]);
  });

  it.each(JUDGED_TYPES)('keeps the same order in a summary-tier %s report that passed verification', (type) => {
    const m = judgedReport(undefined, undefined, { workflowType: type, reportDepth: 'summary', verification: 'PASS' });
    expect(h2(m)).toEqual([...DESIGN_ORDER.slice(0, 4), 'Legal research', 'Verification status', decisionHeadingOf(type)]);
  });

  it('holds the findings, the document checklist and the prompt-injection warnings inside the gatekeeper review', () => {
    const all = headings(render(judgedReport()));
    const start = all.indexOf('h2 Gatekeeper review');
    const end = all.indexOf('h2 Legal research');
    expect(all.slice(start + 1, end)).toEqual([
      'h3 Refusal triggers',
      'h3 Compliance issues',
      'h3 Required fixes',
      'h3 Consistency findings',
      'h3 Wording that promises a result',
      'h3 Document checklist',
      'h4 Missing',
      'h4 Problems',
      'h4 Present',
      'h4 Other documents in the file',
      'h3 Prompt-injection warnings',
    ]);
  });

  it('still renders a document-list report with the checklist and the warnings as sections of their own', () => {
    const m = { ...judgedReport(), session: { ...judgedReport().session, workflowType: 'document-list' as const } };
    expect(h2(m)).toEqual(['Case summary', 'Legal research', 'Document checklist', 'Prompt-injection warnings', 'Verification status', INCOMPLETE_HEADING, 'Audit stages', 'Appendix: evidence']);
  });
});

describe('Defensibility Score', () => {
  it('shows the score out of 100, the rubric score and the model adjustment apart, the confidence with its reason and the rationale', () => {
    expect(section(render(judgedReport()), 'Defensibility Score').slice(0, 6)).toEqual([
      'Defensibility Score: 48/100',
      'Rubric score: 52/100',
      'Model adjustment: -4 points — The refusal letter reads imm1294-application.pdf',
      'The language model may move the rubric score by at most 10 points either way, only with a stated reason, and the adjustment is logged.',
      'Confidence: medium — Two documents could not be read: letter-of-acceptance.pdf',
      'Rationale: Funds and immigration history weigh against the file; imm1294-application.pdf',
    ]);
  });

  it('shows a positive adjustment with its sign', () => {
    const m = judgedReport();
    m.strategist = { ...m.strategist!, rubricScore: 60, modelAdjustment: { points: 7, reason: 'strong ties' }, defensibilityScore: 67 };
    expect(section(render(m), 'Defensibility Score')).toContain('Model adjustment: +7 points — strong ties');
  });

  it('says the score comes from the rubric alone when there is no model adjustment', () => {
    const m = judgedReport();
    m.strategist = { ...m.strategist!, modelAdjustment: null, defensibilityScore: 52 };
    const lines = section(render(m), 'Defensibility Score');
    expect(lines.slice(0, 2)).toEqual(['Defensibility Score: 52/100', 'Scored from the rubric alone, with no model adjustment.']);
    expect(lines.join('\n')).not.toMatch(/Model adjustment|Rubric score:/);
  });

  it('lists every rubric factor with its weight, rating, finding and evidence source in a full report', () => {
    expect(section(render(judgedReport(undefined, undefined, { reportDepth: 'full' })), 'Rubric')).toEqual([
      'Rubric study-permit, version 2026.1. Weights are relative to each other within the rubric.',
      'Factor | Weight | Rating | Finding | Evidence source',
      'Proof of funds | 25 | weak | Funds shown: letter-of-acceptance.pdf (IRPR 216(1)(b)) | imm1294-application.pdf, p. 1',
      'Study plan | 20 | no evidence in the file | No study plan is in the file. | none: the finding records an absence',
      'Ties to the home country | 15 | adequate | Employment continues: Études/relevé_bancaire.pdf (IRPR 216(1)(b)) | wedding photos.docx, p. 1',
      'Letter of acceptance | 30 | strong | Acceptance by a designated learning institution. | letter-of-acceptance.pdf',
      'Immigration history | 10 | adverse | A prior refusal: wedding photos.docx (IRPA 40(1)(a)) | Études/relevé_bancaire.pdf, p. 2; imm1294-application.pdf, p. 3',
      'The score measures how well the file would hold up if a refusal were reviewed by the Federal Court. It is not a prediction of what an officer will decide.',
    ]);
  });

  it('shows only the three heaviest factors in a summary report, heaviest first, and says so', () => {
    const lines = section(render(judgedReport(undefined, undefined, { reportDepth: 'summary' })), 'Rubric');
    expect(lines.filter((l) => l.includes(' | ') && !l.startsWith('Factor')).map((l) => l.split(' | ')[0])).toEqual(['Letter of acceptance', 'Proof of funds', 'Study plan']);
    expect(lines).toContain('Showing the 3 factors with the most weight, of 5. A full report lists every factor.');
  });

  it('presents the score exactly as the strategist gave it, without recomputing it from the factors', () => {
    const m = judgedReport();
    m.strategist = { ...m.strategist!, rubricScore: 10, modelAdjustment: null, defensibilityScore: 91 };
    expect(section(render(m), 'Defensibility Score')[0]).toBe('Defensibility Score: 91/100');
  });

  it('says why there is no score when the strategist stage failed', () => {
    const m = { ...judgedReport(), strategist: undefined };
    m.stageStatus = { ...m.stageStatus, strategist: 'failed:RubricNotFound:no rubric for study-permit' };
    expect(section(render(m), 'Defensibility Score')).toEqual([
      'The strategist stage did not complete (failed:RubricNotFound:no rubric for study-permit), so there is no Defensibility Score to show. Review this part of the file manually.',
    ]);
    expect(section(render(m), 'Strategist report')[0]).toMatch(/^The strategist stage did not complete/);
  });
});

describe('Strategist report', () => {
  it('lists strengths and weaknesses with the factor each speaks to', () => {
    const tokens = render(judgedReport());
    expect(section(tokens, 'Strengths')).toEqual(['Acceptance letter from letter-of-acceptance.pdf (factor: Letter of acceptance)', 'A clear program of study']);
    expect(section(tokens, 'Weaknesses')).toEqual(['Funds: Études/relevé_bancaire.pdf (factor: Proof of funds)', 'Refusal: passport scan (2).pdf (factor: Immigration history)']);
  });

  it('gives the evidence plan in three parts, Baseline, Live and Strategic', () => {
    const tokens = render(judgedReport());
    expect(headings(tokens).filter((h) => h.startsWith('h4 ') && / — /.test(h))).toEqual([
      'h4 Baseline — in the file now',
      'h4 Live — obtainable now',
      'h4 Strategic — recommended additions',
    ]);
    expect(section(tokens, 'Baseline — in the file now')).toEqual(['Item | Why it matters | Factor', 'Study permit application (imm1294-application.pdf) | the application itself | Letter of acceptance']);
    expect(section(tokens, 'Live — obtainable now')).toEqual(['Item | Why it matters | Factor', 'Six months of bank statements wedding photos.docx | show where notes.txt came from | Proof of funds']);
    expect(section(tokens, 'Strategic — recommended additions')).toEqual(['Item | Why it matters | Factor', 'A study plan | explains why this program, here and now | Study plan']);
  });

  it('says so when a part of the plan is empty', () => {
    const m = judgedReport();
    m.strategist = { ...m.strategist!, evidencePlan: { ...m.strategist!.evidencePlan, live: [] } };
    expect(section(render(m), 'Live — obtainable now')).toEqual(['Nothing listed.']);
  });
});

describe('Gatekeeper review', () => {
  it('lists refusal triggers by provision, critical first, then high, medium and low', () => {
    expect(section(render(judgedReport()), 'Refusal triggers')).toEqual([
      'Grounds on which an officer could refuse, by provision, the most serious first.',
      'Provision | Severity | Finding | Evidence source | Raised by',
      'IRPA 40(1)(a) | critical | The form says never refused: letter-of-acceptance.pdf | imm1294-application.pdf, p. 3; Études/relevé_bancaire.pdf, p. 2 | consistency:never-refused',
      'IRPA 16(1) | high | Documents cannot be read: Études/relevé_bancaire.pdf | none quoted | checklist',
      'IRPR 216(1)(b) | medium | Funds may not cover tuition: imm1294-application.pdf | imm1294-application.pdf, p. 1 | rubric:funds',
      'IRPR 216(1)(b) | low | No study plan | none quoted | rubric:study-plan',
    ]);
  });

  it('lists compliance issues, the most serious first', () => {
    expect(section(render(judgedReport()), 'Compliance issues')).toEqual([
      'Severity | Issue | Code | Documents',
      'high | No study plan | missing-study-plan | —',
      'medium | Études/relevé_bancaire.pdf cannot be opened | unreadable-document | Études/relevé_bancaire.pdf',
    ]);
  });

  it('lists the required fixes once each, from the gatekeeper’s list and the compliance issues, most serious first', () => {
    expect(section(render(judgedReport()), 'Required fixes')).toEqual([
      'high — Add a study plan (missing-study-plan)',
      'medium — Send a readable copy of Études/relevé_bancaire.pdf (unreadable-document); documents: Études/relevé_bancaire.pdf',
      'Explain the earlier refusal in a letter: letter-of-acceptance.pdf',
    ]);
  });

  it('counts required-fix entries it cannot read instead of guessing at them', () => {
    const m = judgedReport();
    m.gatekeeper = { ...m.gatekeeper!, requiredFixes: [{ weight: 3 }, 42, 'Add a study plan'] };
    expect(section(render(m), 'Required fixes').slice(-1)).toEqual(["2 further entries in the gatekeeper's list had no text to show; see bundle.json."]);
  });

  it('quotes the conflicting statements of each consistency finding with their documents and pages', () => {
    expect(section(render(judgedReport()), 'Consistency findings')).toEqual([
      'Places where the documents disagree with each other, the most serious first. Each statement is quoted as it appears in its document.',
      'critical · The form denies a refusal that a letter records: wedding photos.docx — IRPA 40(1)(a)',
      'Document | Page | Statement (verbatim)',
      'imm1294-application.pdf | 3 | “notes.txt”',
      'Études/relevé_bancaire.pdf | 2 | “wedding photos.docx”',
      'low · Program start dates differ',
      'Document | Page | Statement (verbatim)',
      'letter-of-acceptance.pdf | — | “notes.txt”',
      'wedding photos.docx | 1 | “imm1294-application.pdf”',
    ]);
  });

  it('quotes wording in the file that promises a result, and says nobody can promise one', () => {
    const lines = section(render(judgedReport()), 'Wording that promises a result');
    expect(lines[0]).toMatch(/^Nobody can promise how an officer will decide\./);
    expect(lines.slice(1)).toEqual(['Where | Page | Wording (verbatim)', `wedding photos.docx | 1 | “${PROMISE_QUOTE}”`]);
  });

  it('renders a gatekeeper output stored before the findings existed, saying what was not checked', () => {
    const m = judgedReport();
    m.gatekeeper = { checklist: m.gatekeeper!.checklist, injectionAttempts: m.gatekeeper!.injectionAttempts };
    const tokens = render(m);
    expect(section(tokens, 'Refusal triggers')).toEqual([expect.stringMatching(/predates the refusal-trigger checks/)]);
    expect(section(tokens, 'Compliance issues')).toEqual([expect.stringMatching(/predates the compliance checks/)]);
    expect(section(tokens, 'Required fixes')).toEqual([expect.stringMatching(/predates the required-fix list/)]);
    expect(section(tokens, 'Consistency findings')).toEqual([expect.stringMatching(/predates the cross-document consistency checks/)]);
    expect(headings(tokens)).not.toContain('h3 Wording that promises a result');
    expect(headings(tokens)).toContain('h3 Document checklist');
    expect(section(tokens, 'Appendix: evidence').join('\n')).not.toMatch(/refusal trigger/);
  });

  it('says the review is incomplete when the gatekeeper stage failed, and still shows its safe default', () => {
    const m = judgedReport();
    m.gatekeeper = { checklist: { ...m.gatekeeper!.checklist, present: [], missing: [], otherDocuments: [] }, injectionAttempts: [] };
    m.stageStatus = { ...m.stageStatus, gatekeeper: 'failed:TypeError:boom' };
    const lines = section(render(m), 'Gatekeeper review');
    expect(lines[0]).toBe('The gatekeeper stage did not complete (failed:TypeError:boom), so there is no complete review to show. Review this part of the file manually.');
    expect(lines).toContain('The gatekeeper stage did not complete, so the documents were not checked for prompt injection. Review them manually.');
  });

  it('says when the gatekeeper found nothing, apart from when it did not check', () => {
    const m = judgedReport();
    m.gatekeeper = { ...m.gatekeeper!, refusalTriggers: [], complianceIssues: [], consistencyFindings: [], requiredFixes: [], outcomePromises: [] };
    const tokens = render(m);
    expect(section(tokens, 'Refusal triggers')).toEqual(['No refusal trigger was found.']);
    expect(section(tokens, 'Compliance issues')).toEqual(['No compliance issue was found.']);
    expect(section(tokens, 'Required fixes')).toEqual(['No fix is required before filing.']);
    expect(section(tokens, 'Wording that promises a result')).toEqual(['No wording promising a particular result was found.']);
  });
});

describe('Final decision or verdict', () => {
  it.each(JUDGED_TYPES)('labels the %s outcome provisional, never final, when verification is INCOMPLETE', (type) => {
    const tokens = render(judgedReport(undefined, undefined, { workflowType: type }));
    const lines = section(tokens, decisionHeadingOf(type));
    expect(lines[0]).toMatch(new RegExp(`^Provisional outcome \\(not final\\): ${OUTCOMES[type]} — `));
    expect(lines[1]).toMatch(/^Verification is INCOMPLETE, so this (decision|verdict) is provisional\. It becomes final only after a person has reviewed the citations listed under AUDIT INCOMPLETE/);
    expect(lines.join('\n')).not.toMatch(/^Outcome:/m);
    expect(section(tokens, INCOMPLETE_HEADING).length).toBeGreaterThan(0);
    expect(renderReport(judgedReport(undefined, undefined, { workflowType: type }))).toContain('provisional, not final');
  });

  it.each(JUDGED_TYPES)('shows the %s outcome, the decision-table rule and the rationale when verification passed', (type) => {
    const tokens = render(judgedReport(undefined, undefined, { workflowType: type, verification: 'PASS' }));
    const lines = section(tokens, decisionHeadingOf(type));
    expect(lines[0]).toMatch(new RegExp(`^Outcome: ${OUTCOMES[type]} — `));
    expect(lines).toContain('Decision-table rule: critical-trigger-or-score-below-60');
    expect(lines).toContain('Rationale: A critical trigger under IRPA 40(1)(a) and a score of 48; passport scan (2).pdf');
    expect(lines.join('\n')).not.toMatch(/provisional/i);
    expect(headings(tokens)).not.toContain(`h2 ${INCOMPLETE_HEADING}`);
  });

  it('keeps the outcome provisional when the verifier failed even if the judge called it final', () => {
    const m = judgedReport();
    m.judge = { ...m.judge!, final: true, inputs: { ...m.judge!.inputs, verification: 'PASS' } };
    expect(section(render(m), 'Verdict')[0]).toMatch(/^Provisional outcome \(not final\): CAUTION/);
  });

  it('shows the outcome as provisional when the judge says it is not final', () => {
    const m = judgedReport(undefined, undefined, { verification: 'PASS' });
    m.judge = { ...m.judge!, final: false };
    const lines = section(render(m), 'Verdict');
    expect(lines[0]).toMatch(/^Provisional outcome \(not final\): CAUTION/);
    expect(lines[1]).toMatch(/reviewed the citations this audit relies on/);
  });

  it('presents the outcome the judge gave, unchanged, even where the inputs seem to point elsewhere', () => {
    const m = judgedReport(undefined, undefined, { verification: 'PASS' });
    m.judge = { ...m.judge!, outcome: 'GO' };
    expect(section(render(m), 'Verdict')[0]).toMatch(/^Outcome: GO — /);
  });

  it('lists the inputs the decision table weighed in a full report, not in a summary', () => {
    expect(section(render(judgedReport(undefined, undefined, { reportDepth: 'full' })), 'What the decision table weighed')).toEqual([
      'Input | Value',
      'Defensibility Score | 48/100',
      'Confidence | medium',
      'Critical refusal triggers | 1',
      'High refusal triggers | 1',
      'Blocking compliance issues | 1',
      'Gatekeeper review | complete',
      'Verification | INCOMPLETE',
    ]);
    expect(headings(render(judgedReport(undefined, undefined, { reportDepth: 'summary' })))).not.toContain('h3 What the decision table weighed');
    const unreviewed = judgedReport(undefined, undefined, { reportDepth: 'full' });
    unreviewed.judge = { ...unreviewed.judge!, inputs: { ...unreviewed.judge!.inputs, gatekeeperReviewed: false } };
    expect(section(render(unreviewed), 'What the decision table weighed')).toContain('Gatekeeper review | missing or incomplete: no go-ahead possible');
  });

  it('names no outcome when the judge stage failed, and does not make one up', () => {
    const m = { ...judgedReport(undefined, undefined, { workflowType: 'risk-audit' }), judge: undefined };
    m.stageStatus = { ...m.stageStatus, judge: 'failed:DecisionTableMissing:no table' };
    const lines = section(render(m), 'Final decision');
    expect(lines).toEqual([
      'The judge stage did not complete (failed:DecisionTableMissing:no table), so there is no decision to show. Review this part of the file manually.',
      'This report does not supply one: a decision comes only from the decision table, applied before the report is written.',
    ]);
  });

  it('leaves the model it renders untouched', () => {
    const m = judgedReport();
    const before = JSON.stringify(m);
    renderReport(m);
    expect(JSON.stringify(m)).toBe(before);
  });
});

describe('report depth by tier', () => {
  it('leaves the stage table, the decision inputs and the appendix out of a summary report', () => {
    const all = headings(render(judgedReport(undefined, undefined, { reportDepth: 'summary' })));
    expect(all).not.toContain('h2 Audit stages');
    expect(all).not.toContain('h2 Appendix: evidence');
  });

  it('gives a full report every factor and the stage table, without the appendix', () => {
    const tokens = render(judgedReport(undefined, undefined, { reportDepth: 'full' }));
    expect(section(tokens, 'Rubric').filter((l) => / \| \d+ \| /.test(l))).toHaveLength(5);
    expect(headings(tokens)).toContain('h2 Audit stages');
    expect(headings(tokens)).not.toContain('h2 Appendix: evidence');
  });

  it('quotes, in the appendix, the evidence behind every factor and every trigger with its document and page', () => {
    const tokens = render(judgedReport());
    expect(section(tokens, 'Evidence behind each rubric factor')).toEqual([
      'Factor | Quote (verbatim) | Document | Page',
      'Proof of funds | “Closing balance: passport scan (2).pdf” | imm1294-application.pdf | 1',
      'Study plan | no quote: the finding records an absence | — | —',
      'Ties to the home country | “Études/relevé_bancaire.pdf” | wedding photos.docx | 1',
      'Letter of acceptance | “passport scan (2).pdf” | letter-of-acceptance.pdf | —',
      'Immigration history | “wedding photos.docx” | Études/relevé_bancaire.pdf | 2',
      'Immigration history | “notes.txt” | imm1294-application.pdf | 3',
    ]);
    expect(section(tokens, 'Evidence behind each refusal trigger')).toEqual([
      'Provision | Trigger | Quote (verbatim) | Document | Page',
      'IRPA 40(1)(a) | The form says never refused: letter-of-acceptance.pdf | “notes.txt” | imm1294-application.pdf | 3',
      'IRPA 40(1)(a) | The form says never refused: letter-of-acceptance.pdf | “wedding photos.docx” | Études/relevé_bancaire.pdf | 2',
      'IRPA 16(1) | Documents cannot be read: Études/relevé_bancaire.pdf | no quote: the finding records an absence | — | —',
      'IRPR 216(1)(b) | Funds may not cover tuition: imm1294-application.pdf | “Closing balance: passport scan (2).pdf” | imm1294-application.pdf | 1',
      'IRPR 216(1)(b) | No study plan | no quote: the finding records an absence | — | —',
    ]);
  });
});

describe('unverified citations in agent text', () => {
  it('marks a failed citation named in a rationale as not verified and not relied on', () => {
    const m = judgedReport();
    m.verifier = {
      ...m.verifier!,
      checked: [...m.verifier!.checked, { citation: 'Smith v. Canada, 2022 FC 456', foundIn: 'strategist', verdict: 'failed', issue: 'unverified', detail: 'could not be verified offline' }],
    };
    m.strategist = { ...m.strategist!, rationale: 'As held in 2022 FC 456, the funds fall short.' };
    expect(section(render(m), 'Defensibility Score')).toContain(
      'Rationale: As held in 2022 FC 456, the funds fall short. (Not verified: 2022 FC 456. This citation is not relied on as authority anywhere in this report.)',
    );
  });
});
