import { deflateSync } from 'node:zlib';
import { extractPdf } from '../../../lambdas/agents/intake/documents/extractPdf';
import { loadPdfjs } from '../../../lambdas/agents/intake/documents/loadPdfjs';
import { PdfjsInflatesSynchronously, pdfjsInflatesSynchronously, refuseWebInflateOnPdfOnlyThread } from '../../../lambdas/agents/intake/documents/pdf/syncInflate';
import { closePdfWorkers } from '../../../lambdas/agents/intake/documents/pdfWorkerPool';
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

describe('a thread that runs nothing but PDF.js (the PDF worker threads)', () => {
  let installed: PropertyDescriptor | undefined;
  beforeEach(() => {
    installed = Object.getOwnPropertyDescriptor(globalThis, 'DecompressionStream');
  });
  afterEach(() => {
    if (installed) Object.defineProperty(globalThis, 'DecompressionStream', installed);
  });

  const refusalOf = (format: ConstructorParameters<typeof Native>[0]) => {
    try {
      new DecompressionStream(format);
    } catch (error) {
      return error;
    }
    return undefined;
  };

  it('refuses every web inflate with the one error made when it was set up, and counts as inflating synchronously', () => {
    refuseWebInflateOnPdfOnlyThread();
    const first = refusalOf('deflate');
    expect(first).toBeInstanceOf(PdfjsInflatesSynchronously);
    expect(refusalOf('deflate')).toBe(first);
    expect(refusalOf('gzip')).toBe(first);
    expect(pdfjsInflatesSynchronously()).toBe(true);
  });

  it('leaves PDF.js reading every stream itself: the same pages as on a thread that filters by caller', async () => {
    const bytes = await longPdf(5);
    const filtered = await extractPdf(bytes, { parallel: false });
    const builtBefore = built.length;
    refuseWebInflateOnPdfOnlyThread();
    const refused = await extractPdf(bytes, { parallel: false });
    expect(refused.status).toBe('ok');
    expect(refused).toEqual(filtered);
    expect(built.length).toBe(builtBefore);
  });
});
