import { loadResearchIndex } from '../../../lambdas/core/caselaw/loadIndex';
import { checkProposition, subjectOfCase, subjectOfProvision } from '../../../lambdas/agents/verifier/verification/propositionCheck';
import { findPolarityConflict, readStatement, readStatements } from '../../../lambdas/agents/verifier/verification/propositionPolarity';

const index = loadResearchIndex();
const ofCase = (id: string) => subjectOfCase(index.findCaseById(id)!);
const ofProvision = (id: string) => subjectOfProvision(index.findProvision(id)!);
const negated = (text: string) => [...readStatement(text).words.values()].filter((w) => w.negated).map((w) => w.word);

describe('reading the polarity of a statement', () => {
  it.each([
    ['a conditional sentence does not count as a term of imprisonment', ['count', 'term', 'imprisonment']],
    ['failing to disclose a prior refusal is misrepresentation', []],
    ['the officer did not consider the evidence, but the decision was reasonable', ['consider', 'evidence']],
    ['the Court rejected the argument that processing with Chinook is a breach of fairness', ['processing', 'chinook', 'breach', 'fairness']],
    ['reasonableness is the presumptive standard of review is not the case', ['reasonableness', 'presumptive', 'standard', 'review']],
    ['the applicant is no longer inadmissible', ['inadmissible']],
    ['the Court declined to certify a question', ['certify']],
    ['the officer examines the reasons given rather than substituting her own view', ['substituting', 'view']],
    ['no study permit may be issued unless the applicant has enough money', []],
    ['not only the funds but also the ties matter', []],
  ])('reads "%s"', (text, words) => {
    expect(negated(text).sort()).toEqual([...words].sort());
  });

  it('reads a negation inside a rejection frame as affirming ("rejected the argument that X is not required")', () => {
    const words = readStatement('the Court rejected the argument that intent is not required').words;
    expect(words.get('requir')?.negated).toBe(false);
    expect(words.get('intent')?.negated).toBe(true);
  });

  it('splits statements at sentence ends and semicolons, not at "s." or "v."', () => {
    expect(readStatements('Under IRPA s. 40 the duty applies; Baker v. Canada held otherwise. It ends.').map((s) => s.text)).toEqual([
      'Under IRPA s. 40 the duty applies',
      'Baker v. Canada held otherwise',
      'It ends',
    ]);
  });
});

