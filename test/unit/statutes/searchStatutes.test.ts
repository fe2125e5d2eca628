import { wordsOf } from '../../../lambdas/core/statutes/statuteWords';
import { searchStatutes } from '../../../lambdas/core/statutes/searchStatutes';
import { statuteExcerpt } from '../../../lambdas/core/statutes/statuteExcerpt';
import { tokenize } from '../../../lambdas/core/research/bm25';

const topIds = (query: string, options = {}) => searchStatutes(query, { limit: 5, ...options }).map((hit) => hit.id);

describe('searching the statutes', () => {
  it('finds IRPR 216(1)(b) for a study permit refused on the ground the applicant would not leave', () => {
    const [first] = searchStatutes('study permit officer satisfied leave Canada end of period', { limit: 5 });
    expect(first.id).toBe('IRPR 216(1)(b)');
    expect(first.excerpt).toBe('will leave Canada by the end of the period authorized for their stay under Division 2 of Part 9;');
    expect(first.excerptIsPartial).toBe(false);
  });

  it('finds IRPA 40(1)(a) for misrepresentation', () => {
    expect(topIds('misrepresenting or withholding material facts inadmissible')).toContain('IRPA 40(1)(a)');
  });

  it('finds IRPR 4(1) on bad-faith relationships', () => {
    expect(topIds('spouse bad faith marriage not genuine primarily for the purpose')).toEqual(
      expect.arrayContaining(['IRPR 4(1)(a)', 'IRPR 4(1)(b)']),
    );
  });

  it('finds IRPA 25(1) for humanitarian and compassionate relief', () => {
    expect(topIds('humanitarian and compassionate considerations exemption request foreign national in Canada', { instrument: 'IRPA', limit: 10 })).toContain('IRPA 25(1)');
  });

  it('returns verbatim excerpts of the provision text', () => {
    for (const hit of searchStatutes('dual intent temporary resident permanent resident', { limit: 5 })) {
      expect(wordsOf(hit.provision, 'en')).toContain(hit.excerpt);
      expect(hit.excerpt.length).toBeLessThanOrEqual(240);
    }
  });

  it('keeps to one instrument when asked', () => {
    const hits = searchStatutes('study permit', { instrument: 'IRPA', limit: 10 });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((hit) => hit.id.startsWith('IRPA '))).toBe(true);
  });

  it('leaves repealed units out unless asked', () => {
    const query = 'live-in caregiver';
    expect(searchStatutes(query, { limit: 50 }).some((hit) => hit.provision.repealed)).toBe(false);
    expect(searchStatutes(query, { limit: 50, includeRepealed: true }).some((hit) => hit.provision.repealed)).toBe(true);
  });

  it('searches and quotes the French version', () => {
    const [first] = searchStatutes('permis d’études quittera le Canada à la fin de la période de séjour', { language: 'fr', limit: 3 });
    expect(first.id).toBe('IRPR 216(1)(b)');
    expect(first.excerpt).toMatch(/^il quittera le Canada/);
    expect(first.language).toBe('fr');
  });

  it('returns nothing for an empty query or a zero limit', () => {
    expect(searchStatutes('   ')).toEqual([]);
    expect(searchStatutes('study permit', { limit: 0 })).toEqual([]);
  });
});

describe('excerpts', () => {
  const long =
    'An officer shall not issue a work permit to a foreign national if the officer has reasonable grounds to believe that the foreign national is unable to perform the work sought, ' +
    'and in particular the officer shall consider the language ability of the foreign national, the experience of the foreign national in comparable employment, and whether the ' +
    'foreign national will leave Canada by the end of the period authorized for their stay, among other matters the officer considers relevant in the circumstances.';

  it('keeps a short text whole', () => {
    expect(statuteExcerpt('is not genuine.', ['genuin'])).toEqual({ text: 'is not genuine.', partial: false });
  });

  it('cuts a long text around the matched words, at word boundaries, within the limit', () => {
    const excerpt = statuteExcerpt(long, tokenize('leave Canada end of period authorized'), 120);
    expect(excerpt.partial).toBe(true);
    expect(long).toContain(excerpt.text);
    expect(excerpt.text.length).toBeLessThanOrEqual(120);
    expect(excerpt.text).toContain('will leave Canada by the end of the period');
    expect(excerpt.text).toMatch(/^\S/);
    expect(long.charAt(long.indexOf(excerpt.text) - 1)).toMatch(/\s|^$/);
  });
});
