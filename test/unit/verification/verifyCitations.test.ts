import { loadResearchIndex } from '../../../lambdas/core/caselaw/loadIndex';
import { VerifierOutput, type CheckedCitation } from '../../../lambdas/contracts/verifierOutput';
import type { ExternalAnswer } from '../../../lambdas/agents/verifier/verification/externalConfirmation';
import { VERIFY_ON_CANLII } from '../../../lambdas/agents/verifier/verification/recommendedAction';
import { resolveCitation } from '../../../lambdas/agents/verifier/verification/resolveCitation';
import type { CitationInput } from '../../../lambdas/agents/verifier/verification/verificationSchema';
import { citationsToLookUp, collectDocumentCitations, verifyCitations } from '../../../lambdas/agents/verifier/verification/verifyCitations';

const now = new Date('2026-11-22T12:00:00Z');
const index = loadResearchIndex();
const VAVILOV = 'Canada (Minister of Citizenship and Immigration) v. Vavilov, 2019 SCC 65';

function verifyLetter(text: string, iteration = 1, previous: VerifierOutput[] = []) {
  const inputs = collectDocumentCitations([{ docId: 'submission-letter', pages: [{ page: 1, text }] }], { index, now });
  return VerifierOutput.parse(verifyCitations(inputs, index, { iteration, previous, now }));
}

const verdictOf = (output: VerifierOutput, citation: string) => output.checked.find((c) => c.citation === citation);

/** A verified citation must resolve to something the index holds. */
function resolvesInIndex(checked: CheckedCitation): boolean {
  const resolution = resolveCitation(checked.citation, index, now);
  return resolution.kind !== 'unresolved';
}

describe('verifyCitations on a submission letter', () => {
  const SUBMISSION = [
    'Dear Officer,',
    '',
    'The applicant relies on Okafor-Lindqvist v. Canada (Citizenship and Immigration), 2022 FC 1734, which held that officers must interview spouses.',
    'Dunsmuir v. New Brunswick, 2008 SCC 9 sets out the governing standard of review.',
    'The H&C refusal applied Kanthasamy v. Canada (Citizenship and Immigration), 2014 FCA 113.',
    'In Canada (Minister of Citizenship and Immigration) v. Vavilov, 2019 SCC 65, the Court held that reasonableness review applies to the officer\'s reasons.',
    'Procedural fairness is governed by Baker v. Canada (Minister of Citizenship and Immigration), [1999] 2 S.C.R. 817.',
    'Vavilov, 2019 SCC 65 also established that a marriage entered into primarily to acquire status is not a genuine spousal relationship.',
    'In Tran v. Canada (Public Safety and Emergency Preparedness), 2017 SCC 50, the Court held that a conditional sentence is a term of imprisonment.',
    'The applicant also relies on Hassani v. Canada (Minister of Citizenship and Immigration), 2006 FC 1283, and on the later decision in 2031 FC 5.',
    'The officer misapplied s. 40(1)(a) of the Act and R216(1)(b).',
  ].join('\n');

  const output = verifyLetter(SUBMISSION);
  const failed = (citation: string) => output.failed.find((f) => f.citation === citation);

  it('fails the letter: status is FAILED and every failure is in the failed list', () => {
    expect(output.status).toBe('FAILED');
    expect(output.failed.map((f) => f.citation).sort()).toEqual(
      output.checked.filter((c) => c.verdict === 'failed').map((c) => c.citation).sort(),
    );
  });

  it('reports the decision it cannot confirm offline as unverified, recommending a CanLII check, never calling it fabricated', () => {
    expect(failed('2022 FC 1734')).toMatchObject({
      issue: 'unverified',
      attempts: 1,
      foundIn: 'document:submission-letter',
      recommendedAction: VERIFY_ON_CANLII,
    });
    expect(failed('2006 FC 1283')).toMatchObject({ issue: 'unverified', recommendedAction: VERIFY_ON_CANLII });
    expect(failed('2006 FC 1283')?.detail).toMatch(/^could not be verified offline; check it on CanLII before relying on it/);
  });

  it('reports a decision dated in the future as fabricated, recommending removal', () => {
    expect(failed('2031 FC 5')).toMatchObject({ issue: 'fabricated', recommendedAction: expect.stringMatching(/^remove it: no decision can have this citation/) });
  });

  it('reports Tran cited for the opposite of its holding as proposition-mismatch, naming the negation that decided it', () => {
    expect(failed('2017 SCC 50')).toMatchObject({ issue: 'proposition-mismatch' });
    expect(failed('2017 SCC 50')?.detail).toContain('the proposition affirms what the authority denies with "not"');
  });

  it('reports Dunsmuir cited as the governing test as superseded, naming Vavilov 2019 SCC 65', () => {
    expect(failed('2008 SCC 9')).toMatchObject({ issue: 'superseded', recommendedAction: `replace with ${VAVILOV}` });
    expect(verdictOf(output, '2008 SCC 9')?.replacement).toBe(VAVILOV);
  });

  it('reports Kanthasamy FCA 2014 as overruled by 2015 SCC 61', () => {
    expect(failed('2014 FCA 113')).toMatchObject({ issue: 'overruled', recommendedAction: 'replace with Kanthasamy v. Canada (Citizenship and Immigration), 2015 SCC 61' });
  });

  it('reports Vavilov cited for a spousal bona fides proposition, and not its correct use, as proposition-mismatch', () => {
    expect(failed('2019 SCC 65')).toMatchObject({ issue: 'proposition-mismatch' });
    expect(failed('2019 SCC 65')?.recommendedAction).toMatch(/^re-read the decision: it does not support/);
    expect(output.checked.filter((c) => c.citation === '2019 SCC 65')).toHaveLength(1);
  });

  it('verifies Baker and the provisions without flagging them', () => {
    for (const citation of ['[1999] 2 SCR 817', 'IRPA 40(1)(a)', 'IRPR 216(1)(b)']) {
      expect(verdictOf(output, citation)?.verdict).toBe('verified');
      expect(failed(citation)).toBeUndefined();
    }
  });

  it('keeps personal details of the letter out of every detail and recommended action', () => {
    const text = JSON.stringify(output.failed);
    expect(text).not.toContain('interview spouses');
    expect(text).not.toContain('acquire status');
  });
});

