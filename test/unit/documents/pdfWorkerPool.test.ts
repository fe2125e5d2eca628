import { extractPdf } from '../../../lambdas/agents/intake/documents/extractPdf';
import {
  closePdfWorkers,
  pdfPoolActivity,
  pdfPoolSize,
  pdfPoolThreadsFor,
  POOL_MIN_PAGES,
  readPdfOnPool,
} from '../../../lambdas/agents/intake/documents/pdfWorkerPool';
import { encryptedPdf } from '../../fixtures/documents/rawPdf';
import { garbageAfterHeader, longPdf, textPdf } from '../../fixtures/documents/pdfFixtures';

afterAll(() => closePdfWorkers());

const multiCore = pdfPoolSize() > 0;
const onThreads = multiCore ? it : it.skip;
const read = (bytes: Uint8Array) => readPdfOnPool(bytes, { threads: pdfPoolSize(), timeoutMs: 60_000 });

async function until(condition: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('pdfPoolThreadsFor', () => {
  it('reads on the calling thread below the page threshold, and never uses more threads than the pool has', () => {
    expect(pdfPoolThreadsFor(POOL_MIN_PAGES - 1)).toBe(0);
    expect(pdfPoolThreadsFor(1_000_000)).toBe(pdfPoolSize());
    expect(pdfPoolThreadsFor(1, true)).toBe(pdfPoolSize());
  });

  onThreads('uses at least two threads once a folder has enough pages', () => {
    expect(pdfPoolThreadsFor(POOL_MIN_PAGES)).toBeGreaterThanOrEqual(2);
  });
});

describe('readPdfOnPool', () => {
  onThreads('reads every page of a long PDF exactly once, screened, on the threads', async () => {
    const before = pdfPoolActivity().pagesReadOnThreads;
    const result = await read(await longPdf(40, 5));
    if (result.kind !== 'opened') throw new Error(`not read: ${result.kind}`);
    expect(result.numPages).toBe(40);
    expect(result.pages.every((page) => page && page.hasTextLayer && page.quarantined.length === 0)).toBe(true);
    expect(result.pages[16]?.text).toMatch(/^Statement page 17 of 40\n/);
    expect(pdfPoolActivity().pagesReadOnThreads - before).toBe(40);
  }, 60_000);

  onThreads('reads several documents at the same time on different threads', async () => {
    const docs = await Promise.all(Array.from({ length: 6 }, (_, i) => textPdf([`Document ${i} page one`, `Document ${i} page two`])));
    const results = await Promise.all(docs.map(read));
    results.forEach((result, i) => {
      expect(result).toMatchObject({ kind: 'opened', numPages: 2 });
      if (result.kind === 'opened') expect(result.pages.map((p) => p?.text)).toEqual([`Document ${i} page one`, `Document ${i} page two`]);
    });
    expect(pdfPoolActivity().threads).toBe(pdfPoolSize());
  }, 60_000);

  onThreads('returns PDF.js\'s reason when a document cannot be opened', async () => {
    expect(await read(encryptedPdf(['Closing balance: CAD 1.00']))).toEqual({ kind: 'open-failed', errorName: 'PasswordException' });
    expect(await read(garbageAfterHeader())).toEqual({ kind: 'open-failed', errorName: 'InvalidPDFException' });
  }, 60_000);

  onThreads('gives up on a document not read in time, and reads the next one', async () => {
    expect(await readPdfOnPool(await longPdf(300), { threads: pdfPoolSize(), timeoutMs: 1 })).toEqual({ kind: 'open-failed', errorName: 'PdfReadTimeout' });
    expect(await read(await textPdf(['after the timeout']))).toMatchObject({ kind: 'opened', numPages: 1 });
  }, 60_000);

  it('declines when the caller asks for no threads', async () => {
    expect(await readPdfOnPool(await textPdf(['one page']), { threads: 0, timeoutMs: 1000 })).toEqual({ kind: 'not-read' });
  });
});

describe('extractPdf on the pool', () => {
  let bytes: Uint8Array;
  let alone: Awaited<ReturnType<typeof extractPdf>>;
  beforeAll(async () => {
    bytes = await longPdf(300);
    alone = await extractPdf(bytes, { parallel: false });
  }, 120_000);

  onThreads('loses no page when every thread is stopped in the middle of a document', async () => {
    const before = pdfPoolActivity().pagesReadOnThreads;
    const pending = extractPdf(bytes, { parallel: true });
    await until(() => pdfPoolActivity().pagesReadOnThreads - before >= 20);
    await closePdfWorkers();
    const result = await pending;
    expect(result).toEqual(alone);
    expect(result.pages.map((p) => p.page)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
  }, 120_000);
});
