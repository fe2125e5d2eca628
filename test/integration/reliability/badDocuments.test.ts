import { zipSync } from 'fflate';
import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import { startAudit } from '../../../lambdas/core/audit/startAudit';
import type { IntakeOutput } from '../../../lambdas/contracts/intakeOutput';
import { createIntakeAgent } from '../../../lambdas/agents/intake/intakeAgent';
import type { DocumentSummary, ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';
import { closePdfWorkers } from '../../../lambdas/agents/intake/documents/pdfWorkerPool';
import { longPdf, textPdf } from '../../fixtures/documents/pdfFixtures';
import { GIB, MIB, pdfBomb } from '../../unit/documents/pdfBombFixtures';
import { uploadDocuments } from '../trigger/caseUpload';
import { replaceAgent, type InjectedFault } from './faultsHandlers';

/**
 * Strange files a client really sends, inside a case with good documents, through the whole local
 * runtime (S3 and DynamoDB emulators, the document-list state machine): each bad file gets a typed
 * status, the audit finishes, and every other document of the case is read.
 */
const OWNER = 'local';
const utf8 = (text: string) => new TextEncoder().encode(text);

/** The good documents every case here also holds. */
async function goodDocuments(): Promise<Record<string, Uint8Array>> {
  return {
    'imm1294.txt': utf8('APPLICATION FOR STUDY PERMIT MADE OUTSIDE OF CANADA (IMM 1294)\nFamily name: Mensah\nGiven name(s): Ama\n'),
    'acceptance.pdf': await textPdf(['LETTER OF ACCEPTANCE\nWe are pleased to confirm your admission to the Diploma in Nursing.']),
  };
}

interface AuditedCase {
  /** The intake's summary of each document, by name. */
  documents: Record<string, DocumentSummary>;
  intakeStatus: string;
  /** The text intake extracted from a document, as stored for the later stages. */
  extracted(name: string): Promise<ExtractedDocument>;
}

describe('bad documents in a case, through the local runtime', () => {
  let rt: LocalRuntime;

  beforeAll(async () => {
    rt = await startLocalRuntime({ persist: false });
  });
  afterAll(async () => {
    await rt.stop();
    await closePdfWorkers();
  });

  /** Runs a document-list audit of a case whose documents are uploaded; it must succeed. */
  async function auditCase(caseId: string): Promise<AuditedCase> {
    const { store, blobs } = rt.emulators;
    const started = await startAudit({ store, blobs, starter: rt }, { caseId, workflowType: 'document-list', tier: 'guest', model: 'none', gateMode: 'live', owner: OWNER });
    expect((await rt.wait(started.auditId)).status).toBe('SUCCEEDED');
    const session = await store.get(started.auditId);
    const intake = (await store.readOutput<IntakeOutput>(session, 'intake'))!;
    const byName = Object.fromEntries(intake.documents.map((d) => [d.name, d]));
    return {
      documents: byName,
      intakeStatus: session.stageStatus.intake,
      extracted: (name) => blobs.getJson<ExtractedDocument>(intake.extractedText[byName[name].docId]),
    };
  }

  const expectGoodDocumentsRead = (documents: Record<string, DocumentSummary>) => {
    expect(documents['imm1294.txt']).toMatchObject({ status: 'ok', type: 'imm-1294' });
    expect(documents['acceptance.pdf']).toMatchObject({ status: 'ok', pages: 1 });
  };

  it('reports a ZIP archive renamed .pdf as unsupported, naming both, and reads the rest of the case', async () => {
    const statement = await textPdf(['BANK STATEMENT\nClosing balance: CAD 24,310.55']);
    const zipped = zipSync({ 'statement.pdf': statement, 'notes.txt': utf8('Travel history') });
    await uploadDocuments(rt.emulators.blobs, OWNER, 'zip-as-pdf', { ...(await goodDocuments()), 'bank-statement.pdf': zipped });

    const { documents, intakeStatus } = await auditCase('zip-as-pdf');
    expect(documents['bank-statement.pdf']).toMatchObject({
      status: 'unsupported',
      statusDetail: 'named .pdf but contains a ZIP archive; unsupported format: a ZIP archive — upload the documents it contains individually',
      pages: 0,
      characters: 0,
    });
    expectGoodDocumentsRead(documents);
    expect(intakeStatus).toBe('ok:1 of 3 documents could not be read');
  });

  it('reads every page of a 1,000-page PDF', async () => {
    const pages = 1000;
    await uploadDocuments(rt.emulators.blobs, OWNER, 'thousand-pages', { ...(await goodDocuments()), 'statements-2015-2025.pdf': await longPdf(pages, 2) });

    const { documents, extracted, intakeStatus } = await auditCase('thousand-pages');
    expect(documents['statements-2015-2025.pdf']).toMatchObject({ status: 'ok', statusDetail: `text extracted from ${pages} pages`, pages });
    const doc = await extracted('statements-2015-2025.pdf');
    expect(doc.pages.map((p) => p.page)).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
    // Each page's own text, in its own place: page n opens with its marker line.
    expect(doc.pages.filter((p) => !p.text.startsWith(`Statement page ${p.page} of ${pages}\n`))).toEqual([]);
    expectGoodDocumentsRead(documents);
    expect(intakeStatus).toBe('ok');
  });

  describe('a text file at the size limit for one document', () => {
    /**
     * The limit is injected into the Intake agent (the default is 50 MB, MAX_DOCUMENT_BYTES, checked in
     * the unit tests and measured end to end by `npm run bench -- documentSizeLimit`): the boundary is
     * the same at any size, and 64 KB of text goes through every stage in a moment.
     */
    const LIMIT = 64 * 1024;
    let intake: InjectedFault;
    beforeAll(() => {
      intake = replaceAgent('Intake', createIntakeAgent({ maxDocumentBytes: LIMIT }));
    });
    afterAll(() => intake.restore());

    /** `bytes` bytes of bank-statement lines, ending on a line break. */
    const statement = (bytes: number): Uint8Array => {
      let text = '';
      for (let n = 1; text.length < bytes; n++) {
        text += `2025-03-${String((n % 28) + 1).padStart(2, '0')}  Interac e-Transfer  ref ${String(n).padStart(6, '0')}  CAD ${n % 997}.00\n`;
      }
      return Buffer.from(`${text.slice(0, bytes - 1)}\n`, 'latin1');
    };

    it('is read in full at exactly the limit, and refused as too-large one byte over it', async () => {
      await uploadDocuments(rt.emulators.blobs, OWNER, 'at-the-limit', {
        ...(await goodDocuments()),
        'transactions-2024.txt': statement(LIMIT),
        'transactions-2025.txt': statement(LIMIT + 1),
      });

      const { documents, intakeStatus } = await auditCase('at-the-limit');
      expect(intake.calls()).toBe(1);
      expect(documents['transactions-2024.txt']).toMatchObject({ status: 'ok', characters: LIMIT });
      expect(documents['transactions-2025.txt']).toMatchObject({
        status: 'too-large',
        statusDetail: 'file is 64.1 KB, over the 64 KB limit for one document',
        pages: 0,
      });
      expectGoodDocumentsRead(documents);
      expect(intakeStatus).toBe('ok:1 of 4 documents could not be read');
    });
  });

  it('refuses a decompression-bomb PDF as too-large and reads the rest of the case', async () => {
    const bomb = pdfBomb({ mebibytes: GIB / MIB }); // a gigabyte of zeros in about a megabyte
    await uploadDocuments(rt.emulators.blobs, OWNER, 'pdf-bomb', { ...(await goodDocuments()), 'scan-2024.pdf': bomb, 'passport.pdf': await longPdf(3) });

    const { documents, intakeStatus } = await auditCase('pdf-bomb');
    expect(documents['scan-2024.pdf']).toMatchObject({
      status: 'too-large',
      statusDetail: 'a compressed stream of the PDF expands beyond the 64 MB safety limit for one stream (possible decompression bomb)',
      pages: 0,
      characters: 0,
    });
    expect(documents['passport.pdf']).toMatchObject({ status: 'ok', pages: 3 });
    expectGoodDocumentsRead(documents);
    expect(intakeStatus).toBe('ok:1 of 4 documents could not be read');
  });
});
