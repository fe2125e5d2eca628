import { loadResearchIndex } from '../../../lambdas/core/caselaw/loadIndex';
import type { Authority } from '../../../lambdas/core/research/researchSchema';
import { MAX_PROPOSITION_LENGTH } from '../../../lambdas/core/verification/citationsInText';
import { collectAgentCitations, collectDocumentCitations } from '../../../lambdas/core/verification/verifyCitations';

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

  it.each([
    ['a bare reference', 'See Canada (Minister of Citizenship and Immigration) v. Vavilov, 2019 SCC 65.'],
    ['a sentence citing two decisions', 'Baker, [1999] 2 SCR 817 and Vavilov, 2019 SCC 65 held that reasons matter.'],
  ])('gives no proposition for %s', (_label, text) => {
    for (const input of letter(text)) expect(input.proposition).toBeUndefined();
  });

  it('does not end the sentence at the dots inside a citation or after "v."', () => {
    const [input] = letter('Earlier facts. In Baker v. Canada (M.C.I.), [1999] 2 S.C.R. 817 at para. 22, the Court held that fairness is flexible.');
    expect(input.proposition).toBe('In, the Court held that fairness is flexible.');
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
