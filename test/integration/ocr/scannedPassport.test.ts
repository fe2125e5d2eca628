import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import { startAudit } from '../../../lambdas/core/audit/startAudit';
import type { ExtractedDocument, IntakeOutput } from '../../../lambdas/contracts/intakeOutput';
import type { GatekeeperOutput } from '../../../lambdas/contracts/gatekeeperOutput';
import { closePdfWorkers } from '../../../lambdas/agents/intake/documents/pdfWorkerPool';
import { uploadDocuments } from '../trigger/caseUpload';
import { PASSPORT_LINES, scannedPdf, textPng } from '../hostile/support/scannedDocuments';

/**
 * A passport bio page that reached us as a scan (an image-only PDF, no text layer) is read by local
 * OCR through the whole local runtime: its number and names are in the text, the page says it came
 * from OCR with its confidence, the document is typed a passport, and the document checklist counts
 * the passport as present instead of missing; the report names the scan on page one.
 */
const OWNER = 'local';
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('a scanned passport, read by OCR in an audit', () => {
  let rt: LocalRuntime;
  beforeAll(async () => {
    rt = await startLocalRuntime({ persist: false });
  });
  afterAll(async () => {
    await rt.stop();
    await closePdfWorkers();
  });

  it('reads the number and names, types it a passport, and the checklist no longer lists it missing', async () => {
    await uploadDocuments(rt.emulators.blobs, OWNER, 'scanned-passport', {
      'imm1294.txt': utf8('APPLICATION FOR STUDY PERMIT MADE OUTSIDE OF CANADA (IMM 1294)\nFamily name: Mensah\nGiven name(s): Ama\nDate of birth: 2001-04-12\n'),
      'acceptance.txt': utf8('LETTER OF ACCEPTANCE\nWe are pleased to confirm your admission to the Diploma in Business Administration.\n'),
      'scan-0001.pdf': await scannedPdf([textPng(PASSPORT_LINES)]),
    });
    const { store, blobs } = rt.emulators;
    const started = await startAudit({ store, blobs, starter: rt }, { caseId: 'scanned-passport', workflowType: 'document-list', tier: 'guest', model: 'none', gateMode: 'live', owner: OWNER });
    expect((await rt.wait(started.auditId)).status).toBe('SUCCEEDED');
    const session = await store.get(started.auditId);
    const intake = (await store.readOutput<IntakeOutput>(session, 'intake'))!;

    const passport = intake.documents.find((d) => d.name === 'scan-0001.pdf')!;
    expect(passport).toMatchObject({ status: 'ok', type: 'passport' });
    expect(passport.statusDetail).toMatch(/text read by OCR from page 1 \(mean confidence \d+%\)/);
    const extracted = await blobs.getJson<ExtractedDocument>(intake.extractedText[passport.docId]);
    expect(extracted.pages).toEqual([expect.objectContaining({ page: 1, source: 'ocr', ocrConfidence: expect.any(Number) })]);
    expect(extracted.pages[0].ocrConfidence).toBeGreaterThanOrEqual(0.6);
    const text = extracted.pages[0].text;
    expect(text).toContain('G1234567');
    expect(text).toContain('MENSAH');
    expect(text).toContain('AMA');

    const gatekeeper = (await store.readOutput<GatekeeperOutput>(session, 'gatekeeper'))!;
    expect(gatekeeper.checklist.present.map((p) => p.item)).toContain('passport');
    expect(gatekeeper.checklist.missing.map((p) => p.item)).not.toContain('passport');

    // The summary says which pages OCR read; the report names the scan on page one and asks for a check.
    expect(passport.ocr).toEqual({ pages: [1], confidence: Math.round(extracted.pages[0].ocrConfidence! * 100) / 100 });
    expect(intake.documents.find((d) => d.name === 'imm1294.txt')!.ocr).toBeUndefined();
    const report = new TextDecoder().decode(await blobs.get(`reports/${OWNER}/scanned-passport/${started.auditId}/report.md`));
    const memo = report.slice(0, report.indexOf('\n## ', report.indexOf('## At a glance') + 1));
    expect(memo).toMatch(/\*\*Read by OCR:\*\* scan-0001\.pdf \(p\. 1, mean confidence \d+%\)\. OCR can misread letters and digits: check the facts taken from this document against the original/);
  });
});
