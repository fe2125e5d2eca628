import { extractPdf } from '../../../lambdas/agents/intake/documents/extractPdf';
import { closePdfWorkers, pdfPoolActivity, pdfPoolSize } from '../../../lambdas/agents/intake/documents/pdfWorkerPool';
import { QuarantinedPassage } from '../../../lambdas/contracts/quarantinedPassage';
import {
  blackOnBlack,
  greyFooter,
  HIDDEN_INSTRUCTION,
  invisibleLine,
  letterPdf,
  nearWhiteAfterVisibleText,
  ocrLayerOverScan,
  offPageLine,
  tinyLine,
  transparentLine,
  whiteLine,
  whiteOnNavyBanner,
} from './hiddenTextFixtures';

afterAll(() => closePdfWorkers());

const pageTexts = (outcome: Awaited<ReturnType<typeof extractPdf>>) => outcome.pages.map((p) => p.text);

describe('extractPdf: text a reader cannot see is quarantined', () => {
  let clean: string[];
  beforeAll(async () => {
    clean = pageTexts(await extractPdf(await letterPdf()));
    expect(clean[0]).toContain('Ms. Abena Serwaa Owusu has been employed');
  });

  it.each([
    ['white text on the white page', whiteLine, 'near-background-colour', /colour #ffffff on #ffffff/],
    ['near-white text after a visible line', nearWhiteAfterVisibleText, 'near-background-colour', /colour #fcfcfc on #ffffff/],
    ['text smaller than 2 pt', tinyLine, 'tiny-text', /0\.5 pt/],
    ['text placed outside the page box', offPageLine, 'off-page', /outside the visible page box/],
    ['fully transparent text', transparentLine, 'transparent', /opacity 0\.00/],
    ['text in the invisible render mode', invisibleLine, 'invisible-render-mode', /render mode 3/],
    ['black text on a black box', blackOnBlack, 'near-background-colour', /#000000 on #000000/],
  ] as const)('%s: the visible text is exactly the clean letter’s, and the passage is kept aside', async (_name, trick, reason, detail) => {
    const outcome = await extractPdf(await letterPdf(trick));
    expect(outcome.status).toBe('ok');
    expect(pageTexts(outcome)).toEqual(clean);
    expect(outcome.quarantined).toEqual([{ page: 1, reason, text: HIDDEN_INSTRUCTION, detail: expect.stringMatching(detail) }]);
    for (const q of outcome.quarantined ?? []) expect(() => QuarantinedPassage.parse(q)).not.toThrow();
    expect(pageTexts(outcome).join('\n')).not.toContain('Ignore all previous');
  });

  it.each([
    ['white heading on a navy banner', whiteOnNavyBanner, 'CONFIRMATION OF EMPLOYMENT AND SALARY'],
    ['an OCR text layer over a scanned picture', ocrLayerOverScan, 'Stamp: RECEIVED 2025-11-04'],
    ['a light grey footer', greyFooter, 'Registered office: 12 Harbour Road'],
  ] as const)('leaves visible text alone: %s', async (_name, trick, expected) => {
    const outcome = await extractPdf(await letterPdf(trick));
    expect(outcome.quarantined).toBeUndefined();
    expect(pageTexts(outcome)[0]).toContain(expected);
  });

  it('finds hidden text on a page read by the worker threads of a long PDF', async () => {
    const long = await extractPdf(await letterPdf(whiteLine, { pages: 40, trickOnPage: 37 }), { parallel: true });
    const cleanLong = await extractPdf(await letterPdf(undefined, { pages: 40 }), { parallel: true });
    expect(long.pageCount).toBe(40);
    expect(pageTexts(long)).toEqual(pageTexts(cleanLong));
    expect(long.quarantined).toEqual([expect.objectContaining({ page: 37, reason: 'near-background-colour', text: HIDDEN_INSTRUCTION })]);
  }, 60_000); // worker threads start slowly on a loaded 2-core machine

  (pdfPoolSize() > 0 ? it : it.skip)('screens a page in the worker thread that reads it: white text found there, nothing read twice', async () => {
    const before = pdfPoolActivity().pagesReadOnThreads;
    const outcome = await extractPdf(await letterPdf(whiteLine, { pages: 3, trickOnPage: 2 }), { parallel: true });
    expect(pdfPoolActivity().pagesReadOnThreads - before).toBe(3);
    expect(outcome.status).toBe('ok');
    expect(outcome.quarantined).toEqual([{ page: 2, reason: 'near-background-colour', text: HIDDEN_INSTRUCTION, detail: 'colour #ffffff on #ffffff' }]);
    expect(pageTexts(outcome)[1]).not.toContain('Ignore all previous');
    expect(outcome).toEqual(await extractPdf(await letterPdf(whiteLine, { pages: 3, trickOnPage: 2 }), { parallel: false }));
  }, 60_000); // worker threads start slowly on a loaded 2-core machine

  (pdfPoolSize() > 0 ? it : it.skip)('quarantines every kind of hidden text the same way on a thread as on the calling thread', async () => {
    for (const trick of [tinyLine, offPageLine, transparentLine, invisibleLine, blackOnBlack, ocrLayerOverScan, whiteOnNavyBanner]) {
      const bytes = await letterPdf(trick);
      expect(await extractPdf(bytes, { parallel: true })).toEqual(await extractPdf(bytes, { parallel: false }));
    }
  });

  it('reports nothing and changes nothing for an ordinary letter', async () => {
    const outcome = await extractPdf(await letterPdf());
    expect(outcome).not.toHaveProperty('quarantined');
    expect(outcome.statusDetail).toBe('text extracted from 1 page');
  });
});
