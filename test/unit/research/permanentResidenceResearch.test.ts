/**
 * A permanent-residence file searches the bundled index's Express Entry provisions: the index files
 * them under `express-entry`, the audit's application type is `permanent-residence`.
 */
import { loadResearchIndex } from '../../../lambdas/core/caselaw/loadIndex';
import { createBundledIndexSource } from '../../../lambdas/core/research/bundledIndexSource';

const index = loadResearchIndex();
const source = createBundledIndexSource({ index });

describe('research for a permanent-residence application', () => {
  it('finds the Canadian experience class provision and leaves out provisions for temporary residence', async () => {
    const hits = await source.search({ text: 'Canadian experience class skilled work experience in Canada', applicationType: 'permanent-residence', kinds: ['provision'], limit: 40 });
    expect(hits.map((h) => h.citation)).toContain('IRPR 87.1(1)');
    for (const h of hits) expect(index.findProvision(h.citation)?.applicationTypes).toContain('express-entry');
  });
});
