import { detectFormat } from '../../../lambdas/agents/intake/documents/detectFormat';
import { pngImage } from '../../fixtures/documents/imageFixtures';
import { docx, encryptedOfficeFile, xlsxLike } from '../../fixtures/documents/officeFixtures';
import { textPdf } from '../../fixtures/documents/pdfFixtures';
import { docxWithManyEntries } from '../../fixtures/documents/zipBombs';

const bytes = (...values: number[]) => new Uint8Array(values);
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

describe('detectFormat', () => {
  it('recognises a PDF by its %PDF- header', async () => {
    expect((await detectFormat(await textPdf(['hello']))).format).toBe('pdf');
  });

  it('recognises a DOCX as a ZIP holding word/document.xml', async () => {
    expect((await detectFormat(docx(['Hello']))).kind).toBe('docx');
  });

  it('tells other ZIP-based Office files from DOCX', async () => {
    expect(await detectFormat(xlsxLike())).toMatchObject({ format: 'zip', kind: 'xlsx' });
  });

  it('reports a ZIP whose directory cannot be read as a damaged ZIP', async () => {
    expect((await detectFormat(docx(['Hello']).slice(0, 60))).kind).toBe('damaged-zip');
  });

  it('calls a ZIP listing more than 10,000 entries oversized instead of listing them all', async () => {
    expect(await detectFormat(docxWithManyEntries(10_000))).toEqual({
      format: 'zip',
      kind: 'oversized-zip',
      label: 'a ZIP archive listing more than 10,000 entries',
    });
  });

  it('still recognises a DOCX listing 10,000 entries', async () => {
    expect((await detectFormat(docxWithManyEntries(10_000 - 3))).kind).toBe('docx');
  });

  it('recognises a password-protected Office file (OLE container with EncryptionInfo)', async () => {
    expect(await detectFormat(encryptedOfficeFile())).toMatchObject({ format: 'ole', kind: 'encrypted-office' });
  });

  it.each([
    ['png', pngImage()],
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46)],
    ['gif', utf8('GIF89a\x01\x00\x01\x00')],
    ['tiff', bytes(0x49, 0x49, 0x2a, 0, 8, 0, 0, 0)],
  ])('recognises a %s image', async (kind, data) => {
    expect(await detectFormat(data)).toMatchObject({ format: 'image', kind });
  });

  it('recognises UTF-8 text, with or without BOM', async () => {
    expect((await detectFormat(utf8('Family name: Doe\nDate of birth: 1990-01-01\n'))).format).toBe('text');
    expect((await detectFormat(utf8('\uFEFFcafé, naïve, 北京'))).format).toBe('text');
  });

  it('recognises UTF-16 text with a byte-order mark', async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Bank statement', 'utf16le')]);
    expect((await detectFormat(new Uint8Array(le))).format).toBe('text');
  });

  it('calls binary data with control characters unknown', async () => {
    const binary = new Uint8Array(256).map((_, i) => (i * 37) % 256);
    expect((await detectFormat(binary)).format).toBe('unknown');
  });

  it('calls zero bytes empty', async () => {
    expect((await detectFormat(new Uint8Array())).kind).toBe('empty');
  });
});