describe('verifyCitations passes correct citations', () => {
  it.each<[string, CitationInput]>([
    ['Vavilov for reasonableness review', { citation: '2019 SCC 65', name: 'Canada (MCI) v. Vavilov', proposition: 'reasonableness review of a visa refusal', foundIn: 'detective' }],
    ['Baker [1999] 2 SCR 817 for procedural fairness', { citation: '[1999] 2 SCR 817', proposition: 'the duty of procedural fairness is contextual', foundIn: 'detective' }],
    ['Baker [1999] 2 S.C.R. 817 for procedural fairness', { citation: '[1999] 2 S.C.R. 817', name: 'Baker v. Canada (MCI)', proposition: 'procedural fairness varies with context', foundIn: 'strategist' }],
    ['IRPA 40(1)(a) for misrepresentation', { citation: 'IRPA 40(1)(a)', proposition: 'undisclosed prior refusal: misrepresentation', foundIn: 'gatekeeper', kind: 'provision' }],
    ['R216(1)(b)', { citation: 'R216(1)(b)', foundIn: 'gatekeeper', kind: 'provision' }],
  ])('PASS for %s', (_label, input) => {
    const output = verifyCitations([input], index, { iteration: 1, now });
    expect(output).toMatchObject({ status: 'PASS', failed: [] });
    expect(output.checked[0].verdict).toBe('verified');
  });

  it('passes an empty list (nothing to verify)', () => {
    expect(verifyCitations([], index, { iteration: 1, now })).toEqual({ status: 'PASS', iteration: 1, checked: [], failed: [] });
  });
});

