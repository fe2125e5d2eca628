import { GetDocumentTextDetectionCommand, StartDocumentTextDetectionCommand, TextractClient, type Block } from '@aws-sdk/client-textract';
import { mockClient } from 'aws-sdk-client-mock';
import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import { startAudit } from '../../../lambdas/core/audit/startAudit';
import type { ExtractedDocument, IntakeOutput } from '../../../lambdas/contracts/intakeOutput';
import { createIntakeAgent } from '../../../lambdas/agents/intake/intakeAgent';
import { createTextractEngine } from '../../../lambdas/agents/intake/documents/ocr/textractEngine';
import { documentsPrefix } from '../../../lambdas/core/storage/objectKeys';
import { closePdfWorkers } from '../../../lambdas/agents/intake/documents/pdfWorkerPool';
import { uploadDocuments } from '../trigger/caseUpload';
import { replaceAgent, type InjectedFault } from '../reliability/faultsHandlers';
import { scannedPdf, textPng } from '../hostile/support/scannedDocuments';

/**
 * Intake with Textract (the AWS mode), on a mocked Textract client, through the local runtime: a
 * scanned PDF of several pages is read by an asynchronous job that Textract points at the stored
 * document itself (the case bucket and its key; the version pinned when the audit started, where the
 * bucket keeps versions), and the pages come back as OCR text with their confidence.
 */
const OWNER = 'local';
const textract = mockClient(TextractClient);

function line(page: number, text: string, confidence: number): Block[] {
  return [{ BlockType: 'LINE', Page: page, Text: text }, ...text.split(' ').map((w): Block => ({ BlockType: 'WORD', Page: page, Text: w, Confidence: confidence }))];
}

describe('Intake with Textract', () => {
  let rt: LocalRuntime;
  let intake: InjectedFault;
  beforeAll(async () => {
    rt = await startLocalRuntime({ persist: false });
    const engine = createTextractEngine(new TextractClient({ region: 'ca-central-1' }), { sleep: async () => undefined });
    intake = replaceAgent('Intake', createIntakeAgent({ ocr: { engine } }));
  });
  afterAll(async () => {
    intake.restore();
    await rt.stop();
    await closePdfWorkers();
  });

  it('reads a multi-page scan with a job on the stored document, and keeps its pages as OCR text', async () => {
    textract.on(StartDocumentTextDetectionCommand).resolves({ JobId: 'job-intake' });
    textract.on(GetDocumentTextDetectionCommand).resolves({ JobStatus: 'SUCCEEDED', Blocks: [...line(1, 'LETTER OF EMPLOYMENT', 97), ...line(2, 'Annual salary CAD 58,000', 91)] });
    const page = textPng(['(scanned page)'], 600);
    await uploadDocuments(rt.emulators.blobs, OWNER, 'textract-case', { 'employment.pdf': await scannedPdf([page, page]) });
    const { store, blobs } = rt.emulators;
    const started = await startAudit({ store, blobs, starter: rt }, { caseId: 'textract-case', workflowType: 'document-list', tier: 'guest', model: 'none', gateMode: 'live', owner: OWNER });
    expect((await rt.wait(started.auditId)).status).toBe('SUCCEEDED');

    const [start] = textract.commandCalls(StartDocumentTextDetectionCommand);
    expect(start.args[0].input.DocumentLocation?.S3Object).toMatchObject({ Bucket: blobs.bucket, Name: `${documentsPrefix(OWNER, 'textract-case')}employment.pdf` });

    const session = await store.get(started.auditId);
    const out = (await store.readOutput<IntakeOutput>(session, 'intake'))!;
    const [doc] = out.documents;
    expect(doc).toMatchObject({ status: 'ok', statusDetail: 'text read by OCR from pages 1-2 (mean confidence 94%)' });
    const extracted = await blobs.getJson<ExtractedDocument>(out.extractedText[doc.docId]);
    expect(extracted.pages).toEqual([
      { page: 1, text: 'LETTER OF EMPLOYMENT', source: 'ocr', ocrConfidence: 0.97 },
      { page: 2, text: 'Annual salary CAD 58,000', source: 'ocr', ocrConfidence: 0.91 },
    ]);
  });
});
