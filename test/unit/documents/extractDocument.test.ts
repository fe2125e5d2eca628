import { extractDocument, MAX_DOCUMENT_BYTES } from '../../../lambdas/agents/intake/documents/extractDocument';
import { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';
import { closePdfWorkers } from '../../../lambdas/agents/intake/documents/pdfWorkerPool';
import { pngImage } from '../../fixtures/documents/imageFixtures';
import { docx, encryptedOfficeFile, xlsxLike } from '../../fixtures/documents/officeFixtures';
import { encryptedPdf } from '../../fixtures/documents/rawPdf';
import { garbageAfterHeader, scannedPdf, textPdf, truncate } from '../../fixtures/documents/pdfFixtures';
import { docxBomb, docxWithManyEntries, GIB, MIB } from '../../fixtures/documents/zipBombs';

afterAll(() => closePdfWorkers());

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const SECRET = 'Closing balance: CAD 24,310.55';

async function extract(name: string, bytes: Uint8Array, maxDocumentBytes?: number) {
  const doc = await extractDocument({ docId: `id-${name}`, name, bytes }, { maxDocumentBytes });
  expect(() => ExtractedDocument.parse(doc)).not.toThrow();
  return doc;
}

describe('extractDocument', () => {
  it('reads a text PDF with status ok and keeps the id and name', async () => {
    const doc = await extract('statement.pdf', await textPdf([SECRET]));
    expect(doc).toMatchObject({ docId: 'id-statement.pdf', name: 'statement.pdf', format: 'pdf', status: 'ok', pageCount: 1 });
    expect(doc.pages[0].text).toBe(SECRET);
  });

  it('reads a DOCX and a Markdown file', async () => {
    expect(await extract('letter.docx', docx(['Dear Officer,']))).toMatchObject({ format: 'docx', status: 'ok' });
    expect(await extract('notes.md', utf8('# Study plan\nI will return.'))).toMatchObject({ format: 'text', status: 'ok' });
  });

  it('reads a text file named .jpg as text and reports it as mislabeled', async () => {
    const doc = await extract('photo.jpg', utf8('Chat log\n[12/03/2024, 21:15] Dan: hello'));
    expect(doc).toMatchObject({
      format: 'text',
      status: 'mislabeled',
      statusDetail: 'named .jpg but contains plain text; read as text',
    });
    expect(doc.pages[0].text).toContain('Chat log');
  });

  it('reads a PDF named .docx as a PDF and reports it as mislabeled', async () => {
    const doc = await extract('letter.docx', await textPdf(['Dear Officer']));
    expect(doc).toMatchObject({
      format: 'pdf',
      status: 'mislabeled',
      statusDetail: 'named .docx but contains a PDF document; read as PDF',
    });
    expect(doc.pages[0].text).toBe('Dear Officer');
  });

  it('keeps the more serious status when a mislabeled file cannot be read', async () => {
    const doc = await extract('scan.docx', await scannedPdf(1));
    expect(doc.status).toBe('needs-ocr');
    expect(doc.statusDetail).toBe('named .docx but contains a PDF document; no text layer — needs OCR (1 scanned page)');
  });

  it('reports a real image as unsupported, needing OCR', async () => {
    expect(await extract('passport.png', pngImage())).toMatchObject({
      format: 'image',
      status: 'unsupported',
      statusDetail: 'image file (PNG) — needs OCR; OCR is off or does not read this format',
      pages: [],
    });
  });

  it('reports a spreadsheet as unsupported, naming the format', async () => {
    const doc = await extract('funds.xlsx', xlsxLike());
    expect(doc.status).toBe('unsupported');
    expect(doc.statusDetail).toContain('Excel spreadsheet (XLSX)');
  });

  it('reports each unreadable kind with its status', async () => {
    expect((await extract('locked.pdf', encryptedPdf([SECRET]))).status).toBe('encrypted');
    expect((await extract('locked.docx', encryptedOfficeFile())).status).toBe('encrypted');
    expect((await extract('cut.pdf', truncate(await textPdf([SECRET]), 0.5))).status).toBe('corrupt');
    expect((await extract('noise.pdf', garbageAfterHeader())).status).toBe('corrupt');
    expect((await extract('cut.docx', docx([SECRET]).slice(0, 100))).status).toBe('corrupt');
    expect((await extract('empty.pdf', new Uint8Array())).status).toBe('empty');
    expect((await extract('scan.pdf', await scannedPdf(2))).status).toBe('needs-ocr');
  });

  it('reports unrecognised bytes named .pdf as a corrupt PDF', async () => {
    const binary = new Uint8Array(512).map((_, i) => (i * 151) % 256);
    expect(await extract('statement.pdf', binary)).toMatchObject({ status: 'corrupt', format: 'unknown' });
  });

  it('never throws, whatever the input', async () => {
    const inputs: [string, Uint8Array][] = [
      ['a.pdf', utf8('%PDF-')],
      ['b.docx', new Uint8Array([0x50, 0x4b, 0x03, 0x04])],
      ['c', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
      ['d.txt', new Uint8Array([0, 0, 0, 0])],
    ];
    for (const [name, bytes] of inputs) {
      await expect(extractDocument({ docId: name, name, bytes })).resolves.toMatchObject({ docId: name });
    }
  });

  it('never puts document text in the status detail', async () => {
    const cases: [string, Uint8Array][] = [
      ['a.pdf', await textPdf([SECRET])],
      ['b.jpg', utf8(SECRET)],
      ['c.docx', await textPdf([SECRET])],
      ['d.pdf', truncate(await textPdf([SECRET]), 0.5)],
      ['e.pdf', encryptedPdf([SECRET])],
    ];
    for (const [name, bytes] of cases) {
      const doc = await extract(name, bytes);
      expect(doc.statusDetail).not.toContain('24,310');
      expect(doc.statusDetail).not.toContain('Closing');
    }
  });

  describe('size limits', () => {
    it('reports a file over the size limit as too-large, naming both sizes, without reading it', async () => {
      const notes = utf8('Travel history\n'.repeat(96)); // 1,536 bytes
      expect(await extract('notes.txt', notes, 1024)).toEqual({
        docId: 'id-notes.txt',
        name: 'notes.txt',
        format: 'unknown',
        status: 'too-large',
        statusDetail: 'file is 1.5 KB, over the 1 KB limit for one document',
        pages: [],
        pageCount: 0,
      });
      expect(await extract('notes.txt', notes, 1536)).toMatchObject({ format: 'text', status: 'ok' });
    });

    it('limits a document to 50 MB by default, never rounding a larger size down to the limit', async () => {
      expect(MAX_DOCUMENT_BYTES).toBe(50 * MIB);
      expect(await extract('scan.pdf', new Uint8Array(MAX_DOCUMENT_BYTES + 1))).toMatchObject({
        status: 'too-large',
        statusDetail: 'file is 50.1 MB, over the 50 MB limit for one document',
      });
    });

    it('reports a DOCX bomb as a too-large Word document', async () => {
      expect(await extract('bomb.docx', docxBomb(GIB, 1024))).toMatchObject({
        format: 'docx',
        status: 'too-large',
        statusDetail: 'DOCX expands beyond the 64 MB safety limit for its text (possible ZIP bomb)',
        pages: [],
      });
    });

    it('reports an archive listing too many entries as too-large, worded for its extension', async () => {
      const crowded = docxWithManyEntries(10_000);
      expect(await extract('crowded.docx', crowded)).toMatchObject({
        format: 'zip',
        status: 'too-large',
        statusDetail: 'DOCX lists more than 10,000 entries, beyond the safety limit for one archive (possible ZIP bomb)',
      });
      expect(await extract('bundle.zip', crowded)).toMatchObject({
        status: 'too-large',
        statusDetail: 'ZIP archive lists more than 10,000 entries, beyond the safety limit for one archive (possible ZIP bomb)',
      });
    });
  });
});
