/**
 * Passport validity: the passport must not have expired, and must not expire before the intended
 * stay ends (program, employment, visit). A compliance issue rated by severityRules.json, never a
 * refusal trigger. The texts are fictional and written for these tests.
 */
import { gatekeeperAgent } from '../../../lambdas/agents/gatekeeper/gatekeeperAgent';
import { caseDocuments } from '../../../lambdas/agents/gatekeeper/consistency/caseDocuments';
import { bundledConsistencyRules, parseConsistencyRules } from '../../../lambdas/agents/gatekeeper/consistency/consistencyRules';
import rulesJson from '../../../lambdas/agents/gatekeeper/consistency/consistencyRules.json';
import type { DateParts } from '../../../lambdas/core/text/dates';
import { checkPassportValidity } from '../../../lambdas/agents/gatekeeper/consistency/passportValidity';
import { passportIssues } from '../../../lambdas/agents/gatekeeper/findings/complianceIssues';
import { bundledSeverityRules } from '../../../lambdas/agents/gatekeeper/findings/severityRules';
import { ComplianceIssue } from '../../../lambdas/contracts/findings';
import type { ApplicationType } from '../../../lambdas/contracts/intakeOutput';
import { verifyEvidence } from '../../../lambdas/core/caseText/verifyEvidence';
import { logger } from '../../../lambdas/core/observability/logger';
import { readableDoc } from '../../fixtures/documents/extractedDocs';
import { edit, type FixtureDoc } from './caseFixtures';
import { jsonBlobs, stageContext, typedFile } from './gatekeeperFixtures';

const TODAY: DateParts = { year: 2026, month: 1, day: 10 };

const PASSPORT_PAGE = `REPUBLIC OF TESTLAND - PASSPORT
Transcription of the biographical data page

Type: P
Passport No. / No. du passeport: T1234567
Surname: NGUYEN
Given names: THI MAI
Date of birth: 14 FEB 2001
Date of issue / Date de delivrance: 20 NOV 2017
Date of expiry / Date d'expiration: 20 NOV 2027

Machine readable zone (MRZ):
P<TSTNGUYEN<<THI<MAI<<<<<<<<<<<<<<<<<<<<<<<<
T1234567<0TST0102144F2711209<<<<<<<<<<<<<<06`;

const STUDY_FORM = `IMM 1294 (E)
APPLICATION FOR A STUDY PERMIT MADE OUTSIDE OF CANADA

---------------------------------------------------------------------
PASSPORT
---------------------------------------------------------------------
Passport number: T1234567
Country/territory of issue: Testland
Issue date: 2017-11-20
Expiry date: 2027-11-20

---------------------------------------------------------------------
NATIONAL IDENTITY DOCUMENT
---------------------------------------------------------------------
Document number: 000000000417
Issue date: 2025-02-20   Expiry date: 2040-03-17

---------------------------------------------------------------------
DETAILS OF INTENDED STUDY IN CANADA
---------------------------------------------------------------------
Name of institution: Maple Test College
Duration of expected study: From 2026-09-08 To 2028-04-21`;

const LETTER_OF_ACCEPTANCE = `MAPLE TEST COLLEGE - LETTER OF ACCEPTANCE
Student: Thi Mai NGUYEN
Program start date: 2026-09-08
Expected completion date: 2028-04-21
\f# PROVINCIAL ATTESTATION LETTER (PAL)
PAL ID: XX-PAL-0000-000001
Valid until: 2027-01-31`;

const STUDY_PLAN = `# Study plan
**Passport:** T1234567 (Testland)
I will return home when the program ends in April 2028.`;

/** A study-permit file whose passport expires 2027-11-20, before the program ends on 2028-04-21. */
function studyFile(): FixtureDoc[] {
  return [
    { name: 'passport-bio-page.txt', type: 'passport', text: PASSPORT_PAGE },
    { name: 'imm1294-form.txt', type: 'imm-1294', text: STUDY_FORM },
    { name: 'letter-of-acceptance.txt', type: 'letter-of-acceptance', text: LETTER_OF_ACCEPTANCE },
    { name: 'study-plan.md', type: 'study-plan', text: STUDY_PLAN },
  ];
}

/** The same file with a passport valid until `expiry` everywhere (passport page, MRZ removed, form). */
function studyFileExpiring(expiry: string, written = expiry): FixtureDoc[] {
  const withoutMrz = (text: string) => text.replace(/\nMachine readable zone[\s\S]*$/, '');
  return studyFile().map((d) => {
    if (d.name === 'passport-bio-page.txt') return { ...d, text: withoutMrz(d.text).replace('Date of expiry / Date d\'expiration: 20 NOV 2027', `Date of expiry / Date d'expiration: ${written}`) };
    if (d.name === 'imm1294-form.txt') return { ...d, text: d.text.replace('Expiry date: 2027-11-20', `Expiry date: ${expiry}`) };
    return d;
  });
}

