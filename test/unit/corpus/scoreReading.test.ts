import type { CaseFacts } from '../../../lambdas/contracts/caseFacts';
import type { CorpusItem } from '../../corpus/readingCorpus';
import { precision, recall, scoreItem } from '../../corpus/scoreReading';

const evidence = { docId: 'd1', page: 1, quote: 'q' };
const base = { evidence, confidence: 0.8, source: 'rules' as const };
const reading = (parts: Partial<CaseFacts>): CaseFacts => ({
  documents: [{ docId: 'd1', type: 'marriage-certificate', typeConfidence: 0.9, typeSignals: [], language: 'fr' }],
  parties: [],
  application: { kind: 'unknown', subKinds: [], reason: '', applicantLocation: 'unknown', isRefusal: false, evidence: [], confidence: 0.3 },
  timeline: [],
  declarations: [],
  money: [],
  officerFindings: [],
  conflicts: [],
  ...parts,
});
const item: CorpusItem = {
  id: 'fr/sample',
  language: 'fr',
  folder: '/nowhere',
  expected: {
    about: 'sample',
    documents: { 'acte.pdf': { type: 'marriage-certificate' } },
    facts: [
      { kind: 'event', event: 'marriage', person: 'applicant', date: '2022-06' },
      { kind: 'party', role: 'sponsor', name: 'Jean-Philippe Morin' },
      { kind: 'money', moneyKind: 'salary', amount: 52000, currency: 'CAD', per: 'year' },
    ],
    absent: [{ kind: 'event', event: 'refusal', person: 'applicant' }],
  },
};
const names = new Map([['d1', 'acte.pdf']]);
const perfect = reading({
  timeline: [{ kind: 'marriage', person: 'sponsor', date: { iso: '2022-06-20', precision: 'day' }, ...base }],
  parties: [{ role: 'sponsor', name: 'JEAN-PHILIPPE MORIN', ...base }],
  money: [{ kind: 'salary', amount: 52_100, currency: 'CAD', per: 'year', ...base }],
});

describe('the reading scorer', () => {
  it('scores a perfect reading 100%: a couple event matches either partner, a day matches an expected month, names ignore case and accents, amounts within 0.5%', () => {
    const score = scoreItem(item, perfect, names);
    for (const kind of ['event', 'party', 'money'] as const) expect(score.facts[kind]).toEqual({ tp: 1, fn: 0, fp: 0 });
    expect(score.misses).toEqual([]);
    expect(score.typing).toEqual([{ document: 'acte.pdf', expected: 'marriage-certificate', read: 'marriage-certificate', confidence: 0.9 }]);
  });

  it('counts a missed fact against recall', () => {
    const score = scoreItem(item, reading({ ...perfect, money: [] }), names);
    expect(score.facts.money).toEqual({ tp: 0, fn: 1, fp: 0 });
    expect(recall(score.facts.money)).toBe(0);
  });

  it('counts a look-alike read, or any unexpected fact of an exhaustive kind, against precision', () => {
    const score = scoreItem(item, reading({ ...perfect, timeline: [...perfect.timeline, { kind: 'refusal', person: 'applicant', ...base }] }), names);
    expect(score.facts.event).toEqual({ tp: 1, fn: 0, fp: 1 });
    expect(precision(score.facts.event)).toBe(0.5);
  });

  it('does not match a date at a different value, a wrong period or a different person', () => {
    const wrong = reading({
      timeline: [{ kind: 'marriage', person: 'applicant', date: { iso: '2022-07-01', precision: 'day' }, ...base }],
      money: [{ kind: 'salary', amount: 52_000, currency: 'CAD', per: 'hour', ...base }],
      parties: [{ role: 'applicant', name: 'Jean-Philippe Morin', ...base }],
    });
    const score = scoreItem(item, wrong, names);
    expect(score.facts.event.tp + score.facts.money.tp + score.facts.party.tp).toBe(0);
  });

  it('reports a wrong document type with its confidence', () => {
    const score = scoreItem(item, reading({ ...perfect, documents: [{ docId: 'd1', type: 'other', typeConfidence: 0.3, typeSignals: [], language: 'fr' }] }), names);
    expect(score.misses).toContainEqual({ item: 'fr/sample', kind: 'typing', what: 'wrong-type', detail: 'acte.pdf: marriage-certificate read as other (0.30)' });
  });

  it('counts a sub-kind the file does not have, and a stated location read the other way, against precision only', () => {
    const withApplication: CorpusItem = { ...item, expected: { ...item.expected, application: { kind: 'work-permit', subKinds: ['lmia-exempt:open-spousal'], applicantLocation: 'outside-canada' } } };
    const read = (subKinds: string[], applicantLocation: 'inside-canada' | 'outside-canada' | 'unknown') =>
      scoreItem(withApplication, reading({ ...perfect, application: { kind: 'work-permit', subKinds, reason: '', applicantLocation, isRefusal: false, evidence: [], confidence: 0.8 } }), names).facts.application;
    expect(read(['lmia-exempt:open-spousal'], 'outside-canada')).toEqual({ tp: 1, fn: 0, fp: 0 });
    // Unknown is no claim: it costs nothing.
    expect(read(['lmia-exempt:open-spousal'], 'unknown')).toEqual({ tp: 1, fn: 0, fp: 0 });
    expect(read(['lmia-exempt:open-spousal', 'lmia'], 'outside-canada')).toEqual({ tp: 1, fn: 0, fp: 1 });
    expect(read(['lmia-exempt:open-spousal', 'lmia'], 'inside-canada')).toEqual({ tp: 1, fn: 0, fp: 2 });
    // A missing expected sub-kind is a miss, as before.
    expect(read([], 'outside-canada')).toEqual({ tp: 0, fn: 1, fp: 1 });
  });
});
