import { loadResearchIndex } from '../../../lambdas/core/caselaw/loadIndex';
import { CheckedCitation } from '../../../lambdas/contracts/verifierOutput';
import { checkCitation, checkResolved, POLICY_UNVERIFIED, type CitationToCheck } from '../../../lambdas/agents/verifier/verification/checkCitation';
import type { ExternalAnswer } from '../../../lambdas/agents/verifier/verification/externalConfirmation';
import { UNVERIFIED_OFFLINE, type Resolution } from '../../../lambdas/agents/verifier/verification/resolveCitation';

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

  it.each([
    ['a section', 'IRPA 16', 'Obligation — answer truthfully'],
    ['a subsection', 'IRPA 25(1)', 'Humanitarian and compassionate'],
    ['a parent provision the curated index lacks', 'IRPR 117(9)', 'Excluded relationships'],
    ['a paragraph the curated index lacks', 'IRPA 38(1)(c)', 'Health grounds'],
    ['a subparagraph', 'IRPA 36(1)(c)', 'Serious criminality'],
    ['the definitions subsection', 'IRPR 1(1)', 'Definitions'],
  ])('verifies %s against the consolidated statute (%s)', (_label, citation, note) => {
    const result = check({ citation });
    expect(result.verdict).toBe('verified');
    expect(result.detail).toContain(`in force in the consolidated ${citation.slice(0, 4)}: ${citation} (${note}`);
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

describe('checkCitation: unverified, never called fabricated', () => {
  it.each([
    ['a real Federal Court decision on procedural fairness', 'Hassani v. Canada (Minister of Citizenship and Immigration), 2006 FC 1283', '2006 FC 1283'],
    ['a real Federal Court of Appeal decision on H&C relief', 'Kisana v. Canada (Minister of Citizenship and Immigration), 2009 FCA 189', '2009 FCA 189'],
    ['a real Federal Court study-permit decision', 'Rudder v. Canada (Citizenship and Immigration), 2009 FC 689', '2009 FC 689'],
    ['a plausible decision no one can confirm offline', 'Okafor-Lindqvist v. Canada (Citizenship and Immigration), 2022 FC 1734', '2022 FC 1734'],
  ])('reports %s that the index lacks as unverified, telling the reader to check it on CanLII', (_label, citation, key) => {
    const result = check({ citation, proposition: 'the officer had to put the concern to the applicant' });
    expect(result).toMatchObject({ verdict: 'failed', issue: 'unverified' });
    expect(result.detail).toBe(`${UNVERIFIED_OFFLINE} (${key} is not one of the ${index.cases.length} decisions (SCC, FCA, FC) in the bundled index)`);
    expect(result.detail).not.toMatch(/fabricat|no such|does not exist/);
  });

  it.each([
    ['2020 ONCA 123', 'the Court of Appeal for Ontario'],
    ['2018 BCCA 77', 'the British Columbia Court of Appeal'],
    ['X (Re), 2019 CanLII 134567 (CA IRB)', 'the Immigration and Refugee Board'],
    ['2021 IAD 4', 'the Immigration Appeal Division'],
  ])('reports %s as unverified: that court is outside the bundled index', (citation, court) => {
    const result = check({ citation });
    expect(result).toMatchObject({ verdict: 'failed', issue: 'unverified' });
    expect(result.detail).toContain(UNVERIFIED_OFFLINE);
    expect(result.detail).toContain(`a decision of ${court}, outside the bundled index`);
  });

  it('reports a style of cause given without a citation and unknown to the index as unverified', () => {
    const result = check({ citation: 'Okafor-Lindqvist v. Canada (Citizenship and Immigration)' });
    expect(result).toMatchObject({ verdict: 'failed', issue: 'unverified' });
    expect(result.detail).toContain('no citation was given, and no decision with this style of cause');
  });

  it.each([
    ['an empty string', ''],
    ['ordinary words', 'see the attached'],
    ['a court code without year or number', 'SCC sixty-five'],
  ])('reports %s as unverified and not a recognisable citation, never as fabricated', (_label, citation) => {
    const result = check({ citation });
    expect(result).toMatchObject({ verdict: 'failed', issue: 'unverified' });
    expect(result.detail).toMatch(/^not a recognisable citation/);
  });

  it('reports a policy source as unverified: it is outside the offline sources', () => {
    const result = check({ citation: 'Program delivery instructions: study permits', kind: 'policy' });
    expect(result).toMatchObject({ verdict: 'failed', issue: 'unverified', detail: POLICY_UNVERIFIED });
    expect(result.detail).toContain('outside the offline sources');
  });
});

describe('checkCitation: fabricated only when the citation cannot exist', () => {
  it.each([
    ['a future year', '2031 FC 5', /^2031 FC 5 cannot exist: year 2031 is in the future/],
    ['a Supreme Court neutral citation before the Court used them', '1999 SCC 5', /begin in 2000/],
    ['a Federal Court neutral citation before the Federal Court existed as such', 'Nguyen v. Canada, 2001 FC 12', /begin in 2003/],
    ['another court’s citation dated in the future', '2031 ONCA 5', /^2031 ONCA 5 cannot exist: year 2031 is in the future/],
    ['a Supreme Court Reports volume that cannot exist', '[1999] 9 SCR 817', /volume 9 cannot exist/],
  ])('reports %s as fabricated with the reason', (_label, citation, reason) => {
    const result = check({ citation });
    expect(result).toMatchObject({ verdict: 'failed', issue: 'fabricated' });
    expect(result.detail).toMatch(reason);
  });

  it('never lets an external answer rescue a citation that cannot exist', () => {
    const external = new Map<string, ExternalAnswer>([['2031 FC 5', { outcome: 'found', title: 'Anyone v. Canada' }]]);
    expect(checkCitation({ citation: '2031 FC 5', foundIn: 'detective' }, index, { now, external }).issue).toBe('fabricated');
  });
});

describe('checkCitation: what CanLII said about a decision the index lacks', () => {
  const HASSANI = 'Hassani v. Canada (Minister of Citizenship and Immigration), 2006 FC 1283';
  const answer = (a: ExternalAnswer) => new Map<string, ExternalAnswer>([['2006 FC 1283', a]]);
  const checkWith = (a: ExternalAnswer, citation = HASSANI) => CheckedCitation.parse(checkCitation({ citation, foundIn: 'strategist' }, index, { now, external: answer(a) }));

  it('verifies a decision CanLII knows under the same style of cause, saying what was and was not checked', () => {
    const result = checkWith({ outcome: 'found', title: 'Hassani v. Canada (Citizenship and Immigration)', sourceCitation: '2006 FC 1283 (CanLII)' });
    expect(result.verdict).toBe('verified');
    expect(result.issue).toBeUndefined();
    expect(result.detail).toMatch(/^confirmed on CanLII: Hassani v\. Canada \(Citizenship and Immigration\), 2006 FC 1283 \(CanLII\)/);
    expect(result.detail).toContain('existence and style of cause only');
  });

  it('verifies a bare neutral citation CanLII knows', () => {
    expect(checkWith({ outcome: 'found', title: 'Hassani v. Canada (Citizenship and Immigration)' }, '2006 FC 1283').verdict).toBe('verified');
  });

  it('reports a name-mismatch when CanLII has another decision at that citation', () => {
    const result = checkWith({ outcome: 'found', title: 'Kumar v. Canada (Citizenship and Immigration)' });
    expect(result).toMatchObject({ verdict: 'failed', issue: 'name-mismatch' });
    expect(result.detail).toBe('2006 FC 1283 is Kumar v. Canada (Citizenship and Immigration) on CanLII, not "Hassani v. Canada (Minister of Citizenship and Immigration)"');
  });

  it('keeps a citation CanLII does not know unverified, not fabricated', () => {
    const result = checkWith({ outcome: 'no-such-case' });
    expect(result).toMatchObject({ verdict: 'failed', issue: 'unverified' });
    expect(result.detail).toContain('CanLII has no decision at 2006 FC 1283');
  });

  it.each<[string, ExternalAnswer, string]>([
    ['rate-limited', { outcome: 'unavailable', reason: 'rate-limited' }, 'CanLII could not be consulted (rate-limited)'],
    ['down', { outcome: 'unavailable', reason: 'ResearchSourceUnavailable' }, 'CanLII could not be consulted (ResearchSourceUnavailable)'],
    ['out of budget', { outcome: 'not-consulted', reason: "the audit's research-call budget of 4 is spent" }, "CanLII was not consulted: the audit's research-call budget of 4 is spent"],
  ])('keeps the citation unverified when CanLII is %s, and says so', (_label, a, words) => {
    const result = checkWith(a);
    expect(result).toMatchObject({ verdict: 'failed', issue: 'unverified' });
    expect(result.detail).toContain(UNVERIFIED_OFFLINE);
    expect(result.detail).toContain(words);
  });
});

describe('checkCitation: provisions the statute does not have', () => {
  it('fails a nonexistent paragraph as fabricated, saying which paragraphs exist and the nearest real provision', () => {
    const result = check({ citation: 'IRPR 216(1)(z)' });
    expect(result).toMatchObject({ verdict: 'failed', issue: 'fabricated' });
    expect(result.detail).toContain('IRPR 216(1)(z) does not exist in the IRPR');
    expect(result.detail).toContain('IRPR 216(1) has paragraphs (a) to (e); there is no (z)');
    expect(result.detail).toContain('the nearest provision that exists is IRPR 216(1)');
  });

  it('fails a nonexistent subsection of a real section as fabricated', () => {
    const result = check({ citation: 'IRPA 40(7)' });
    expect(result).toMatchObject({ verdict: 'failed', issue: 'fabricated' });
    expect(result.detail).toContain('IRPA 40 has subsections (1) to (3); there is no (7)');
  });

  it('fails a section number the Act does not have as fabricated', () => {
    const result = check({ citation: 'IRPA 999' });
    expect(result).toMatchObject({ verdict: 'failed', issue: 'fabricated' });
    expect(result.detail).toContain('IRPA has no section 999');
  });
});

describe('checkCitation: repealed provisions', () => {
  it('fails a repealed subsection, naming the amendment that repealed it', () => {
    const result = check({ citation: 'IRPA 13(2)' });
    expect(result).toMatchObject({ verdict: 'failed', issue: 'repealed' });
    expect(result.detail).toBe('IRPA 13(2) was repealed by 2012, c. 17, s. 7 and is no longer in force');
  });

  it('fails a paragraph under a repealed unit as repealed with it', () => {
    const result = check({ citation: 'IRPR 117(5)' });
    expect(result).toMatchObject({ verdict: 'failed', issue: 'repealed' });
    expect(result.detail).toContain('SOR/2005-61');
  });

  it('names the provision now in force when the resolution knows it', () => {
    const resolution: Resolution = {
      kind: 'provision',
      key: 'IRPA 34(2)',
      requested: 'IRPA 34(2)',
      provision: index.findProvision('IRPA 34(1)')!,
      exact: true,
      repealed: { by: '2013, c. 16, s. 13', reason: 'IRPA 34(2) was repealed by 2013, c. 16, s. 13', replacedBy: 'IRPA 42.1(1)' },
    };
    const result = checkResolved({ citation: 'IRPA 34(2)', foundIn: 'strategist' }, resolution, index);
    expect(result).toMatchObject({ verdict: 'failed', issue: 'repealed', replacement: 'IRPA 42.1(1)' });
    expect(result.detail).toBe('IRPA 34(2) was repealed by 2013, c. 16, s. 13 and is no longer in force; cite IRPA 42.1(1), the provision now in force');
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
    ['Pushpanathan (chain through Dunsmuir)', { citation: '[1998] 1 S.C.R. 982' }, VAVILOV],
    ['Khosa (overtaken in part)', { citation: '2009 SCC 12' }, VAVILOV],
  ])('fails %s as superseded and names the authority now in force', (_label, input, replacement) => {
    const result = check(input);
    expect(result).toMatchObject({ verdict: 'failed', issue: 'superseded', replacement });
    expect(result.detail).toContain('overtaken in part by');
    expect(result.detail).toContain(`cite ${replacement}`);
  });

  it.each([
    ['Kanthasamy FCA 2014', { citation: '2014 FCA 113' }, 'Kanthasamy v. Canada (Citizenship and Immigration), 2015 SCC 61'],
    ['Mason FCA 2021', { citation: '2021 FCA 156' }, 'Mason v. Canada (Citizenship and Immigration), 2023 SCC 21'],
    ['Chieu FCA', { citation: '[1999] 1 FC 605' }, 'Chieu v. Canada (Minister of Citizenship and Immigration), 2002 SCC 3'],
  ])('fails %s, reversed on appeal, as overruled and names the decision that reversed it', (_label, input, replacement) => {
    const result = check(input);
    expect(result).toMatchObject({ verdict: 'failed', issue: 'overruled', replacement });
    expect(result.detail).toMatch(/^reversed on appeal by /);
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