describe('verifyCitations on bad input', () => {
  it('reports a name mismatch with the corrected style of cause and the case probably meant', () => {
    const output = verifyCitations([{ citation: 'Baker v. Canada, 2019 SCC 65', foundIn: 'strategist' }], index, { iteration: 1, now });
    expect(output.failed[0]).toMatchObject({
      issue: 'name-mismatch',
      recommendedAction: expect.stringMatching(
        /^correct the style of cause to Canada \(Minister of Citizenship and Immigration\) v\. Vavilov .*or if Baker was meant, cite Baker v\. Canada .*\[1999\] 2 SCR 817$/,
      ),
    });
  });

  it.each([
    ['unreadable text', 'see the attached', 'unverified', 'cite it in full'],
    ['a court outside the index', '2020 ONCA 123', 'unverified', 'verify it on CanLII'],
    ['a real decision outside the index', '2009 FCA 189', 'unverified', 'verify it on CanLII'],
    ['a policy source', 'IRCC program delivery instructions: study permits', 'unverified', 'verify it at its source'],
    ['a provision the Regulations do not have', 'IRPR 999(1)', 'fabricated', 'remove it'],
    ['a future year', '2031 FC 5', 'fabricated', 'remove it'],
    ['a neutral citation before the court used them', '1999 SCC 5', 'fabricated', 'remove it'],
  ])('gives %s the outcome %s and an action that follows it', (label, citation, issue, action) => {
    const kind = label === 'a policy source' ? ({ kind: 'policy' } as const) : {};
    const output = verifyCitations([{ citation, foundIn: 'detective', ...kind }], index, { iteration: 1, now });
    expect(output.status).toBe('FAILED');
    expect(output.failed).toEqual([expect.objectContaining({ citation, issue, recommendedAction: expect.stringContaining(action) })]);
  });

  it('counts an unverified citation as a failure: the audit cannot PASS on it (DESIGN §4)', () => {
    const output = verifyCitations([{ citation: 'Hassani v. Canada (MCI), 2006 FC 1283', foundIn: 'strategist' }], index, { iteration: 1, now });
    expect(output.status).toBe('FAILED');
    expect(output.checked[0]).toMatchObject({ verdict: 'failed', issue: 'unverified' });
  });

  it('dedupes the same citation in different spellings within one place, but not across places', () => {
    const inputs: CitationInput[] = [
      { citation: '2019 SCC 65', foundIn: 'detective' },
      { citation: '2019 CSC 65', foundIn: 'detective' },
      { citation: '2019SCC65', foundIn: 'detective' },
      { citation: '2019 SCC 65', foundIn: 'document:letter' },
      { citation: '2022 FC 1734', foundIn: 'detective' },
      { citation: '2022 FC 1734', foundIn: 'detective' },
    ];
    const output = verifyCitations(inputs, index, { iteration: 1, now });
    expect(output.checked.map((c) => `${c.foundIn} ${c.citation}`)).toEqual(['detective 2019 SCC 65', 'document:letter 2019 SCC 65', 'detective 2022 FC 1734']);
    expect(output.failed).toHaveLength(1);
  });

  it('never hides a failing duplicate behind a passing one', () => {
    const inputs: CitationInput[] = [
      { citation: '2019 SCC 65', name: 'Vavilov', foundIn: 'strategist' },
      { citation: '2019 SCC 65', name: 'Baker v. Canada', foundIn: 'strategist' },
    ];
    expect(verifyCitations(inputs, index, { iteration: 1, now }).failed).toEqual([expect.objectContaining({ issue: 'name-mismatch' })]);
  });

  it('never throws on malformed inputs and options; each still gets a verdict', () => {
    const junk = [null, 42, { citation: 7 }, { foundIn: 'x' }, { citation: '2019 SCC 65' }] as unknown as CitationInput[];
    const output = VerifierOutput.parse(verifyCitations(junk, index, { iteration: 0, previous: [null, 'x'] as unknown as VerifierOutput[], now }));
    expect(output.iteration).toBe(1);
    expect(output.checked.length).toBeGreaterThan(0);
    expect(output.checked.filter((c) => c.verdict === 'verified').map((c) => c.citation)).toEqual(['2019 SCC 65']);
  });

  it('gives each of 500 citations in one garbled document a verdict, and verifies only what the index holds', () => {
    const pieces: string[] = [];
    for (let i = 0; i < 500; i += 1) {
      const entry = index.cases[i % index.cases.length];
      const forms = [
        `${entry.name}, ${entry.citations[0]} held that ${entry.propositions[0]}.`,
        `See ${2005 + (i % 18)} FC ${3000 + i}.`,
        `${2010 + (i % 10)} ONCA ${i + 1} ]]} ((( [20l9] SCR ${i}`,
        `${2030 + (i % 5)} FC ${i + 1}; v. v. v.,,, 2019 SCC`,
        `s. ${index.provisions[i % index.provisions.length].id.replace(/^IRP[AR] /, '')} of the ${i % 2 ? 'Act' : 'Regulations'}`,
      ];
      pieces.push(forms[i % forms.length]);
    }
    const inputs = collectDocumentCitations([{ docId: 'big', pages: [{ page: 1, text: pieces.join(' \u0000 ') }] }], { index, now });
    expect(inputs.length).toBeGreaterThan(300);
    const output = VerifierOutput.parse(verifyCitations(inputs, index, { iteration: 1, now }));
    expect(output.checked.length).toBeGreaterThan(300);
    for (const checked of output.checked) {
      if (checked.verdict === 'verified') expect(resolvesInIndex(checked)).toBe(true);
      else expect(checked.issue).toBeDefined();
    }
    for (const c of output.checked.filter((x) => /ONCA|FC 3\d{3}|^20(?:3\d)/.test(x.citation))) expect(c.verdict).toBe('failed');
  });
});

