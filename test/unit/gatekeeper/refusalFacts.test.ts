import { findRefusalContradictions, compareFactDates } from '../../../lambdas/agents/gatekeeper/consistency/refusalHistory';
import type { CaseFacts, Declaration, TimelineEvent } from '../../../lambdas/contracts/caseFacts';
import { factModel } from '../strategist/handBuiltFacts';

const FORM_NO: Declaration = {
  topic: 'prior-refusal',
  person: 'applicant',
  answer: 'no',
  madeIn: 'IMM 5257',
  signed: { iso: '2025-03-02', precision: 'day' },
  evidence: { docId: 'form', page: 1, quote: 'Have you ever been refused a visa or permit? No' },
  confidence: 0.9,
  source: 'rules',
};

const REFUSAL: TimelineEvent = {
  kind: 'refusal',
  person: 'applicant',
  date: { iso: '2024-01-15', precision: 'day' },
  country: 'Canada',
  evidence: { docId: 'letter', page: 1, quote: 'Your application for a study permit has been refused.' },
  confidence: 0.8,
  source: 'rules',
};

function factsWith(parts: Partial<CaseFacts>): CaseFacts {
  return factModel({
    documents: [
      { docId: 'form', type: 'imm-5257', typeConfidence: 0.9, typeSignals: [], language: 'en' },
      { docId: 'letter', type: 'refusal-letter', typeConfidence: 0.9, typeSignals: [], language: 'en' },
      { docId: 'sworn', type: 'other', typeConfidence: 0.9, typeSignals: [], language: 'en' },
    ],
    application: { kind: 'study-permit', subKinds: [], reason: 'test', applicantLocation: 'outside-canada', isRefusal: false, evidence: [], confidence: 0.9 },
    ...parts,
  });
}

describe('the "never refused" check reads the case-fact model', () => {
  it('a refusal of the applicant in the record and a "No" signed after it is a contradiction quoting both facts', () => {
    const [found, ...rest] = findRefusalContradictions(factsWith({ declarations: [FORM_NO], timeline: [REFUSAL] }));
    expect(rest).toEqual([]);
    expect(found.order).toBe('before');
    expect(found.declaration.evidence).toEqual(FORM_NO.evidence);
    expect(found.refusals.map((r) => r.evidence)).toEqual([REFUSAL.evidence]);
  });

  it('a refusal of another person (a brother, a previous spouse) contradicts no answer of the applicant', () => {
    const brothers = { ...REFUSAL, person: 'other' as const };
    expect(findRefusalContradictions(factsWith({ declarations: [FORM_NO], timeline: [brothers] }))).toEqual([]);
  });

  it('a refusal letter addressed to someone else than the person who declared contradicts nothing', () => {
    const parties = [
      { role: 'applicant' as const, name: 'Aminata Diallo', evidence: { docId: 'form', page: 1, quote: 'Aminata Diallo' }, confidence: 0.9, source: 'rules' as const },
      { role: 'applicant' as const, name: 'Rosalind Mae Castillo', evidence: { docId: 'letter', page: 1, quote: 'Rosalind Mae Castillo' }, confidence: 0.9, source: 'rules' as const },
    ];
    expect(findRefusalContradictions(factsWith({ declarations: [FORM_NO], timeline: [REFUSAL], parties }))).toEqual([]);
  });

  it('a document that discloses a refusal (a Yes, a sworn account) is never read as denying one', () => {
    const disclosed: Declaration = { ...FORM_NO, answer: 'yes', details: 'study permit refused in 2024', evidence: { docId: 'form', page: 2, quote: 'refused a visa? Yes — study permit, 2024' } };
    expect(findRefusalContradictions(factsWith({ declarations: [FORM_NO, disclosed], timeline: [REFUSAL] }))).toEqual([]);
  });

  it('a refusal dated after the declaration is the decision on it, not a contradiction; an undated one leaves the order unknown', () => {
    const later = { ...REFUSAL, date: { iso: '2025-06-01', precision: 'day' as const } };
    expect(findRefusalContradictions(factsWith({ declarations: [FORM_NO], timeline: [later] }))).toEqual([]);
    const undated = { ...REFUSAL, date: undefined };
    expect(findRefusalContradictions(factsWith({ declarations: [FORM_NO], timeline: [undated] })).map((c) => c.order)).toEqual(['unknown']);
  });

  it('the refusal the declaring document itself records is judged by the other documents', () => {
    const ownRecord = { ...REFUSAL, evidence: { ...REFUSAL.evidence, docId: 'form' } };
    expect(findRefusalContradictions(factsWith({ declarations: [FORM_NO], timeline: [ownRecord] }))).toEqual([]);
  });

  it('a sworn "I have never been refused" is a declaration like a form\'s answer, listed after the forms', () => {
    const sworn: Declaration = { ...FORM_NO, madeIn: 'statutory declaration', evidence: { docId: 'sworn', page: 1, quote: 'I have never been refused a visa.' } };
    const found = findRefusalContradictions(factsWith({ declarations: [sworn, FORM_NO], timeline: [REFUSAL] }));
    expect(found.map((c) => c.declaration.evidence.docId)).toEqual(['form', 'sworn']);
  });

  it('compares dates only as precisely as both are given', () => {
    expect(compareFactDates({ iso: '2024-01-15', precision: 'day' }, { iso: '2025', precision: 'year' })).toBe(-1);
    expect(compareFactDates({ iso: '2025-01-15', precision: 'day' }, { iso: '2025', precision: 'year' })).toBeUndefined();
    expect(compareFactDates({ iso: '2025-02', precision: 'month' }, { iso: '2025-01-31', precision: 'day' })).toBe(1);
  });
});
