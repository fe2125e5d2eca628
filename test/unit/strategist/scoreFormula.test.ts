import { defensibilityScore, rubricScore } from '../../../lambdas/agents/strategist/scoring/rubricScore';
import { findingWithWording } from '../../../lambdas/agents/strategist/scoring/scoreFactors';

describe('strategist score formula', () => {
  it('is round(100 × Σ weight·earned / Σ weight)', () => {
    // 100 × (10·1 + 20·0.7 + 30·0.3 + 40·0) / 100 = 33
    expect(rubricScore([{ weight: 10, earned: 1 }, { weight: 20, earned: 0.7 }, { weight: 30, earned: 0.3 }, { weight: 40, earned: 0 }])).toBe(33);
  });

  it('scores only the factors that rest on evidence: a factor the file says nothing about lowers the confidence, not the score', () => {
    // 100 × (40·1 + 20·0.3) / 60 = 77; the no-evidence factor's 40 is left out of the scale
    const factors = [
      { weight: 40, earned: 1, rating: 'strong' as const },
      { weight: 20, earned: 0.3, rating: 'weak' as const },
      { weight: 40, earned: 0, rating: 'no-evidence' as const },
    ];
    expect(rubricScore(factors)).toBe(77);
    // an adverse factor does count, at zero
    expect(rubricScore([{ weight: 50, earned: 1, rating: 'strong' }, { weight: 50, earned: 0, rating: 'adverse' }])).toBe(50);
  });

  it('is 0 when no factor rests on evidence (the judge then gives no confident adverse outcome)', () => {
    expect(rubricScore([{ weight: 60, earned: 0, rating: 'no-evidence' }, { weight: 40, earned: 0, rating: 'no-evidence' }])).toBe(0);
  });

  it('rounds half up and stays within 0–100', () => {
    expect(rubricScore([{ weight: 1, earned: 0.125 }, { weight: 1, earned: 0.88 }])).toBe(50);
    expect(rubricScore([{ weight: 5, earned: 1 }])).toBe(100);
    expect(rubricScore([{ weight: 5, earned: 0 }])).toBe(0);
  });

  it('is 0 when there are no factors', () => {
    expect(rubricScore([])).toBe(0);
  });

  it('equals the rubric score in rules-only mode and applies a bounded model adjustment, clamped', () => {
    expect(defensibilityScore(58, null)).toBe(58);
    expect(defensibilityScore(58, { points: -10 })).toBe(48);
    expect(defensibilityScore(95, { points: 10 })).toBe(100);
    expect(defensibilityScore(4, { points: -10 })).toBe(0);
  });
});

describe('strategist factor findings', () => {
  it('adds the rubric’s wording for the rating after what was found', () => {
    expect(findingWithWording('The job offer pays 29.00 per hour.', 'The offer must match the LMIA.')).toBe('The job offer pays 29.00 per hour. The offer must match the LMIA.');
  });

  it('leaves the wording out when it only repeats the finding', () => {
    expect(findingWithWording('No travel history is given.', 'No travel history is given.')).toBe('No travel history is given.');
  });
});
