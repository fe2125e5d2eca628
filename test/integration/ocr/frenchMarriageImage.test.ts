import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import { startAudit } from '../../../lambdas/core/audit/startAudit';
import type { ExtractedDocument, IntakeOutput } from '../../../lambdas/contracts/intakeOutput';
import { uploadDocuments } from '../trigger/caseUpload';
import { ACTE_DE_MARIAGE_LINES, textPng } from '../hostile/support/scannedDocuments';

/**
 * A French civil-status record sent as a photo (a PNG, no PDF around it) is read by local OCR in
 * French: accented words survive, the reader sees French, types it a marriage certificate, and the
 * facts read from it say they came from OCR, no surer than the OCR was of the page.
 */
const OWNER = 'local';

describe('a French marriage record sent as an image, read by OCR in an audit', () => {
  let rt: LocalRuntime;
  beforeAll(async () => {
    rt = await startLocalRuntime({ persist: false });
  });
  afterAll(async () => {
    await rt.stop();
  });

  it('reads it in French, types it a marriage certificate, and marks its facts source ocr with the confidence', async () => {
    await uploadDocuments(rt.emulators.blobs, OWNER, 'acte-image', { 'IMG_0412.png': textPng(ACTE_DE_MARIAGE_LINES) });
    const { store, blobs } = rt.emulators;
    const started = await startAudit({ store, blobs, starter: rt }, { caseId: 'acte-image', workflowType: 'document-list', tier: 'guest', model: 'none', gateMode: 'live', owner: OWNER });
    expect((await rt.wait(started.auditId)).status).toBe('SUCCEEDED');
    const session = await store.get(started.auditId);
    const intake = (await store.readOutput<IntakeOutput>(session, 'intake'))!;

    const [acte] = intake.documents;
    expect(acte).toMatchObject({ status: 'ok', type: 'marriage-certificate' });
    expect(acte.statusDetail).toMatch(/^image file \(PNG\): text read by OCR \(confidence \d+%\)$/);
    const extracted = await blobs.getJson<ExtractedDocument>(intake.extractedText[acte.docId]);
    const [page] = extracted.pages;
    expect(page).toMatchObject({ page: 1, source: 'ocr' });
    expect(page.text).toContain('ACTE DE MARIAGE');
    expect(page.text).toContain('Célébré à Montréal');
    expect(page.text).toMatch(/née le 9 août 1992/);

    const facts = intake.caseFacts!;
    expect(facts.documents.find((d) => d.docId === acte.docId)?.language).toBe('fr');
    const fromActe = [...facts.timeline, ...facts.parties].filter((f) => f.evidence.docId === acte.docId);
    expect(fromActe.length).toBeGreaterThan(0);
    for (const fact of fromActe) {
      expect(fact.source).toBe('ocr');
      expect(fact.confidence).toBeLessThanOrEqual(page.ocrConfidence!);
    }
    expect(facts.timeline).toContainEqual(expect.objectContaining({ kind: 'marriage', date: expect.objectContaining({ iso: '2019-06-14' }), source: 'ocr' }));
  });
});
