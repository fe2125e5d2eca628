import { decodeXmlEntities, extractDocx } from '../../../lambdas/core/documents/extractDocx';
import { docx, documentXml, encryptedOfficeFile, PAGE_BREAK } from '../../fixtures/documents/officeFixtures';

describe('extractDocx', () => {
  it('turns paragraphs into lines, with tabs and line breaks, on one page', () => {
    const result = extractDocx(docx(['Dear Officer,', 'Name:\tJane Doe', 'Line one\nLine two']));
    expect(result).toEqual({
      status: 'ok',
      statusDetail: 'text extracted (1 page)',
      pages: [{ page: 1, text: 'Dear Officer,\nName:\tJane Doe\nLine one\nLine two' }],
      pageCount: 1,
    });
  });

  it('ignores tab stops declared in paragraph properties', () => {
    const text = extractDocx(docx(['plain'])).pages[0].text;
    expect(text).toBe('plain');
  });

  it('decodes XML entities in the text', () => {
    const result = extractDocx(docx(['Smith & Sons <Ltd> "quoted" l\'avis']));
    expect(result.pages[0].text).toBe('Smith & Sons <Ltd> "quoted" l\'avis');
    expect(decodeXmlEntities('&#233;t&#xE9; &amp;amp; &unknown;')).toBe('été &amp; &unknown;');
  });

  it('splits pages at explicit page breaks', () => {
    const result = extractDocx(docx(['First page', PAGE_BREAK, 'Second page', 'more', PAGE_BREAK, 'Third page']));
    expect(result.pageCount).toBe(3);
    expect(result.pages).toEqual([
      { page: 1, text: 'First page' },
      { page: 2, text: 'Second page\nmore' },
      { page: 3, text: 'Third page' },
    ]);
  });

  it('ignores deleted text and field codes, which are not w:t', () => {
    const xml = documentXml(['Kept']).replace(
      '<w:sectPr>',
      '<w:p><w:del><w:r><w:delText>Removed</w:delText></w:r></w:del><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:t>Also kept</w:t></w:r></w:p><w:sectPr>',
    );
    expect(extractDocx(docx([], xml)).pages[0].text).toBe('Kept\nAlso kept');
  });

  it('reports a DOCX without text as empty', () => {
    expect(extractDocx(docx(['', ''])).status).toBe('empty');
  });

  it('reports a broken ZIP as a corrupt DOCX', () => {
    const bytes = docx(['Hello world']);
    expect(extractDocx(bytes.slice(0, bytes.length - 30))).toMatchObject({
      status: 'corrupt',
      statusDetail: 'corrupt DOCX: the ZIP container cannot be read',
    });
  });

  it('reports a ZIP without word/document.xml as a corrupt DOCX', () => {
    const xml = documentXml(['x']);
    const bytes = docx([], xml);
    // rename the main part inside the archive
    const renamed = Buffer.from(bytes).toString('latin1').replace(/word\/document\.xml/g, 'word/documenX.xml');
    expect(extractDocx(new Uint8Array(Buffer.from(renamed, 'latin1')))).toMatchObject({
      status: 'corrupt',
      statusDetail: 'corrupt DOCX: word/document.xml is missing',
    });
  });

  it('reports a password-protected (OLE-wrapped) DOCX as encrypted', () => {
    expect(extractDocx(encryptedOfficeFile())).toEqual({
      status: 'encrypted',
      statusDetail: 'password-protected Word document (encrypted Office container)',
      pages: [],
      pageCount: 0,
    });
  });
});