function run(fixtures: FixtureDoc[], applicationType: ApplicationType = 'study-permit', today: DateParts = TODAY) {
  const extracted = fixtures.map((f) => readableDoc(f.name, f.text));
  const summaries = fixtures.map((f) => ({ docId: f.name, name: f.name, status: 'ok' as const, statusDetail: '', type: f.type, typeReason: 'test', pages: 1, characters: f.text.length }));
  const found = checkPassportValidity(caseDocuments(extracted, summaries), { applicationType, today });
  for (const e of found?.evidence ?? []) expect(verifyEvidence(extracted, e)).toBe(true);
  return found;
}

const issuesOf = (fixtures: FixtureDoc[], applicationType?: ApplicationType, today?: DateParts) => passportIssues(run(fixtures, applicationType, today), bundledSeverityRules());

describe('passport validity: a passport that expires before the intended stay ends', () => {
  it('is a high compliance issue naming both dates and where each comes from, with the renewal fix', () => {
    const [issue] = issuesOf(studyFile());
    expect(ComplianceIssue.parse(issue)).toEqual(issue);
    expect(issue).toMatchObject({
      code: 'passport-expires-before-stay-ends',
      severity: 'high',
      requiredFix: 'Renew the passport before filing, then update the forms and documents that show its number',
    });
    expect(issue.message).toBe(
      'The passport expires on 2027-11-20 (passport-bio-page.txt and imm1294-form.txt), before the intended stay ends on 2028-04-21 ' +
        "(the program's expected completion, in imm1294-form.txt and letter-of-acceptance.txt); a permit or visa may be limited to the passport's validity. " +
        'Its number appears in passport-bio-page.txt, imm1294-form.txt and study-plan.md.',
    );
    expect(issue.documents).toEqual(['passport-bio-page.txt', 'imm1294-form.txt', 'letter-of-acceptance.txt', 'study-plan.md']);
  });

  it('quotes each date verbatim from its document', () => {
    expect(run(studyFile())?.evidence.map((e) => e.quote)).toEqual([
      "Date of expiry / Date d'expiration: 20 NOV 2027",
      'Expiry date: 2027-11-20',
      'Duration of expected study: From 2026-09-08 To 2028-04-21',
      'Expected completion date: 2028-04-21',
    ]);
  });

  it.each([
    ['one day before the program ends', '2028-04-20', 'passport-expires-before-stay-ends'],
    ['on the day the program ends', '2028-04-21', undefined],
    ['the day after the program ends', '2028-04-22', undefined],
  ])('a passport that expires %s: %s', (_when, expiry, code) => {
    expect(run(studyFileExpiring(expiry))?.code).toBe(code);
  });

  it.each([
    ['20 November 2027'],
    ['November 20, 2027'],
    ['2027/11/20'],
    ['20 NOV 2027'],
  ])('reads the expiry on the passport page written as "%s"', (written) => {
    const onlyPassportPage = studyFileExpiring('2029-01-01', written).filter((d) => d.name !== 'imm1294-form.txt');
    expect(run(onlyPassportPage)?.summary).toMatch(/^The passport expires on 2027-11-20 \(passport-bio-page\.txt\)/);
  });

  it('reads the expiry from the machine-readable zone when no label gives it, and ignores a zone whose check digit fails', () => {
    const mrzOnly = studyFile()
      .filter((d) => d.name !== 'imm1294-form.txt')
      .map((d) => (d.name === 'passport-bio-page.txt' ? { ...d, text: d.text.replace(/Date of expiry.*\n/, '') } : d));
    expect(run(mrzOnly)?.evidence[0].quote).toBe('T1234567<0TST0102144F2711209<<<<<<<<<<<<<<06');
    expect(run(edit(mrzOnly, 'passport-bio-page.txt', 'F2711209', 'F2711208'))).toBeUndefined();
  });

  it('takes the earliest expiry when the documents disagree', () => {
    const fixtures = edit(studyFileExpiring('2030-01-01'), 'imm1294-form.txt', 'Expiry date: 2030-01-01', 'Expiry date: 2027-12-31');
    expect(run(fixtures)?.summary).toMatch(/^The passport expires on 2027-12-31 \(imm1294-form\.txt\)/);
  });

  it('reads the form’s passport section only: never the national identity document’s expiry or the PAL’s "Valid until"', () => {
    const form = studyFile().find((d) => d.name === 'imm1294-form.txt')!;
    const onlyOtherDates = [{ ...form, text: form.text.replace('Expiry date: 2027-11-20\n', '') }, studyFile()[2]];
    // The national identity card expires in 2040, the PAL in 2027-01: neither is the passport.
    expect(run(onlyOtherDates)).toBeUndefined();
  });

  it('compares nothing when a date is not precise enough to tell', () => {
    const fixtures = edit(edit(studyFileExpiring('2028-04-21'), 'letter-of-acceptance.txt', 'Expected completion date: 2028-04-21', 'Expected completion date: April 2028'), 'imm1294-form.txt', 'To 2028-04-21', 'To 2028-04');
    expect(run(fixtures)).toBeUndefined();
  });

  it('reads the end of the employment for a work permit', () => {
    const form = `IMM 1295 (E)\nPASSPORT\nPassport number: W7654321\nExpiry date: 2027-03-01\n\nDETAILS OF INTENDED WORK IN CANADA\nDuration of expected employment: From 2026-03-02 To 2028-03-01`;
    const found = run([{ name: 'imm1295.txt', type: 'imm-1295', text: form }], 'work-permit');
    expect(found?.summary).toMatch(/before the intended stay ends on 2028-03-01 \(the end of the intended employment, in imm1295\.txt\)/);
  });

  it('reads the end of the visit for a visitor visa', () => {
    const form = `IMM 5257 (E)\nPASSPORT\nPassport number: V1111111\nExpiry date: 2026-06-30\n\nDETAILS OF VISIT TO CANADA\nFrom: 2026-06-01   To: 2026-07-15\n\nEDUCATION\nFrom 2003-09 To 2007-11`;
    const found = run([{ name: 'imm5257.txt', type: 'imm-5257', text: form }], 'visitor-visa');
    expect(found).toMatchObject({ code: 'passport-expires-before-stay-ends' });
    expect(found?.summary).toMatch(/ends on 2026-07-15 \(the end of the visit, in imm5257\.txt\)/);
  });
});

