import { closePdfWorkers, pdfWorkerLimit, readPagesInParallel } from '../../../lambdas/core/documents/pdfWorkerPool';
import { longPdf } from '../../fixtures/documents/pdfFixtures';

afterAll(() => closePdfWorkers());

const multiCore = pdfWorkerLimit() > 0;

describe('readPagesInParallel', () => {
  (multiCore ? it : it.skip)('lets worker threads read every page the caller does not claim', async () => {
    const bytes = await longPdf(40, 5);
    const read = readPagesInParallel(bytes, 40, { verbosity: 0 });
    const pages = await read.done;
    expect([...pages.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(pages.get(17)).toMatch(/^Statement page 17 of 40\n/);
    expect(read.claim()).toBeGreaterThan(40);
  }, 60_000);

  (multiCore ? it : it.skip)('leaves pages the caller claimed to the caller', async () => {
    const bytes = await longPdf(40, 5);
    const read = readPagesInParallel(bytes, 40, { verbosity: 0 });
    const mine: number[] = [];
    for (let n = read.claim(); n <= 40; n = read.claim()) mine.push(n);
    const theirs = await read.done;
    for (const n of mine) expect(theirs.has(n)).toBe(false);
    expect(mine.length + theirs.size).toBe(40);
  }, 60_000);
});
