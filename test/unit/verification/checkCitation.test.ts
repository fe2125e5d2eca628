import { loadResearchIndex } from '../../../lambdas/core/caselaw/loadIndex';
import { CheckedCitation } from '../../../lambdas/core/research/researchSchema';
import { checkCitation, type CitationToCheck } from '../../../lambdas/core/verification/checkCitation';

const now = new Date('2026-11-22T12:00:00Z');
const index = loadResearchIndex();
const VAVILOV = 'Canada (Minister of Citizenship and Immigration) v. Vavilov, 2019 SCC 65';

function check(input: Omit<CitationToCheck, 'foundIn'> & { foundIn?: string }) {
  return CheckedCitation.parse(checkCitation({ foundIn: 'strategist', ...input }, index, { now }));
}

describe('checkCitation: the citation must exist in the index', () => {
  it.each([
    ['Vavilov by its neutral citation', { citation: '2019 SCC 65' }],
    ['Vavilov with its style of cause in the citation text', { citation: `${VAVILOV} at para 23` }],
    ['Vavilov in French', { citation: '2019 CSC 65' }],
    ['Baker by its reporter citation', { citation: '[1999] 2 SCR 817' }],
    ['Baker with dotted reporter abbreviations', { citation: '[1999] 2 S.C.R. 817' }],
    ['Khan by its parallel reporter citation', { citation: '[2002] 2 F.C. 413' }],
    ['IRPA 40(1)(a)', { citation: 'IRPA 40(1)(a)' }],
    ['IRPR 216(1)(b) written R216(1)(b)', { citation: 'R216(1)(b)' }],
    ['IRPA 40(1)(a) written s. 40(1)(a) of the Act', { citation: 's. 40(1)(a) of the Act' }],
  ])('verifies %s', (_label, input) => {
    const result = check(input);
    expect(result).toMatchObject({ verdict: 'verified' });
    expect(result.issue).toBeUndefined();
  });

  it('fails a fabricated decision with a plausible style of cause and neutral citation as not-found', () => {
    const result = check({ citation: '2022 FC 1734', name: 'Okafor-Lindqvist v. Canada (Citizenship and Immigration)' });
    expect(result).toMatchObject({ verdict: 'failed', issue: 'not-found' });
    expect(result.detail).toMatch(/^not in the index/);
    expect(result.detail).toContain(`${index.cases.length} decisions`);
  });

  it('fails a provision the index does not hold, naming how many provisions it covers', () => {
    const result = check({ citation: 'IRPA 99(9)' });
    expect(result).toMatchObject({ verdict: 'failed', issue: 'not-found' });
    expect(result.detail).toContain(`${index.provisions.length} IRPA/IRPR provisions`);
  });

  it('verifies a subdivision the index lacks through its enclosing provision, and names that provision', () => {
    const result = check({ citation: 'IRPA 38(1)(c)' });
    expect(result.verdict).toBe('verified');
    expect(result.detail).toContain('enclosing provision IRPA 38(1)');
  });

  it.each([
    ['2020 ONCA 123', 'the Court of Appeal for Ontario'],
    ['2018 BCCA 77', 'the British Columbia Court of Appeal'],
    ['X (Re), 2019 CanLII 134567 (CA IRB)', 'the Immigration and Refugee Board'],
    ['2021 IAD 4', 'the Immigration Appeal Division'],
  ])('fails %s as not-found because that court is outside the index', (citation, court) => {
    const result = check({ citation });
    expect(result).toMatchObject({ verdict: 'failed', issue: 'not-found' });
    expect(result.detail).toContain(`${court}, which is outside the index`);
  });

  it.each([
    ['a future year', '2031 FC 5', /year 2031 is in the future/],
    ['a neutral citation older than the court uses them', '1999 SCC 5', /begin in 2000/],
    ['a garbled year', '20l9 SCC 65', /not a recognisable citation/],
    ['an empty string', '', /not a recognisable citation/],
    ['random text', 'see the attached', /not a recognisable citation/],
    ['an unknown style of cause', 'Okafor-Lindqvist v. Canada (Citizenship and Immigration)', /no decision with this style of cause/],
  ])('fails %s as not-found with the reason', (_label, citation, reason) => {
    const result = check({ citation });
    expect(result).toMatchObject({ verdict: 'failed', issue: 'not-found' });
    expect(result.detail).toMatch(reason);
  });

  it('fails a policy source: the index cannot verify it', () => {
    expect(check({ citation: 'Program delivery instructions: study permits', kind: 'policy' })).toMatchObject({ issue: 'not-found' });
  });

  it('verifies a decision named without a citation, preferring the one that is good law', () => {
    const result = check({ citation: 'Kanthasamy' });
    expect(result.verdict).toBe('verified');
    expect(result.detail).toContain('2015 SCC 61');
  });

  it('notes a parallel citation the index does not hold without presenting it as checked', () => {
    const result = check({ citation: '2019 SCC 65, [2019] 4 SCR 653' });
    expect(result.verdict).toBe('verified');
    expect(result.detail).toContain('[2019] 4 SCR 653 is not in the index and was not checked');
  });
});

describe('checkCitation: determinism', () => {
  it('gives the same verdict for the same input, index and clock', () => {
    const input = { citation: '2019 SCC 65', proposition: 'a marriage must be genuine', foundIn: 'detective' };
    expect(checkCitation(input, index, { now })).toEqual(checkCitation(input, index, { now }));
  });
});