describe('verifyCitations with CanLII answers', () => {
  const inputs: CitationInput[] = [
    { citation: 'Hassani v. Canada (Minister of Citizenship and Immigration), 2006 FC 1283', foundIn: 'strategist' },
    { citation: '2022 FC 1734', foundIn: 'detective' },
    { citation: '2019 SCC 65', foundIn: 'detective' },
    { citation: '2031 FC 5', foundIn: 'detective' },
    { citation: '2020 ONCA 123', foundIn: 'detective' },
    { citation: 'Program delivery instructions, 2009 FC 689', foundIn: 'detective', kind: 'policy' },
  ];

  it('lists only well-formed SCC/FCA/FC citations the index lacks as what CanLII could confirm', () => {
    expect(citationsToLookUp(inputs, index, now).map((l) => l.citation)).toEqual(['2006 FC 1283', '2022 FC 1734']);
  });

  it('verifies what CanLII knows and keeps what it does not know unverified, with actions that follow', () => {
    const external = new Map<string, ExternalAnswer>([
      ['2006 FC 1283', { outcome: 'found', title: 'Hassani v. Canada (Citizenship and Immigration)' }],
      ['2022 FC 1734', { outcome: 'no-such-case' }],
    ]);
    const output = verifyCitations(inputs, index, { iteration: 1, now, external });
    expect(output.checked.find((c) => c.citation.endsWith('2006 FC 1283'))).toMatchObject({ verdict: 'verified', detail: expect.stringMatching(/^confirmed on CanLII: Hassani/) });
    expect(output.failed.find((f) => f.citation === '2022 FC 1734')).toMatchObject({
      issue: 'unverified',
      recommendedAction: expect.stringContaining('CanLII has no decision at it'),
    });
    expect(output.failed.map((f) => [f.citation, f.issue])).toEqual([
      ['2022 FC 1734', 'unverified'],
      ['2031 FC 5', 'fabricated'],
      ['2020 ONCA 123', 'unverified'],
      ['Program delivery instructions, 2009 FC 689', 'unverified'],
    ]);
  });

  it('recommends the style of cause CanLII gives when the name does not match', () => {
    const external = new Map<string, ExternalAnswer>([['2006 FC 1283', { outcome: 'found', title: 'Kumar v. Canada (Citizenship and Immigration)' }]]);
    const output = verifyCitations([inputs[0]], index, { iteration: 1, now, external });
    expect(output.failed[0]).toMatchObject({
      issue: 'name-mismatch',
      recommendedAction: 'correct the style of cause to Kumar v. Canada (Citizenship and Immigration) (the decision at 2006 FC 1283 on CanLII), or cite the decision that was meant',
    });
  });
});

describe('verifyCitations across iterations', () => {
  const round1: CitationInput[] = [
    { citation: '2022 FC 1734', name: 'Okafor-Lindqvist v. Canada (Citizenship and Immigration)', foundIn: 'detective' },
    { citation: '2008 SCC 9', foundIn: 'detective' },
  ];

  it('counts attempts as the iterations, this one included, in which the same citation failed', () => {
    const first = verifyCitations(round1, index, { iteration: 1, now });
    // The detective replaced Dunsmuir with Vavilov, but the fabricated citation survived in the strategist's text.
    const round2: CitationInput[] = [
      { citation: 'Okafor-Lindqvist v. Canada (Citizenship and Immigration), 2022 FC 1734', foundIn: 'strategist' },
      { citation: '2019 SCC 65', foundIn: 'detective' },
      { citation: '2014 FCA 113', foundIn: 'detective' },
    ];
    const second = verifyCitations(round2, index, { iteration: 2, previous: [first], now });
    expect(second.failed.map((f) => [f.citation, f.attempts])).toEqual([
      ['Okafor-Lindqvist v. Canada (Citizenship and Immigration), 2022 FC 1734', 2],
      ['2014 FCA 113', 1],
    ]);
    const third = verifyCitations(round2, index, { iteration: 3, previous: [first, second], now });
    expect(third.failed.map((f) => f.attempts)).toEqual([3, 2]);
  });

  it('reads an earlier output written with the old "not-found" outcome as unverified and counts it', () => {
    const legacy = {
      status: 'FAILED',
      iteration: 1,
      checked: [{ citation: '2022 FC 1734', foundIn: 'detective', verdict: 'failed', issue: 'not-found', detail: 'not in the index' }],
      failed: [{ citation: '2022 FC 1734', issue: 'not-found', attempts: 1, detail: 'not in the index', foundIn: 'detective', recommendedAction: 'check it' }],
    };
    expect(VerifierOutput.parse(legacy).failed[0].issue).toBe('unverified');
    const second = verifyCitations([{ citation: '2022 FC 1734', foundIn: 'detective' }], index, { iteration: 2, previous: [legacy as unknown as VerifierOutput], now });
    expect(second.failed[0]).toMatchObject({ issue: 'unverified', attempts: 2 });
  });

  it('ignores later or duplicated earlier outputs when counting', () => {
    const first = verifyCitations(round1, index, { iteration: 1, now });
    const later = { ...first, iteration: 5 };
    const second = verifyCitations(round1, index, { iteration: 2, previous: [first, first, later], now });
    expect(second.failed.map((f) => f.attempts)).toEqual([2, 2]);
  });
});