describe('proposition check: negation and contrast decide against the holding', () => {
  it.each([
    ['vavilov-2019', 'In Vavilov the Supreme Court held that reasonableness is the presumptive standard of review'],
    ['vavilov-2019', 'a reviewing court does not decide the matter afresh but examines the reasons the officer gave'],
    ['baker-1999', "an officer's notes can serve as the written reasons for an H&C decision"],
    ['kanthasamy-2015', 'the hardship wording is descriptive and does not create three separate thresholds'],
    ['kanthasamy-2015', 'officers must not apply the hardship wording as a rigid test'],
    ['tran-2017', 'a conditional sentence does not count as a term of imprisonment for serious criminality'],
    ['chen-2005', 'misrepresentation does not require an intent to deceive'],
    ['ardestani-2023', 'the Court rejected the argument that processing an application with Chinook breaches procedural fairness'],
    ['khan-fca-2001', 'there was no breach of fairness where the applicant responded to the medical fairness letter'],
    ['jean-jacques-2005', 'an applicant cannot be faulted for not disclosing information he did not know'],
    ['pisarevic-2019', 'claiming dual intent does not relieve the applicant of showing that they will leave Canada'],
    ['agraira-2013', 'legitimate expectations are procedural and do not create substantive rights'],
    ['khosa-2009', 'a reviewing court should not reweigh the factors the decision-maker considered'],
  ])('passes %s cited for "%s"', (id, proposition) => {
    expect(checkProposition(proposition, ofCase(id))).toMatchObject({ consistent: true });
  });

  it.each([
    ['vavilov-2019', 'the Court held that reasonableness is not the presumptive standard of review', '"not" (over presumptive, standard, review)'],
    ['vavilov-2019', 'the Court rejected the argument that reasonableness is the presumptive standard of review', '"rejected the argument that"'],
    ['vavilov-2019', 'reasonableness is no longer the presumptive standard of review', '"no longer"'],
    ['vavilov-2019', 'the reviewing court decides the matter afresh rather than examining the reasons given', '"rather than"'],
    ['baker-1999', 'H&C decisions do not require any written reasons', '"not" (over require, written, reasons)'],
    ['baker-1999', "the Court declined to find that an officer's notes could give rise to a reasonable apprehension of bias", '"declined to"'],
    ['kanthasamy-2015', 'the best interests of a directly affected child need not be given substantial weight', '"not"'],
    ['tran-2017', 'the Court held that a conditional sentence is a term of imprisonment under IRPA s. 36(1)(a)', 'affirms what the authority denies'],
    ['chen-2005', 'the Court held that intent to mislead is required for misrepresentation under s. 40', 'affirms what the authority denies'],
    ['ardestani-2023', 'the Court held that processing an application with Chinook is a breach of procedural fairness', 'affirms what the authority denies'],
    ['singh-2014', 'a marriage entered into primarily to acquire status is not excluded if it later becomes genuine', '"not" (over excluded'],
    ['mason-2023', 'IRPA s. 34(1)(e) does not require a nexus to national security', '"not" (over requires, nexus, national, security)'],
    ['huynh-2013', 'it is not the case that the bad faith test is disjunctive', '"it is not the case that"'],
    ['khosa-2009', 'a reviewing court should reweigh the factors the decision-maker considered', '"should not"'],
  ])('fails %s cited for "%s", naming the deciding words', (id, proposition, words) => {
    const verdict = checkProposition(proposition, ofCase(id));
    expect(verdict.consistent).toBe(false);
    expect(verdict.reason).toMatch(/^negation: /);
    expect(verdict.reason).toContain(words);
    expect(verdict.reason).toContain('the authority says "');
  });

  it('quotes the authority and the cue words, never the rest of the proposition', () => {
    const reason = checkProposition('Ms Quillfeather says the Court held that reasonableness is not the presumptive standard of review', ofCase('vavilov-2019')).reason!;
    expect(reason).not.toContain('Quillfeather');
    expect(reason).toContain('"reasonableness is the presumptive standard of review for administrative decisions"');
  });

  it('checks each sentence of a proposition', () => {
    const proposition = 'Reasonableness is the presumptive standard. The reviewing court decides the matter afresh rather than examining the reasons given.';
    expect(checkProposition(proposition, ofCase('vavilov-2019')).consistent).toBe(false);
  });

  it.each([
    ['IRPR 220', 'a study permit may be issued only if the applicant has sufficient funds for tuition and living costs', true],
    ['IRPR 220', 'no study permit may be issued unless the applicant has enough money for tuition', true],
    ['IRPA 22(2)', 'an intention to become a permanent resident does not prevent a person from becoming a temporary resident', true],
    ['IRPA 22(2)', 'an intention to become a permanent resident prevents a person from becoming a temporary resident', false],
    ['IRPA 16(1)', 'an applicant must answer truthfully the questions put in an examination', true],
    ['IRPA 16(1)', 'an applicant is not required to answer truthfully the questions put in an examination', false],
    ['IRPA 40(1)(a)', 'failing to disclose a prior refusal is misrepresentation', true],
  ])('for %s, "%s" is consistent: %s', (id, proposition, consistent) => {
    expect(checkProposition(proposition, ofProvision(id)).consistent).toBe(consistent);
  });

  it('passes every decision for each sentence of its own holding and each proposition, and fails each of them negated', () => {
    const passes: string[] = [];
    const misses: string[] = [];
    for (const entry of index.cases) {
      const subject = subjectOfCase(entry);
      for (const statement of [...readStatements(entry.holding).map((s) => s.text), ...entry.propositions]) {
        if (!checkProposition(statement, subject).consistent) passes.push(`${entry.id}: ${statement}`);
      }
      for (const p of entry.propositions) {
        for (const denial of [`the Court rejected the argument that ${p}`, `it is not the case that ${p}`]) {
          if (findPolarityConflict(denial, subject.statements) === undefined) misses.push(`${entry.id}: ${denial}`);
        }
      }
    }
    expect(passes).toEqual([]);
    expect(misses).toEqual([]);
  });
});
