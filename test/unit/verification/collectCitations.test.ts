import { loadResearchIndex } from '../../../lambdas/core/caselaw/loadIndex';
import type { Authority } from '../../../lambdas/contracts/detectiveOutput';
import { MAX_PROPOSITION_LENGTH } from '../../../lambdas/agents/verifier/verification/citationsInText';
import { collectAgentCitations, collectDocumentCitations } from '../../../lambdas/agents/verifier/verification/verifyCitations';

const now = new Date('2026-11-22T12:00:00Z');
const index = loadResearchIndex();
const options = { index, now };

function letter(text: string, docId = 'submission') {
  return collectDocumentCitations([{ docId, pages: [{ page: 1, text }] }], options);
}

function authority(overrides: Partial<Authority>): Authority {
  return {
    kind: 'case',
    citation: '2019 SCC 65',
    name: 'Canada (Minister of Citizenship and Immigration) v. Vavilov',
    proposition: 'reasonableness is the presumptive standard of review',
    issueId: 'issue-1',
    source: 'bundled-index',
    score: 1,
    confidence: 'high',
    ...overrides,
  };
}

describe('collectDocumentCitations', () => {
  it('finds every case citation and statute reference, joining each style of cause to its citation', () => {
    const inputs = letter(
      'The officer ignored Baker v. Canada (Minister of Citizenship and Immigration), [1999] 2 S.C.R. 817 at para. 22. ' +
        'The refusal relied on s. 40(1)(a) of the Act and R216(1)(b). See also Smith v. Jones, 2020 ONCA 123.',
    );
    expect(inputs).toEqual([
      { citation: '[1999] 2 SCR 817', name: 'Baker v. Canada (Minister of Citizenship and Immigration)', foundIn: 'document:submission', kind: 'case' },
      { citation: 'IRPA 40(1)(a)', foundIn: 'document:submission', kind: 'provision' },
      { citation: 'IRPR 216(1)(b)', foundIn: 'document:submission', kind: 'provision' },
      { citation: '2020 ONCA 123', name: 'Smith v. Jones', foundIn: 'document:submission', kind: 'case' },
    ]);
  });

  it.each([
    ['held that', 'In Vavilov, 2019 SCC 65, the Court held that reasonableness is the presumptive standard.'],
    ['sets out the governing test', 'Dunsmuir v. New Brunswick, 2008 SCC 9 sets out the governing standard of review.'],
    ['established', 'Kanthasamy, 2015 SCC 61 established that hardship is assessed globally.'],
    ['stands for', 'Baker, [1999] 2 SCR 817 stands for the proposition that fairness varies with context.'],
  ])('takes the sentence as the proposition when it makes an explicit claim (%s)', (_marker, text) => {
    const [input] = letter(text);
    expect(input.proposition).toBeDefined();
    expect(input.proposition).not.toMatch(/\d{4} (?:SCC|FC)|SCR/);
  });

  it('gives no proposition for a bare reference', () => {
    for (const input of letter('See Canada (Minister of Citizenship and Immigration) v. Vavilov, 2019 SCC 65.')) expect(input.proposition).toBeUndefined();
  });

  it('gives every authority of a sentence that makes a claim that claim, so each is checked', () => {
    const inputs = letter('Baker, [1999] 2 SCR 817 and Vavilov, 2019 SCC 65 held that reasons matter.');
    expect(inputs.map((i) => [i.citation, i.proposition])).toEqual([
      ['[1999] 2 SCR 817', 'held that reasons matter.'],
      ['2019 SCC 65', 'held that reasons matter.'],
    ]);
  });

  it('does not give the claim to an authority cited only for contrast (cf., unlike, but see)', () => {
    const inputs = letter('Unlike Baker, [1999] 2 SCR 817, Vavilov, 2019 SCC 65 held that reasonableness is the presumptive standard.');
    expect(inputs.find((i) => i.citation === '2019 SCC 65')?.proposition).toBe('held that reasonableness is the presumptive standard.');
    expect(inputs.find((i) => i.citation === '[1999] 2 SCR 817')?.proposition).toBeUndefined();
  });

  it('gives an authority in a clause of its own that claims nothing no other clause\'s claim', () => {
    const inputs = letter(
      'The governing test is the one set out in Dunsmuir v. New Brunswick, 2008 SCC 9, which asks whether the outcome is acceptable; Vavilov, 2019 SCC 65, only added detail about reasons.',
    );
    expect(inputs.map((i) => [i.citation, i.proposition])).toEqual([
      ['2008 SCC 9', 'The governing test is the one set out, which asks whether the outcome is acceptable'],
      ['2019 SCC 65', undefined],
    ]);
  });

  it('gives a list of authorities cited for one claim that claim, each of them', () => {
    const inputs = letter('Reasons must be justified, as the Court held in Vavilov, 2019 SCC 65 at para 86; Baker, [1999] 2 SCR 817 at para 43.');
    expect(inputs.map((i) => [i.citation, i.proposition])).toEqual([
      ['2019 SCC 65', 'Reasons must be justified, as the Court held'],
      ['[1999] 2 SCR 817', 'Reasons must be justified, as the Court held.'],
    ]);
  });

  it('checks a claim made through a short form against the decision it refers to', () => {
    const inputs = letter(
      'The officer ignored Kanthasamy v. Canada (Citizenship and Immigration), 2015 SCC 61. In Kanthasamy, the Court held that hardship is weighed globally. Ibid at para 33 held that the officer must consider all factors.',
    );
    expect(inputs.filter((i) => i.citation === '2015 SCC 61').map((i) => i.proposition)).toEqual([
      'the Court held that hardship is weighed globally.',
      'held that the officer must consider all factors.',
    ]);
  });

  it('never takes a person who shares a party\'s surname for the decision', () => {
    const inputs = letter(
      'The applicant relies on Singh v. Canada (Citizenship and Immigration), 2014 FC 1077. Mr. Singh held a job at a bakery; his brother Singh held a lease. Harpreet Singh found that the rent was high.',
    );
    expect(inputs).toEqual([{ citation: '2014 FC 1077', name: 'Singh v. Canada (Citizenship and Immigration)', foundIn: 'document:submission', kind: 'case' }]);
  });

  it('reads no provision in a tenancy agreement that defines "the Act" as another statute, nor in its numbered clauses', () => {
    const lease = [
      'RESIDENTIAL TENANCY AGREEMENT under the Residential Tenancies Act, 2006, S.O. 2006, c. 17 (the "Act").',
      'Clause 7(b) of the tenancy agreement: one month of notice. Under section 37(1) of the Act, a tenancy ends only as permitted.',
      'Paragraph 4(b) of this Agreement governs renewals. See question 2(a) of the form. Section 3 of the lease sets the rent.',
    ].join('\n');
    expect(letter(lease, 'lease')).toEqual([]);
  });

  it('reads "the Act" as the IRPA in a submission about immigration, and a bare provision once the IRPA is named', () => {
    const submission = 'The refusal under the Immigration and Refugee Protection Act cannot stand. Section 16 of the Act requires truthful answers, and s. 40(1)(a) applies.';
    expect(letter(submission).map((i) => i.citation)).toEqual(['IRPA 16', 'IRPA 40(1)(a)']);
  });

  it('joins a citation split across two pages, and reads through characters that would hide it', () => {
    const inputs = collectDocumentCitations(
      [
        {
          docId: 'memo',
          pages: [
            { page: 1, text: 'The leading case is Baker v. Canada (Minister of Citizenship and' },
            { page: 2, text: 'Immigration), [1999] 2 S.C.R.\n817. The refusal also cites 2015 S\u200bC\u00adC 6\u200d1 and 2O19 \u0405CC 65.' },
          ],
        },
      ],
      options,
    );
    expect(inputs.map((i) => [i.citation, i.name])).toEqual([
      ['[1999] 2 SCR 817', 'Baker v. Canada (Minister of Citizenship and Immigration)'],
      ['2015 SCC 61', undefined],
      ['2019 SCC 65', undefined],
    ]);
  });

  it('does not end the sentence at the dots inside a citation or after "v."', () => {
    const [input] = letter('Earlier facts. In Baker v. Canada (M.C.I.), [1999] 2 S.C.R. 817 at para. 22, the Court held that fairness is flexible.');
    expect(input.proposition).toBe('the Court held that fairness is flexible.');
  });

  it(`trims the proposition to at most ${MAX_PROPOSITION_LENGTH} characters`, () => {
    const [input] = letter(`Vavilov, 2019 SCC 65 held that ${'the reviewing court looks at the reasons given and the record '.repeat(10)}.`);
    expect(input.proposition!.length).toBeLessThanOrEqual(MAX_PROPOSITION_LENGTH);
  });

  it('reads every page of every document and names the document it came from', () => {
    const inputs = collectDocumentCitations(
      [
        { docId: 'a', pages: [{ page: 1, text: 'See 2019 SCC 65.' }, { page: 2, text: 'And IRPA 40(1)(a).' }] },
        { docId: 'b', pages: [{ page: 1, text: 'Nothing here.' }] },
        { docId: 'c', pages: [{ page: 1, text: 'See [1999] 2 SCR 817.' }] },
      ],
      options,
    );
    expect(inputs.map((i) => `${i.foundIn} ${i.citation}`)).toEqual(['document:a 2019 SCC 65', 'document:a IRPA 40(1)(a)', 'document:c [1999] 2 SCR 817']);
  });

  it('returns nothing for malformed documents instead of throwing', () => {
    const junk = [null, { docId: 'x' }, { docId: 'y', pages: [null, { page: 1 }] }] as unknown as Parameters<typeof collectDocumentCitations>[0];
    expect(collectDocumentCitations(junk, options)).toEqual([]);
  });
});

