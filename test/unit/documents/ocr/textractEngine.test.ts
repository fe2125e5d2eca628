import {
  type Block,
  DetectDocumentTextCommand,
  GetDocumentTextDetectionCommand,
  StartDocumentTextDetectionCommand,
  TextractClient,
} from '@aws-sdk/client-textract';
import { mockClient } from 'aws-sdk-client-mock';
import { createTextractEngine } from '../../../../lambdas/agents/intake/documents/ocr/textractEngine';
import { ocrPdfPages } from '../../../../lambdas/agents/intake/documents/ocr/ocrDocument';
import { ocrContextFor } from '../../../../lambdas/agents/intake/documents/ocr/ocrSetup';
import { scannedPdf, textPng } from '../../../integration/hostile/support/scannedDocuments';

/**
 * Amazon Textract behind the OCR engine interface, on a mocked client: one-page documents are sent
 * as bytes to DetectDocumentText; a PDF of several pages is read from the document bucket by an
 * asynchronous job, polled and paged through; a failed job and throttling that does not stop leave
 * the pages needs-ocr with a sentence saying why, never an exception out of intake.
 */
const textract = mockClient(TextractClient);
beforeEach(() => textract.reset());

/** Textract's blocks for one line of words on `page`, each word with `confidence` (0–100). */
function line(page: number, text: string, confidence: number): Block[] {
  return [
    { BlockType: 'LINE', Page: page, Text: text, Confidence: confidence },
    ...text.split(' ').map((word): Block => ({ BlockType: 'WORD', Page: page, Text: word, Confidence: confidence })),
  ];
}

const noWait = async () => undefined;
const engine = (options = {}) => createTextractEngine(new TextractClient({ region: 'ca-central-1' }), { sleep: noWait, ...options });
const STORED = { bucket: 'case-documents', key: 'cases/owner/case-1/documents/scan.pdf', versionId: 'v3' };

