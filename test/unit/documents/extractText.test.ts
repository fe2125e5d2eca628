import { extractText } from '../../../lambdas/agents/intake/documents/extractText';

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

describe('extractText', () => {
  it('reads UTF-8 text as one page, without the BOM, with CRLF normalised', () => {
    expect(extractText(utf8('\uFEFFLine one\r\nLine two\rLine three'))).toEqual({
      status: 'ok',
      statusDetail: 'text read (1 page)',
      pages: [{ page: 1, text: 'Line one\nLine two\nLine three' }],
      pageCount: 1,
    });
  });

  it('splits pages at form feeds', () => {
    const result = extractText(utf8('Page one\fPage two\n\fPage three\f'));
    expect(result.pages).toEqual([
      { page: 1, text: 'Page one' },
      { page: 2, text: 'Page two\n' },
      { page: 3, text: 'Page three' },
    ]);
    expect(result.pageCount).toBe(3);
  });

  it('reads UTF-16 text with a byte-order mark', () => {
    const bytes = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Résumé', 'utf16le')]));
    expect(extractText(bytes)).toMatchObject({ status: 'ok', pages: [{ page: 1, text: 'Résumé' }] });
  });

  it('reports whitespace-only text as empty and zero bytes as empty', () => {
    expect(extractText(utf8(' \n\t\n')).status).toBe('empty');
    expect(extractText(new Uint8Array())).toMatchObject({ status: 'empty', statusDetail: 'empty file (0 bytes)' });
  });

  it('reports invalid UTF-8 as corrupt', () => {
    expect(extractText(new Uint8Array([0x48, 0x69, 0xc3, 0x28, 0xa0, 0xa1])).status).toBe('corrupt');
  });
});
