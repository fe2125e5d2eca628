/**
 * Loads unpdf and its serverless PDF.js build once per thread (the main thread of a container, and
 * each PDF worker thread), with PDF.js set to inflate streams synchronously (pdf/syncInflate.ts).
 *
 * unpdf's CommonJS entry imports `unpdf/pdfjs` with a native dynamic `import()`, which jest's VM
 * cannot run without experimental flags. Requiring the bundled `pdfjs.mjs` by path works both under
 * jest (which compiles it) and on Node >= 20.19 (require of ES modules); if it fails, unpdf falls
 * back to its own dynamic import.
 */
import * as path from 'node:path';
import { installSyncInflateForPdfjs } from './pdf/syncInflate';

export type Unpdf = typeof import('unpdf');
export type PdfDocumentProxy = Awaited<ReturnType<Unpdf['getDocumentProxy']>>;

let loading: Promise<Unpdf> | undefined;

/** Absolute path of unpdf's serverless PDF.js build (also loaded by the PDF worker threads). */
export function pdfjsBundlePath(): string {
  return path.join(path.dirname(require.resolve('unpdf')), 'pdfjs.mjs');
}

async function load(): Promise<Unpdf> {
  installSyncInflateForPdfjs();
  const unpdf = require('unpdf') as Unpdf;
  let pdfjs: unknown;
  try {
    pdfjs = require(pdfjsBundlePath());
  } catch {
    pdfjs = undefined;
  }
  if (pdfjs) await unpdf.definePDFJSModule(async () => pdfjs);
  return unpdf;
}

export function loadPdfjs(): Promise<Unpdf> {
  if (!loading) {
    loading = load();
    loading.catch(() => {
      loading = undefined;
    });
  }
  return loading;
}
