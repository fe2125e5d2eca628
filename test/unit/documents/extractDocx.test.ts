import { unzipSync } from 'fflate';
import { MAX_ZIP_ENTRIES } from '../../../lambdas/agents/intake/documents/archive/boundedZip';
import { decodeXmlEntities, extractDocx } from '../../../lambdas/agents/intake/documents/extractDocx';
import { docx, documentXml, encryptedOfficeFile, PAGE_BREAK } from '../../fixtures/documents/officeFixtures';
import {
  docxBomb,
  docxWithManyEntries,
  entryOf,
  FLAG_DATA_DESCRIPTOR,
  FLAG_ENCRYPTED,
  GIB,
  METHOD_STORED,
  type RawZipEntry,
  rawZip,
} from '../../fixtures/documents/zipBombs';

/** A DOCX rebuilt entry by entry, with `change` applied to word/document.xml. */
function docxWithMainPart(blocks: string[], change: (entry: RawZipEntry) => RawZipEntry, method = 8): Uint8Array {
  const parts = Object.entries(unzipSync(docx(blocks))).map(([name, content]) => entryOf(name, content, method));
  return rawZip(parts.map((entry) => (entry.name === 'word/document.xml' ? change(entry) : entry)));
}

const TEXT_LIMIT_DETAIL = 'DOCX expands beyond the 64 MB safety limit for its text (possible ZIP bomb)';