describe('passport validity: an expired passport', () => {
  it('is critical when the passport expired before today, naming both dates', () => {
    const [issue] = issuesOf(studyFileExpiring('2026-01-09'));
    expect(issue).toMatchObject({ code: 'passport-expired', severity: 'critical' });
    expect(issue.message).toMatch(/^The passport expired on 2026-01-09 \(passport-bio-page\.txt and imm1294-form\.txt\), before today \(2026-01-10\), and the intended stay ends on 2028-04-21 /);
    expect(issue.requiredFix).toBe('Renew the expired passport before filing, then update the forms and documents that show its number');
  });

  it('is not expired on its expiry day (then it is only the high issue, since the program ends later)', () => {
    expect(run(studyFileExpiring('2026-01-10'))?.code).toBe('passport-expires-before-stay-ends');
  });

  it('is checked for every application type, even one with no intended stay to compare with', () => {
    const passport = [{ name: 'passport.txt', type: 'passport' as const, text: 'PASSPORT\nPassport No.: S2222222\nDate of expiry: 2025-12-31' }];
    expect(run(passport, 'spousal-sponsorship')?.code).toBe('passport-expired');
    expect(run(passport, 'spousal-sponsorship', { year: 2025, month: 12, day: 31 })).toBeUndefined();
  });
});

describe('passport validity: the rules file', () => {
  it('is valid, and rejects a stay-end pattern without the date group', () => {
    expect(bundledConsistencyRules().passportValidity.stayEnds['study-permit']?.patterns.length).toBeGreaterThan(0);
    const broken = structuredClone(rulesJson) as Record<string, any>;
    broken.passportValidity.stayEnds['study-permit'].patterns = ['expected completion date: {date}'];
    expect(() => parseConsistencyRules(broken)).toThrow(/passportValidity\.stayEnds\.study-permit\.patterns\.0: pattern .* has no group 1/);
  });

  it('rates the findings in severityRules.json: expired critical, expiring before the stay ends high', () => {
    expect(bundledSeverityRules().compliance['passport-expired'].severity).toBe('critical');
    expect(bundledSeverityRules().compliance['passport-expires-before-stay-ends'].severity).toBe('high');
  });
});

describe('passport validity in the gatekeeper stage', () => {
  beforeEach(() => jest.spyOn(logger, 'info').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('lists the compliance issue and its fix, and raises no refusal trigger (no provision is claimed)', async () => {
    const { intake, extracted } = typedFile(studyFile(), 'study-permit');
    const { output } = await gatekeeperAgent.run(stageContext('final-review', { intake }, jsonBlobs(extracted)));
    expect(output.complianceIssues.map((i) => [i.code, i.severity])).toContainEqual(['passport-expires-before-stay-ends', 'high']);
    expect(output.requiredFixes).toContain('Renew the passport before filing, then update the forms and documents that show its number');
    expect(output.refusalTriggers).toEqual([]);
    expect(output.consistencyFindings).toEqual([]);
  });
});
