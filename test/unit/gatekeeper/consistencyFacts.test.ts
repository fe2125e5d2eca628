import { caseDocuments } from '../../../lambdas/agents/gatekeeper/consistency/caseDocuments';
import { checkConsistency } from '../../../lambdas/agents/gatekeeper/consistency/checkConsistency';
import { bundledConsistencyRules, ConsistencyRulesInvalid, parseConsistencyRules } from '../../../lambdas/agents/gatekeeper/consistency/consistencyRules';
import rulesJson from '../../../lambdas/agents/gatekeeper/consistency/consistencyRules.json';
import { nameTokens, samePerson, spellingVariant } from '../../../lambdas/agents/gatekeeper/consistency/people';
import { bundledSeverityRules } from '../../../lambdas/agents/gatekeeper/findings/severityRules';
import type { ApplicationType } from '../../../lambdas/contracts/intakeOutput';
import { closePdfWorkers } from '../../../lambdas/agents/intake/documents/pdfWorkerPool';
import { runIntake } from '../../../lambdas/agents/intake/documents/runIntake';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import { verifyEvidence } from '../../../lambdas/core/caseText/verifyEvidence';
import { readableDoc } from '../../fixtures/documents/extractedDocs';
import { docx } from '../../fixtures/documents/officeFixtures';
import { textPdf } from '../../fixtures/documents/pdfFixtures';
import { consistentSpousalFile, edit, EMPLOYMENT_LETTER, type FixtureDoc, MARRIAGE_CERTIFICATE, SCHEDULE_A, SUBMISSION_LETTER } from './caseFixtures';

afterAll(() => closePdfWorkers());

const TODAY = { year: 2026, month: 1, day: 10 };

function run(fixtures: FixtureDoc[], applicationType: ApplicationType = 'spousal-sponsorship') {
  const extracted = fixtures.map((f) => readableDoc(f.name, f.text));
  const summaries = fixtures.map((f) => ({ docId: f.name, name: f.name, status: 'ok' as const, statusDetail: '', type: f.type, typeReason: 'test', pages: 1, characters: f.text.length }));
  const facts = readCaseFacts(extracted, { types: new Map(fixtures.map((f) => [f.name, { type: f.type, confidence: 0.9, signals: ['test'] }])) });
  const result = checkConsistency(caseDocuments(extracted, summaries), bundledSeverityRules(), { applicationType, today: TODAY, facts });
  for (const f of result.findings) for (const e of f.evidence) expect(verifyEvidence(extracted, e)).toBe(true);
  return result;
}

const codes = (fixtures: FixtureDoc[], applicationType?: ApplicationType) => run(fixtures, applicationType).findings.map((f) => f.code);

describe('consistency: a consistent file', () => {
  it('raises nothing', () => {
    expect(run(consistentSpousalFile())).toEqual({ findings: [], triggers: [], fixes: [] });
  });
});