describe('extractDocx', () => {
  it('turns paragraphs into lines, with tabs and line breaks, on one page', async () => {
    const result = await extractDocx(docx(['Dear Officer,', 'Name:\tJane Doe', 'Line one\nLine two']));
    expect(result).toEqual({
      status: 'ok',
      statusDetail: 'text extracted (1 page)',
      pages: [{ page: 1, text: 'Dear Officer,\nName:\tJane Doe\nLine one\nLine two' }],
      pageCount: 1,
    });
  });

  it('ignores tab stops declared in paragraph properties', async () => {
    const text = (await extractDocx(docx(['plain']))).pages[0].text;
    expect(text).toBe('plain');
  });

  it('decodes XML entities in the text', async () => {
    const result = await extractDocx(docx(['Smith & Sons <Ltd> "quoted" l\'avis']));
    expect(result.pages[0].text).toBe('Smith & Sons <Ltd> "quoted" l\'avis');
    expect(decodeXmlEntities('&#233;t&#xE9; &amp;amp; &unknown;')).toBe('été &amp; &unknown;');
  });

  it('splits pages at explicit page breaks', async () => {
    const result = await extractDocx(docx(['First page', PAGE_BREAK, 'Second page', 'more', PAGE_BREAK, 'Third page']));
    expect(result.pageCount).toBe(3);
    expect(result.pages).toEqual([
      { page: 1, text: 'First page' },
      { page: 2, text: 'Second page\nmore' },
      { page: 3, text: 'Third page' },
    ]);
  });

  it('ignores deleted text and field codes, which are not w:t', async () => {
    const xml = documentXml(['Kept']).replace(
      '<w:sectPr>',
      '<w:p><w:del><w:r><w:delText>Removed</w:delText></w:r></w:del><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:t>Also kept</w:t></w:r></w:p><w:sectPr>',
    );
    expect((await extractDocx(docx([], xml))).pages[0].text).toBe('Kept\nAlso kept');
  });

  it('reports a DOCX without text as empty', async () => {
    expect((await extractDocx(docx(['', '']))).status).toBe('empty');
  });

  it('reports a broken ZIP as a corrupt DOCX', async () => {
    const bytes = docx(['Hello world']);
    expect(await extractDocx(bytes.slice(0, bytes.length - 30))).toMatchObject({
      status: 'corrupt',
      statusDetail: 'corrupt DOCX: the ZIP container cannot be read',
    });
  });

  it('reports a ZIP without word/document.xml as a corrupt DOCX', async () => {
    const xml = documentXml(['x']);
    const bytes = docx([], xml);
    // rename the main part inside the archive
    const renamed = Buffer.from(bytes).toString('latin1').replace(/word\/document\.xml/g, 'word/documenX.xml');
    expect(await extractDocx(new Uint8Array(Buffer.from(renamed, 'latin1')))).toMatchObject({
      status: 'corrupt',
      statusDetail: 'corrupt DOCX: word/document.xml is missing',
    });
  });

  it('reports a password-protected (OLE-wrapped) DOCX as encrypted', async () => {
    expect(await extractDocx(encryptedOfficeFile())).toEqual({
      status: 'encrypted',
      statusDetail: 'password-protected Word document (encrypted Office container)',
      pages: [],
      pageCount: 0,
    });
  });

  describe('archive safety limits', () => {
    it('reports a DOCX whose text expands to 1 GiB as too-large', async () => {
      expect(await extractDocx(docxBomb(GIB))).toEqual({ status: 'too-large', statusDetail: TEXT_LIMIT_DETAIL, pages: [], pageCount: 0 });
    });

    it('reports a 1 GiB bomb whose directory claims 1 KiB as too-large too', async () => {
      expect(await extractDocx(docxBomb(GIB, 1024))).toMatchObject({ status: 'too-large', statusDetail: TEXT_LIMIT_DETAIL });
    });

    it(`reports a DOCX listing more than ${MAX_ZIP_ENTRIES} entries as too-large`, async () => {
      expect(await extractDocx(docxWithManyEntries(MAX_ZIP_ENTRIES - 2))).toMatchObject({
        status: 'too-large',
        statusDetail: 'DOCX lists more than 10,000 entries, beyond the safety limit for one archive (possible ZIP bomb)',
      });
    });

    it(`still reads a DOCX listing exactly ${MAX_ZIP_ENTRIES} entries`, async () => {
      expect(await extractDocx(docxWithManyEntries(MAX_ZIP_ENTRIES - 3))).toMatchObject({
        status: 'ok',
        pages: [{ page: 1, text: 'Dear Officer,' }],
      });
    });
  });

  describe('ZIP variants', () => {
    it('reads a DOCX whose parts are stored without compression', async () => {
      const stored = docxWithMainPart(['Stored text'], (entry) => entry, METHOD_STORED);
      expect((await extractDocx(stored)).pages).toEqual([{ page: 1, text: 'Stored text' }]);
    });

    it('reads a DOCX whose main part carries its sizes in a data descriptor', async () => {
      const streamed = docxWithMainPart(['Streamed text'], (entry) => ({ ...entry, flags: FLAG_DATA_DESCRIPTOR }));
      expect((await extractDocx(streamed)).pages).toEqual([{ page: 1, text: 'Streamed text' }]);
    });

    it('reads a DOCX written with ZIP64 records', async () => {
      const zip64 = docxWithMainPart(['Large-format text'], (entry) => ({ ...entry, zip64: true }));
      expect((await extractDocx(zip64)).pages).toEqual([{ page: 1, text: 'Large-format text' }]);
    });

    it('reports a main part compressed with an unsupported method as unsupported, naming it', async () => {
      const bzip2 = docxWithMainPart(['x'], (entry) => ({ ...entry, method: 12 }));
      expect(await extractDocx(bzip2)).toMatchObject({
        status: 'unsupported',
        statusDetail: 'unsupported DOCX: word/document.xml uses bzip2 compression (method 12) — save it again from Word or as PDF',
      });
    });

    it('reports a main part encrypted with a ZIP password as encrypted', async () => {
      const locked = docxWithMainPart(['x'], (entry) => ({ ...entry, flags: FLAG_ENCRYPTED }));
      expect(await extractDocx(locked)).toMatchObject({
        status: 'encrypted',
        statusDetail: 'password-protected DOCX (its ZIP entries are encrypted)',
      });
    });

    it('reports a main part that fails its checksum as a corrupt DOCX, saying why', async () => {
      const damaged = docxWithMainPart(['x'], (entry) => ({ ...entry, crc: (entry.crc ^ 1) >>> 0 }));
      expect(await extractDocx(damaged)).toMatchObject({
        status: 'corrupt',
        statusDetail: 'corrupt DOCX: word/document.xml is damaged (checksum mismatch)',
      });
    });
  });
});
