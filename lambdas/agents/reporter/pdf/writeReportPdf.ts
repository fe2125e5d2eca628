import type { BlobStore } from '../../../core/storage/blobStore';
import type { ReportModel } from '../reportModel';

type PdfRenderer = typeof import('./renderReportPdf');
let renderer: PdfRenderer | undefined;

/**
 * The PDF renderer, loaded on first use: pdf-lib and fontkit take a few hundred milliseconds to load,
 * which every CLI command (the CLI bundles every agent) and every Lambda init would otherwise pay.
 */
function loadRenderer(): PdfRenderer {
  return (renderer ??= require('./renderReportPdf') as PdfRenderer);
}

export interface WrittenPdf {
  /** The report.pdf key, or null when it could not be rendered. */
  key: string | null;
  /** A stage-status note when the PDF could not be rendered ("report.pdf not written (ErrorName): …"). */
  note?: string;
}

/**
 * Renders report.pdf from the model and the Markdown just written, and stores it at `key`. The
 * Markdown report and the bundle are the audit's record; a PDF that cannot be rendered (fonts missing
 * from a package, a renderer bug) is reported in the stage status instead of failing the audit. A
 * failure to store it is an ordinary storage error and propagates.
 */
export async function writeReportPdf(blobs: BlobStore, key: string, model: ReportModel, markdown: string): Promise<WrittenPdf> {
  let pdf: Uint8Array;
  try {
    pdf = await loadRenderer().renderReportPdf(model, markdown);
  } catch (e) {
    const error = e instanceof Error ? e : new Error(String(e));
    return { key: null, note: `report.pdf not written (${error.name}): ${error.message.slice(0, 200)}` };
  }
  await blobs.put(key, pdf, 'application/pdf');
  return { key };
}