describe('consistency: dates', () => {
  it('a date of birth that differs between the form and the marriage certificate (same person)', () => {
    const fixtures = edit(consistentSpousalFile(), 'marriage-certificate.txt', 'Date of birth: 08 November 1993', 'Date of birth: 18 November 1993');
    const [finding] = run(fixtures).findings;
    expect(finding).toMatchObject({ code: 'date-of-birth-mismatch', severity: 'high' });
    expect(finding.summary).toMatch(/Lourdes Anne VILLANUEVA's date of birth differs between documents: 1993-11-08 \(imm5669-schedule-a\.txt\) vs 1993-11-18 \(marriage-certificate\.txt\)/);
    expect(finding.evidence.map((e) => e.quote)).toEqual(['Date of birth: 1993-11-08', 'Date of birth: 18 November 1993']);
  });

  it('does not mix up the sponsor’s and the applicant’s dates of birth on one form, nor a parent’s', () => {
    const familyForm = `IMM 5645 (E)\nFAMILY INFORMATION\nAPPLICANT\n   Name: VILLANUEVA, Lourdes Anne\n   Date of birth: 1993-11-08\nMOTHER\n   Name: VILLANUEVA, Corazon Diwata\n   Date of birth: 1968-02-14\nFATHER\n   Name: VILLANUEVA, Ernesto Bayani\n   Date of birth: 1965-07-30`;
    expect(codes([...consistentSpousalFile(), { name: 'imm5645.txt', type: 'imm-5645', text: familyForm }])).toEqual([]);
  });

  it('a marriage date that differs between a form and the certificate raises IRPR 4(1) for a spousal file only', () => {
    const fixtures = edit(consistentSpousalFile(), 'imm5532-relationship.txt', 'Date of marriage: 2023-05-20', 'Date of marriage: 2023-05-27');
    const spousal = run(fixtures);
    expect(spousal.findings).toEqual([expect.objectContaining({ code: 'marriage-date-mismatch', severity: 'high', provision: 'IRPR 4(1)' })]);
    expect(spousal.findings[0].summary).toMatch(/2023-05-20 \(imm1344-sponsorship\.txt\) vs 2023-05-27 \(imm5532-relationship\.txt\)/);
    expect(spousal.triggers).toEqual([expect.objectContaining({ provision: 'IRPR 4(1)', severity: 'medium', source: 'consistency:marriage-date-mismatch' })]);
    const visitor = run(fixtures, 'visitor-visa');
    expect(visitor.findings[0]).not.toHaveProperty('provision');
    expect(visitor.triggers).toEqual([]);
  });

  it('"were married on" in a letter counts as a marriage date', () => {
    const fixtures = edit(consistentSpousalFile(), 'submission-letter.txt', 'married on 20 May 2023', 'were married on 21 May 2023');
    expect(codes(fixtures)).toEqual(['marriage-date-mismatch']);
  });

  it('the date the relationship began, and the first meeting, compared label by label', () => {
    const relationship = consistentSpousalFile().find((d) => d.name === 'imm5532-relationship.txt')!;
    const letter = { name: 'statutory-declaration.txt', type: 'other' as const, text: 'STATUTORY DECLARATION\nDate the relationship began: 2021-01-15\nDate we first met in person: 2021-08-14' };
    expect(codes([relationship, letter])).toEqual(['relationship-start-mismatch']);
  });
});

describe('consistency: the first meeting, from the model', () => {
  const relationship = () => consistentSpousalFile().find((d) => d.name === 'imm5532-relationship.txt')!;

  it('two documents giving different first-meeting days: one finding quoting both', () => {
    const letter = { name: 'statutory-declaration.txt', type: 'other' as const, text: 'STATUTORY DECLARATION\nDate we first met in person: 2021-09-04' };
    const [finding] = run([relationship(), letter]).findings;
    expect(finding).toMatchObject({ code: 'first-meeting-mismatch' });
    expect(finding.summary).toMatch(/date the couple first met differs between documents: 2021-08-14 \(imm5532-relationship\.txt\) vs 2021-09-04 \(statutory-declaration\.txt\)/);
    expect(finding.evidence.map((e) => e.quote)).toEqual(['Date we first met in person: 2021-08-14', 'Date we first met in person: 2021-09-04']);
  });

  it('the same day in two documents, or another day in the officer’s notes, is no finding', () => {
    const same = { name: 'statutory-declaration.txt', type: 'other' as const, text: 'STATUTORY DECLARATION\nDate we first met in person: 2021-08-14' };
    expect(codes([relationship(), same])).toEqual([]);
    const notes = { name: 'gcms-notes.txt', type: 'gcms-notes' as const, text: 'GCMS NOTES\nPA states they first met in person on 2021-09-04 in Manila.' };
    expect(codes([relationship(), notes])).not.toContain('first-meeting-mismatch');
    // A first contact online the reader takes for a meeting is not told as the first meeting: not compared.
    const contact = { name: 'applicant-statement.txt', type: 'other' as const, text: 'STATEMENT\nI met Viktor on 2021-03-02 when he wrote to me on a social media site.' };
    expect(codes([relationship(), contact])).not.toContain('first-meeting-mismatch');
  });
});

describe('consistency: names', () => {
  it('the same person (same date of birth) spelled two ways is a medium finding quoting both names', () => {
    const fixtures = edit(consistentSpousalFile(), 'marriage-certificate.txt', 'Name: Lourdes Anne VILLANUEVA', 'Name: Lourdes Anne VILLANEUVA');
    const [finding] = run(fixtures).findings;
    expect(finding).toMatchObject({ code: 'name-spelling-variant', severity: 'medium' });
    expect(finding.evidence.map((e) => e.quote)).toEqual(['Family name: VILLANUEVA\nGiven name(s): Lourdes Anne', 'Name: Lourdes Anne VILLANEUVA']);
  });

  it('tells people apart: initials and order match, relatives and other surnames do not', () => {
    const t = (name: string) => nameTokens(name, bundledConsistencyRules().names.honorifics);
    expect(samePerson(t('VILLANUEVA, Lourdes A.'), t('Lourdes Anne Villanueva'))).toBe(true);
    expect(samePerson(t('Ms. Lourdes Villanueva'), t('LOURDES ANNE VILLANUEVA'))).toBe(true);
    expect(samePerson(t('Akosua Efua Darkwah-Mensimah'), t('Kwame Yeboah Darkwah-Mensimah'))).toBe(false);
    expect(samePerson(t('Kofi Kwame Darkwah'), t('Kwame Yeboah Darkwah'))).toBe(false);
    const rules = bundledConsistencyRules().names;
    expect(spellingVariant(t('Lourdes Villanueva'), t('Lourdes Villaneuva'), rules)).toBe(true);
    expect(spellingVariant(t('Miriam Omondi'), t('Miriam Onyango'), rules)).toBe(false);
    expect(spellingVariant(t('Lourdes Villanueva'), t('Lourdes Villanueva'), rules)).toBe(false);
  });
});

describe('consistency: counts, previous marriages and addresses', () => {
  it('a different number of children in a letter and a form', () => {
    const fixtures = edit(consistentSpousalFile(), 'submission-letter.txt', 'before 80 guests.', 'before 80 guests. Ms. Villanueva and her two children live in Marikina City.');
    const [finding] = run(fixtures).findings;
    expect(finding).toMatchObject({ code: 'children-count-mismatch', severity: 'medium' });
    expect(finding.summary).toMatch(/0 \(imm5532-relationship\.txt\) vs 2 \(submission-letter\.txt\)/);
  });

  it('"Previous marriages: None" for the sponsor while a divorce judgment names him: high, IRPA 40(1)(a)', () => {
    const divorce = {
      name: 'divorce-judgment.pdf',
      type: 'other' as const,
      text: 'SUPERIOR COURT OF QUEBEC (fictional record)\nFile no. 550-12-000000-175\nJUDGMENT OF DIVORCE\nThe court declares Marc-Andre Tremblay and Julie Gagnon divorced as of 2017-10-03.',
    };
    const [finding] = run([...consistentSpousalFile(), divorce]).findings;
    expect(finding).toMatchObject({ code: 'previous-marriage-undisclosed', severity: 'high', provision: 'IRPA 40(1)(a)' });
    expect(finding.evidence.map((e) => e.docId)).toEqual(['imm1344-sponsorship.txt', 'divorce-judgment.pdf']);
  });

  it('a civil status of "Divorced" on the marriage certificate contradicts "None" too', () => {
    const fixtures = edit(consistentSpousalFile(), 'marriage-certificate.txt', 'Name: Marc-Andre TREMBLAY\nDate of birth: 22 March 1986\nCivil status: Single', 'Name: Marc-Andre TREMBLAY\nDate of birth: 22 March 1986\nCivil status: Divorced');
    expect(codes(fixtures)).toEqual(['previous-marriage-undisclosed']);
  });

  it('another person’s divorce does not count', () => {
    const divorce = { name: 'sister-divorce.txt', type: 'other' as const, text: 'Certificate of divorce: Rosario Villanueva-Cruz and Benigno Cruz are divorced.' };
    expect(codes([...consistentSpousalFile(), divorce])).toEqual([]);
  });

  it('two different current addresses for the sponsor are a low finding', () => {
    const fixtures = edit(consistentSpousalFile(), 'imm5532-relationship.txt', 'Principal applicant:', 'Residential address: 77 Rue des Pins, Gatineau, Quebec J9A 0B1\nPrincipal applicant:');
    const [finding] = run(fixtures).findings;
    expect(finding).toMatchObject({ code: 'address-mismatch', severity: 'low' });
    expect(finding.summary).toMatch(/Marc-Andre TREMBLAY's current address/);
  });

  it('the same address written with abbreviations is the same address', () => {
    const fixtures = edit(consistentSpousalFile(), 'imm5532-relationship.txt', 'Principal applicant:', 'Residential address: 1450 Blvd Saint-Joseph, Gatineau QC J8Z 0A0\nPrincipal applicant:');
    expect(codes(fixtures)).toEqual([]);
  });
});

describe('consistency: employment periods', () => {
  it('an employment letter that contradicts the declared start date (form PDF, letter DOCX through intake)', async () => {
    const letter = EMPLOYMENT_LETTER.replace('since 1 April 2019', 'since 3 January 2021');
    const { result, extracted } = await runIntake([
      { docId: 'form', name: 'imm5669.pdf', bytes: await textPdf([SCHEDULE_A]) },
      { docId: 'letter', name: 'employment-certificate.docx', bytes: docx(letter.split('\n')) },
    ]);
    expect(result.documents.map((d) => d.type)).toEqual(['imm-5669', 'employment-letter']);
    const found = checkConsistency(caseDocuments(extracted, result.documents), bundledSeverityRules(), { applicationType: 'spousal-sponsorship', today: TODAY, facts: result.caseFacts });
    expect(found.findings).toEqual([expect.objectContaining({ code: 'employment-period-contradicted', severity: 'high', provision: 'IRPA 40(1)(a)' })]);
    expect(found.findings[0].summary).toMatch(/the start \(2019-04 on the form, 2021-01-03 in the letter\)/);
    expect(found.findings[0].evidence.map((e) => e.quote)).toEqual([
      // The PDF's text layer has single spaces where the form had a column gap.
      '2019-04 to present Staff nurse, Marikina Valley Hospital (fictional), Marikina City',
      // The letter's employment fact quotes its whole sentence.
      'This certifies that Ms. Lourdes Anne Villanueva has been employed by Marikina Valley Hospital\nsince 3 January 2021 in the position of Staff Nurse, full time.',
    ]);
    for (const e of found.findings[0].evidence) expect(verifyEvidence(extracted, e)).toBe(true);
  });

  it('a job the form says is current that the employer says ended', () => {
    const letter = EMPLOYMENT_LETTER.replace('has been employed by Marikina Valley Hospital\nsince 1 April 2019 in the position of Staff Nurse', 'was employed by Marikina Valley Hospital\nfrom 1 April 2019 to 31 December 2022 as a Staff Nurse');
    const fixtures = edit(consistentSpousalFile(), 'employment-certificate.txt', EMPLOYMENT_LETTER, letter);
    const [finding] = run(fixtures).findings;
    expect(finding.code).toBe('employment-period-contradicted');
    expect(finding.summary).toMatch(/still employed on the form, left on 2022-12-31 according to the letter/);
  });

  it('a position the letter does not confirm', () => {
    const fixtures = edit(consistentSpousalFile(), 'employment-certificate.txt', 'in the position of Staff Nurse', 'in the position of Housekeeping Attendant');
    expect(codes(fixtures)).toEqual(['employment-position-contradicted']);
  });

  it('gaps and overlaps in the declared history', () => {
    const gap = edit(consistentSpousalFile(), 'imm5669-schedule-a.txt', '2019-04 to present', '2019-10 to present');
    expect(codes(gap)).toEqual(['employment-period-contradicted', 'history-gap']);
    expect(run(gap).findings[1].summary).toMatch(/leaves 6 months unaccounted for between 2019-03 and 2019-10/);
    const overlap = edit(consistentSpousalFile(), 'imm5669-schedule-a.txt', '2015-06 to 2019-03', '2015-06 to 2019-09');
    expect(codes(overlap)).toEqual(['history-overlap']);
  });

  it('a parent’s employment letter is not compared with the applicant’s history', () => {
    const parentLetter = `MARIKINA VALLEY HOSPITAL (fictional)\nDate: 2024-08-30\nThis certifies that Mr. Ernesto Bayani Villanueva has been employed as Driver since 2 June 2005.`;
    expect(codes([...consistentSpousalFile().filter((d) => d.type !== 'employment-letter'), { name: 'father-employment.txt', type: 'employment-letter', text: parentLetter }])).toEqual([]);
  });
});

describe('consistencyRules.json', () => {
  it('validates, and names a broken regex', () => {
    expect(bundledConsistencyRules().employment.toleranceMonths).toBe(2);
    const broken = structuredClone(rulesJson);
    broken.mentions.negation = '(unclosed';
    expect(() => parseConsistencyRules(broken)).toThrow(ConsistencyRulesInvalid);
    expect(() => parseConsistencyRules(broken)).toThrow(/mentions\.negation: regex \/\(unclosed\/ does not compile/);
  });
});

// Keeps fixture texts honest: the letters quoted above are in the fixtures as written.
it('fixtures: the submission letter and certificate are the ones the tests edit', () => {
  expect(SUBMISSION_LETTER).toContain('married on 20 May 2023');
  expect(MARRIAGE_CERTIFICATE).toContain('Civil status: Single');
});