describe('Textract OCR', () => {
  it('reads an image with DetectDocumentText: its lines in order and the mean word confidence', async () => {
    textract.on(DetectDocumentTextCommand).resolves({ Blocks: [...line(1, 'PASSPORT', 99), ...line(1, 'Passport No. G1234567', 90)] });
    const page = await engine().readImage({ bytes: new Uint8Array([1, 2, 3]), kind: 'png' });
    expect(page.text).toBe('PASSPORT\nPassport No. G1234567');
    expect(page.confidence).toBeCloseTo((99 + 90 * 3) / 4 / 100, 5);
    expect(textract.commandCalls(DetectDocumentTextCommand)[0].args[0].input.Document).toEqual({ Bytes: new Uint8Array([1, 2, 3]) });
  });

  it('reads a one-page PDF synchronously, from its bytes', async () => {
    textract.on(DetectDocumentTextCommand).resolves({ Blocks: line(1, 'BANK STATEMENT', 95) });
    const read = await engine().readPdf!({ bytes: new Uint8Array([37, 80, 68, 70]), pageCount: 1, pages: [1], location: STORED });
    expect(read.pages.get(1)).toEqual({ text: 'BANK STATEMENT', confidence: 0.95 });
    expect(textract.commandCalls(StartDocumentTextDetectionCommand)).toHaveLength(0);
  });

  it('reads a multi-page PDF with an asynchronous job from S3, waiting while it runs and following NextToken', async () => {
    textract.on(StartDocumentTextDetectionCommand).resolves({ JobId: 'job-1' });
    textract
      .on(GetDocumentTextDetectionCommand, { JobId: 'job-1', MaxResults: 1000 })
      .resolvesOnce({ JobStatus: 'IN_PROGRESS' })
      .resolves({ JobStatus: 'SUCCEEDED', Blocks: line(1, 'page one text', 97), NextToken: 't2' });
    textract.on(GetDocumentTextDetectionCommand, { JobId: 'job-1', MaxResults: 1000, NextToken: 't2' }).resolves({ JobStatus: 'SUCCEEDED', Blocks: line(2, 'page two text', 88) });

    const read = await engine().readPdf!({ bytes: new Uint8Array(10), pageCount: 2, pages: [1, 2], location: STORED });
    expect(read.failure).toBeUndefined();
    expect([...read.pages]).toEqual([
      [1, { text: 'page one text', confidence: 0.97 }],
      [2, { text: 'page two text', confidence: 0.88 }],
    ]);
    expect(textract.commandCalls(StartDocumentTextDetectionCommand)[0].args[0].input.DocumentLocation).toEqual({
      S3Object: { Bucket: 'case-documents', Name: STORED.key, Version: 'v3' },
    });
    expect(textract.commandCalls(GetDocumentTextDetectionCommand)).toHaveLength(3);
  });

  it('leaves every page needs-ocr with the reason when the job FAILED', async () => {
    textract.on(StartDocumentTextDetectionCommand).resolves({ JobId: 'job-2' });
    textract.on(GetDocumentTextDetectionCommand).resolves({ JobStatus: 'FAILED', StatusMessage: 'UNSUPPORTED_DOCUMENT' });
    const ocr = ocrContextFor('textract', { engine: engine() })!;
    const outcome = await ocrPdfPages(new Uint8Array(10), { status: 'needs-ocr', statusDetail: 'no text layer — needs OCR (3 scanned pages)', pages: [], pageCount: 3 }, [1, 2, 3], ocr, STORED);
    expect(outcome.status).toBe('needs-ocr');
    expect(outcome.statusDetail).toBe('no text layer — needs OCR (3 scanned pages); pages 1-3 need OCR: the Textract job failed (UNSUPPORTED_DOCUMENT)');
  });

  it('gives up a job still running after the polls it is allowed, saying how long it waited', async () => {
    textract.on(StartDocumentTextDetectionCommand).resolves({ JobId: 'job-3' });
    textract.on(GetDocumentTextDetectionCommand).resolves({ JobStatus: 'IN_PROGRESS' });
    const read = await engine({ maxPolls: 3, pollMs: 2_000 }).readPdf!({ bytes: new Uint8Array(10), pageCount: 2, pages: [1, 2], location: STORED });
    expect(read.pages.size).toBe(0);
    expect(read.failure).toBe('the Textract job did not finish within 6 s');
  });

  it('retries a throttled call with backoff and reads the page', async () => {
    const throttled = Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' });
    textract.on(DetectDocumentTextCommand).rejectsOnce(throttled).rejectsOnce(throttled).resolves({ Blocks: line(1, 'ACTE DE NAISSANCE', 93) });
    const waits: number[] = [];
    const page = await engine({ sleep: async (ms: number) => void waits.push(ms), backoffMs: 500 }).readImage({ bytes: new Uint8Array(4), kind: 'jpeg' });
    expect(page.text).toBe('ACTE DE NAISSANCE');
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeLessThanOrEqual(500);
    expect(waits[1]).toBeLessThanOrEqual(1000);
  });

  it('types throttling that does not stop: the pages stay needs-ocr, saying to try again later', async () => {
    textract.on(StartDocumentTextDetectionCommand).rejects(Object.assign(new Error('Slow down'), { name: 'ProvisionedThroughputExceededException' }));
    const ocr = ocrContextFor('textract', { engine: engine({ maxAttempts: 3 }) })!;
    const outcome = await ocrPdfPages(new Uint8Array(10), { status: 'needs-ocr', statusDetail: 'no text layer — needs OCR (2 scanned pages)', pages: [], pageCount: 2 }, [1, 2], ocr, STORED);
    expect(textract.commandCalls(StartDocumentTextDetectionCommand)).toHaveLength(3);
    expect(outcome.status).toBe('needs-ocr');
    expect(outcome.statusDetail).toContain('pages 1-2 need OCR: Textract throttled the requests (ProvisionedThroughputExceededException after 3 attempts); try again later');
  });

  it('does not retry an error that is not throttling, and names it', async () => {
    textract.on(DetectDocumentTextCommand).rejects(Object.assign(new Error('bad'), { name: 'InvalidParameterException' }));
    await expect(engine().readImage({ bytes: new Uint8Array(4), kind: 'png' })).rejects.toThrow('Textract could not read it (InvalidParameterException)');
    expect(textract.commandCalls(DetectDocumentTextCommand)).toHaveLength(1);
  });

  it('marks pages Textract read as OCR text with their confidence, and keeps a low-confidence page needs-ocr', async () => {
    textract.on(StartDocumentTextDetectionCommand).resolves({ JobId: 'job-4' });
    textract.on(GetDocumentTextDetectionCommand).resolves({ JobStatus: 'SUCCEEDED', Blocks: [...line(1, 'LETTER OF EMPLOYMENT', 96), ...line(2, 'illegible smudge', 31)] });
    const ocr = ocrContextFor('textract', { engine: engine() })!;
    const outcome = await ocrPdfPages(new Uint8Array(10), { status: 'needs-ocr', statusDetail: 'no text layer — needs OCR (2 scanned pages)', pages: [], pageCount: 2 }, [1, 2], ocr, STORED);
    expect(outcome.status).toBe('ok');
    expect(outcome.pages).toEqual([{ page: 1, text: 'LETTER OF EMPLOYMENT', source: 'ocr', ocrConfidence: 0.96 }]);
    expect(outcome.statusDetail).toBe('text read by OCR from page 1 (mean confidence 96%); page 2 needs OCR: OCR confidence 31% below 60%');
  });

  it('reads a PDF longer than the document cap page by page, so Textract reads (and bills) only the capped pages', async () => {
    textract.on(DetectDocumentTextCommand).resolves({ Blocks: line(1, 'BANK STATEMENT', 94) });
    const bytes = await scannedPdf([textPng(['BANK STATEMENT'], 500)], 30);
    const ocr = ocrContextFor('textract', { engine: engine(), limits: { maxPagesPerDocument: 2 } })!;
    const pages = Array.from({ length: 30 }, (_, i) => i + 1);
    const outcome = await ocrPdfPages(bytes, { status: 'needs-ocr', statusDetail: 'no text layer — needs OCR (30 scanned pages)', pages: [], pageCount: 30 }, pages, ocr, STORED);
    expect(textract.commandCalls(StartDocumentTextDetectionCommand)).toHaveLength(0);
    expect(textract.commandCalls(DetectDocumentTextCommand)).toHaveLength(2);
    expect(textract.commandCalls(DetectDocumentTextCommand)[0].args[0].input.Document?.Bytes?.slice(1, 4)).toEqual(new Uint8Array([0x50, 0x4e, 0x47])); // a PNG of the page
    expect(outcome.pages.map((p) => [p.page, p.source])).toEqual([[1, 'ocr'], [2, 'ocr']]);
    expect(outcome.statusDetail).toContain('pages 3-30 need OCR: over the limit of 2 OCR pages a document');
  });
});
