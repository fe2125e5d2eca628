import { loadResearchIndex } from '../../../lambdas/core/caselaw/loadIndex';
import { findContradiction } from '../../../lambdas/agents/verifier/verification/contradictionRules';
import {
  checkProposition,
  PROPOSITION_THRESHOLD,
  subjectOfCase,
  subjectOfProvision,
  TOPIC_WEIGHT,
} from '../../../lambdas/agents/verifier/verification/propositionCheck';
import { contentStems, stem, topicsOf } from '../../../lambdas/agents/verifier/verification/propositionTerms';

const index = loadResearchIndex();
const caseSubject = (id: string) => subjectOfCase(index.findCaseById(id)!);

describe('proposition check: vocabulary', () => {
  it.each([
    ['reasonableness', 'reasonably'],
    ['reasons', 'reason'],
    ['issues', 'issue'],
    ['fairness', 'fair'],
    ['procedural', 'procedure'],
  ])('stems "%s" and "%s" alike', (a, b) => {
    expect(stem(a)).toBe(stem(b));
  });

  it('drops stop words, legal filler and numbers, and unifies H&C and bona fides', () => {
    expect([...contentStems('The Court held that H&C relief in 2015 SCC 61 requires bona fides')].sort()).toEqual(
      ['compassionat', 'genuin', 'humanitarian', 'relief', 'requir'].sort(),
    );
  });

  it.each([
    ['the marriage was not genuine', ['spousal-bona-fides']],
    ['reasonableness review of the refusal', ['standard-of-review']],
    ['the officer breached procedural fairness', ['procedural-fairness']],
    ['the applicant had sufficient funds in her bank statements', ['financial-capacity']],
    ['an ordinary sentence', []],
  ])('reads the topics of "%s"', (text, topics) => {
    expect(topicsOf(text)).toEqual(topics);
  });
});

describe('proposition check: threshold', () => {
  it('documents its threshold and topic weight', () => {
    expect(PROPOSITION_THRESHOLD).toBe(0.4);
    expect(TOPIC_WEIGHT).toBe(0.2);
  });

  it('passes every decision for each of its own propositions', () => {
    const failures = index.cases.flatMap((entry) =>
      entry.propositions.filter((p) => !checkProposition(p, subjectOfCase(entry)).consistent).map((p) => `${entry.id}: ${p}`),
    );
    expect(failures).toEqual([]);
  });

  it('rarely passes a decision for a proposition of a decision on unrelated topics (under 2 %)', () => {
    let pairs = 0;
    let passed = 0;
    for (const a of index.cases) {
      for (const b of index.cases) {
        if (a === b || a.topics.some((t) => b.topics.includes(t))) continue;
        for (const p of b.propositions) {
          pairs += 1;
          if (checkProposition(p, subjectOfCase(a)).consistent) passed += 1;
        }
      }
    }
    expect(pairs).toBeGreaterThan(1000);
    expect(passed / pairs).toBeLessThan(0.02);
  });

  it.each([
    ['vavilov-2019', 'a reviewing court asks whether the decision is internally coherent and justified', true],
    ['vavilov-2019', 'the spouses did not live together so the marriage was not genuine', false],
    ['baker-1999', 'an officer must give the applicant a chance to respond to fairness concerns', true],
    ['baker-1999', 'study permit applicants must prove sufficient funds for tuition', false],
    ['singh-2014', 'a marriage entered into primarily to acquire status is excluded', true],
    ['goburdhun-2013', 'the innocent mistake exception to misrepresentation is narrow', true],
    ['goburdhun-2013', 'the best interests of the child must be weighed in H&C applications', false],
  ])('for %s, "%s" is consistent: %s', (id, proposition, consistent) => {
    expect(checkProposition(proposition, caseSubject(id)).consistent).toBe(consistent);
  });

  it('explains a failure with coverage, topics and score, without quoting the proposition', () => {
    const verdict = checkProposition('the marriage was not genuine', caseSubject('vavilov-2019'));
    expect(verdict).toMatchObject({ consistent: false, topicAgreement: 'disagree', propositionTopics: ['spousal-bona-fides'] });
    expect(verdict.reason).toContain('below 0.4');
    expect(verdict.reason).not.toContain('marriage was not genuine');
  });

  it('does not compare a proposition with no content words', () => {
    expect(checkProposition('see the case', caseSubject('vavilov-2019'))).toMatchObject({ consistent: true, compared: false });
  });

  it('checks provisions against their title, summary and keywords', () => {
    const provision = index.findProvision('IRPA 40(1)(a)')!;
    expect(checkProposition('failing to disclose a prior refusal is misrepresentation', subjectOfProvision(provision)).consistent).toBe(true);
    expect(checkProposition('reasonableness is the presumptive standard of review', subjectOfProvision(provision)).consistent).toBe(false);
  });
});

describe('proposition check: explicit contradiction rules', () => {
  it.each([
    ['vavilov-2019', 'correctness is the presumptive standard of review', 'correctness-as-default'],
    ['vavilov-2019', 'the standard of review is correctness', 'correctness-as-default'],
    ['kanthasamy-2015', 'the applicant must prove unusual and undeserved hardship', 'hardship-as-threshold'],
    ['kanthasamy-2015', 'the guidelines create three separate thresholds of hardship', 'hardship-as-threshold'],
  ])('for %s, "%s" breaks %s', (id, proposition, rule) => {
    const entry = index.findCaseById(id)!;
    expect(findContradiction(proposition, subjectOfCase(entry).text)?.id).toBe(rule);
    expect(checkProposition(proposition, subjectOfCase(entry)).consistent).toBe(false);
  });

  it.each([
    ['vavilov-2019', 'correctness applies only to constitutional questions and questions of central importance'],
    ['kanthasamy-2015', 'the hardship wording does not create separate thresholds'],
  ])('for %s, the accepted qualification "%s" is not a contradiction', (id, proposition) => {
    expect(checkProposition(proposition, caseSubject(id)).consistent).toBe(true);
  });

  it('flags dual intent cited as a bar against IRPA 22(2)', () => {
    const provision = index.findProvision('IRPA 22(2)')!;
    expect(checkProposition('dual intent bars a study permit', subjectOfProvision(provision)).reason).toContain('dual-intent-as-bar');
    expect(checkProposition('dual intent does not bar temporary residence', subjectOfProvision(provision)).consistent).toBe(true);
  });

  it('applies a rule only to an authority that says the marker', () => {
    expect(findContradiction('the standard of review is correctness', caseSubject('baker-1999').text)).toBeUndefined();
  });
});