describe('checkCitation: the style of cause must match the citation', () => {
  it.each([
    ['the full style of cause', 'Canada (Minister of Citizenship and Immigration) v. Vavilov'],
    ['the MCI abbreviation', 'Canada (MCI) v. Vavilov'],
    ['the modern short form of the respondent', 'Canada (Citizenship and Immigration) v Vavilov'],
    ['lower case without punctuation', 'canada mci v vavilov'],
    ['the short name', 'Vavilov'],
  ])('accepts %s for 2019 SCC 65', (_label, name) => {
    expect(check({ citation: '2019 SCC 65', name }).verdict).toBe('verified');
  });

  it('fails "Baker v. Canada, 2019 SCC 65" as name-mismatch naming the real case for that citation', () => {
    const result = check({ citation: 'Baker v. Canada, 2019 SCC 65' });
    expect(result).toMatchObject({ verdict: 'failed', issue: 'name-mismatch', name: 'Baker v. Canada' });
    expect(result.detail).toBe('2019 SCC 65 is Canada (Minister of Citizenship and Immigration) v. Vavilov, not "Baker v. Canada"');
  });

  it('fails a style of cause given separately that names another decision', () => {
    expect(check({ citation: '[1999] 2 SCR 817', name: 'Dunsmuir v. New Brunswick' })).toMatchObject({ issue: 'name-mismatch' });
  });

  it('names the real case under the citation as written, even for a parallel report', () => {
    expect(check({ citation: '[2002] 2 F.C. 413', name: 'Baker v. Canada' }).detail).toBe(
      '[2002] 2 FC 413 is Khan v. Canada (Minister of Citizenship and Immigration), not "Baker v. Canada"',
    );
  });

  it('fails a parallel citation that belongs to another decision', () => {
    const result = check({ citation: '2001 FCA 345, [2009] 3 FCR 446' });
    expect(result).toMatchObject({ issue: 'name-mismatch' });
    expect(result.detail).toContain('[2009] 3 FCR 446 is Koo');
  });
});

describe('checkCitation: the decision must still be good law', () => {
  it.each([
    ['Dunsmuir (overtaken in part)', { citation: '2008 SCC 9', name: 'Dunsmuir v. New Brunswick' }, VAVILOV],
    ['Kanthasamy FCA 2014 (reversed)', { citation: '2014 FCA 113' }, 'Kanthasamy v. Canada (Citizenship and Immigration), 2015 SCC 61'],
    ['Pushpanathan (chain through Dunsmuir)', { citation: '[1998] 1 S.C.R. 982' }, VAVILOV],
    ['Khosa (overtaken in part)', { citation: '2009 SCC 12' }, VAVILOV],
    ['Mason FCA (reversed)', { citation: '2021 FCA 156' }, 'Mason v. Canada (Citizenship and Immigration), 2023 SCC 21'],
  ])('fails %s as superseded and names the authority now in force', (_label, input, replacement) => {
    const result = check(input);
    expect(result).toMatchObject({ verdict: 'failed', issue: 'superseded', replacement });
    expect(result.detail).toContain(`cite ${replacement}`);
  });

  it('follows Pushpanathan → Dunsmuir → Vavilov and says so', () => {
    const result = check({ citation: 'Pushpanathan v. Canada (Minister of Citizenship and Immigration), [1998] 1 SCR 982' });
    expect(result.detail).toContain('overtaken in part by Dunsmuir v. New Brunswick, 2008 SCC 9');
    expect(result.detail).toContain(`chain of replacements ends at ${VAVILOV}`);
  });
});

describe('checkCitation: the proposition must be consistent with the holding', () => {
  it.each([
    ['Vavilov for reasonableness review', '2019 SCC 65', 'reasonableness is the presumptive standard when reviewing a visa officer\'s decision'],
    ['Baker for procedural fairness', '[1999] 2 S.C.R. 817', 'the content of the duty of procedural fairness depends on the context of the decision'],
    ['Kanthasamy for H&C', '2015 SCC 61', 'H&C officers must weigh all the humanitarian considerations together'],
    ['IRPA 40(1)(a) for misrepresentation', 'IRPA 40(1)(a)', 'withholding a prior refusal is a material misrepresentation that makes the applicant inadmissible'],
    ['R216(1)(b) for the duty to leave', 'R216(1)(b)', 'the officer must be satisfied the student will leave Canada at the end of the authorized stay'],
  ])('verifies %s', (_label, citation, proposition) => {
    expect(check({ citation, proposition }).verdict).toBe('verified');
  });

  it('fails Vavilov cited for a spousal bona fides proposition as proposition-mismatch', () => {
    const result = check({
      citation: '2019 SCC 65',
      name: 'Canada (MCI) v. Vavilov',
      proposition: 'a marriage entered into primarily to acquire status is not a genuine spousal relationship',
    });
    expect(result).toMatchObject({ verdict: 'failed', issue: 'proposition-mismatch' });
    expect(result.detail).toContain('spousal-bona-fides');
    expect(result.detail).not.toContain('acquire status');
  });

  it('fails Vavilov cited for correctness as the default standard (explicit contradiction rule)', () => {
    const result = check({ citation: '2019 SCC 65', proposition: 'the standard of review is correctness' });
    expect(result).toMatchObject({ issue: 'proposition-mismatch' });
    expect(result.detail).toContain('correctness-as-default');
  });

  it('reports a superseded decision as superseded even when the proposition would also fail', () => {
    expect(check({ citation: '2008 SCC 9', proposition: 'spousal sponsorship' }).issue).toBe('superseded');
  });
});
