import { createBundledIndexSource } from '../../../lambdas/core/research/bundledIndexSource';
import { lookupProvision } from '../../../lambdas/core/statutes/lookupProvision';
import { provisionText } from '../../../lambdas/core/statutes/provisionTree';

describe('the bundled source searches the complete statutes when no curated provision answers', () => {
  const source = createBundledIndexSource();

  it('offers the statute units that match a question the curated provisions do not cover, quoted verbatim', async () => {
    const hits = await source.search({ text: 'biometric information fingerprints photograph collection', kinds: ['provision'] });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0].citation).toMatch(/^IRPR 12\.\d/);
    expect(hits[0].name).toBeTruthy();
    const found = lookupProvision(hits[0].citation);
    expect(found.status).toBe('in-force');
    const quoted = hits[0].summary.replace(/^… /, '').replace(/ …$/, '');
    expect(provisionText(found.status === 'in-force' ? found.provision : (undefined as never))).toContain(quoted);
  });

  it('keeps to the curated provisions when they answer (they were written for these issues)', async () => {
    const hits = await source.search({ text: 'misrepresentation withholding material facts', kinds: ['provision'] });
    expect(hits[0].citation).toBe('IRPA 40(1)(a)');
    expect(hits.every((h) => h.name && !/^IRPR 12\./.test(h.citation))).toBe(true);
  });

  it('adds no statute unit to a search for decisions only', async () => {
    const hits = await source.search({ text: 'biometric information fingerprints photograph collection', kinds: ['case'] });
    expect(hits.every((h) => h.kind === 'case')).toBe(true);
  });
});
