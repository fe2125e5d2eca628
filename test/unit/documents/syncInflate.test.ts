import { deflateSync } from 'node:zlib';
import { extractPdf } from '../../../lambdas/core/documents/extractPdf';
import { loadPdfjs } from '../../../lambdas/core/documents/loadPdfjs';
import { pdfjsInflatesSynchronously } from '../../../lambdas/core/documents/pdf/syncInflate';
import { closePdfWorkers } from '../../../lambdas/core/documents/pdfWorkerPool';
import { longPdf } from '../../fixtures/documents/pdfFixtures';

afterAll(() => closePdfWorkers());

/** Every DecompressionStream actually built in this test file's global scope, by format. */
const built: string[] = [];
const Native = globalThis.DecompressionStream;

beforeAll(async () => {
  // Counts the web streams that reach the native class, underneath what loadPdfjs installs on top.
  class Counting extends Native {
    constructor(format: ConstructorParameters<typeof Native>[0]) {
      built.push(format);
      super(format);
    }
  }
  globalThis.DecompressionStream = Counting;
  await loadPdfjs();
});

afterAll(() => {
  globalThis.DecompressionStream = Native;
});

async function inflateWithWebStream(bytes: Uint8Array): Promise<string> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Response(stream).text();
}

describe('synchronous inflate for PDF.js', () => {
  it('is in force on this thread once PDF.js is loaded', () => {
    expect(pdfjsInflatesSynchronously()).toBe(true);
  });

  it('reads every Flate stream of a PDF without building a web DecompressionStream', async () => {
    const result = await extractPdf(await longPdf(5), { parallel: false });
    expect(result.status).toBe('ok');
    expect(result.pages).toHaveLength(5);
    expect(built).toEqual([]);
  });

  it('leaves DecompressionStream working for any other code in the process', async () => {
    const text = 'a JWE payload, or any other compressed body';
    expect(await inflateWithWebStream(new Uint8Array(deflateSync(text)))).toBe(text);
    expect(built).toEqual(['deflate']);
    expect(new DecompressionStream('gzip')).toBeInstanceOf(Native);
  });
});
