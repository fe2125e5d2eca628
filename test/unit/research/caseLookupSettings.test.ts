import { caseLookupSourceFrom, ResearchSettingsInvalid, researchSourcesFrom } from '../../../lambdas/core/research/researchSources';

describe('CanLII settings (the Verifier’s case lookup)', () => {
  it('is off without CASE_AUDIT_CANLII_API_KEY, or with an empty one', () => {
    expect(caseLookupSourceFrom({})).toBeUndefined();
    expect(caseLookupSourceFrom({ CASE_AUDIT_CANLII_API_KEY: '  ' })).toBeUndefined();
  });

  it('is on with a key, once per configuration', () => {
    const env = { CASE_AUDIT_CANLII_API_KEY: 'k1', CASE_AUDIT_CANLII_ENDPOINT: 'http://127.0.0.1:9/v1' };
    const source = caseLookupSourceFrom(env);
    expect(source?.name).toBe('canlii');
    expect(caseLookupSourceFrom(env)).toBe(source);
    expect(caseLookupSourceFrom({ ...env, CASE_AUDIT_CANLII_API_KEY: 'k2' })).not.toBe(source);
  });

  it('names the setting when the endpoint is not an http(s) URL', () => {
    expect(() => caseLookupSourceFrom({ CASE_AUDIT_CANLII_API_KEY: 'k', CASE_AUDIT_CANLII_ENDPOINT: 'api.canlii.org' })).toThrow(ResearchSettingsInvalid);
    expect(() => caseLookupSourceFrom({ CASE_AUDIT_CANLII_API_KEY: 'k', CASE_AUDIT_CANLII_ENDPOINT: 'api.canlii.org' })).toThrow(/CASE_AUDIT_CANLII_ENDPOINT/);
  });

  it('is never one of the Detective’s search sources, and a bad CanLII setting never stops research', () => {
    const sources = researchSourcesFrom({ CASE_AUDIT_CANLII_API_KEY: 'k', CASE_AUDIT_CANLII_ENDPOINT: 'not a url' });
    expect(sources.map((s) => s.name)).toEqual(['bundled-index']);
  });
});