describe('collectAgentCitations', () => {
  it('takes structured authorities with their propositions, and citations written in free text', () => {
    const inputs = collectAgentCitations(
      [
        { stage: 'detective', authorities: [authority({}), authority({ kind: 'provision', citation: 'IRPA 40(1)(a)', name: 'Inadmissibility for misrepresentation', proposition: 'misrepresentation' })] },
        { stage: 'strategist', text: 'Under Kanthasamy, 2015 SCC 61 the officer must weigh all factors; see also IRPR 216(1)(b).' },
      ],
      options,
    );
    expect(inputs).toEqual([
      {
        citation: '2019 SCC 65',
        name: 'Canada (Minister of Citizenship and Immigration) v. Vavilov',
        proposition: 'reasonableness is the presumptive standard of review',
        foundIn: 'detective',
        kind: 'case',
      },
      { citation: 'IRPA 40(1)(a)', proposition: 'misrepresentation', foundIn: 'detective', kind: 'provision' },
      { citation: '2015 SCC 61', name: 'Kanthasamy', foundIn: 'strategist', kind: 'case' },
      { citation: 'IRPR 216(1)(b)', foundIn: 'strategist', kind: 'provision' },
    ]);
  });

  it('skips malformed outputs and authorities instead of throwing', () => {
    const junk = [null, { stage: 'x', authorities: [null, { citation: 5 }] }, { text: 42 }] as unknown as Parameters<typeof collectAgentCitations>[0];
    expect(collectAgentCitations(junk, options)).toEqual([]);
  });
});
