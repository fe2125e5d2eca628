import { deflateSync, inflateSync } from 'node:zlib';
import { extractPdf } from '../../../lambdas/agents/intake/documents/extractPdf';
import { findInflateBreach, PDF_INFLATE_LIMITS } from '../../../lambdas/agents/intake/documents/pdf/compressedStreamLimits';
import { closePdfWorkers, pdfPoolActivity } from '../../../lambdas/agents/intake/documents/pdfWorkerPool';
import { assemblePdf } from '../../fixtures/documents/rawPdf';
import { longPdf, scannedPdf } from '../../fixtures/documents/pdfFixtures';
import { lzwSize, runLengthSize, unwrapAscii85, unwrapAsciiHex } from '../../../lambdas/agents/intake/documents/pdf/streamFilters';
import { ascii85, deflatedZeros, GIB, lzwEncode, lzwZeros, MIB, pdfBomb, pdfWithStream, runLengthZeros } from './pdfBombFixtures';

afterAll(() => closePdfWorkers());

const PER_STREAM = 'a compressed stream of the PDF expands beyond the 64 MB safety limit for one stream (possible decompression bomb)';
const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** A PDF whose only objects are these raw stream bodies (`/Filter /FlateDecode`). */
function pdfOfStreams(bodies: Buffer[]): Uint8Array {
  return assemblePdf(
    [latin1('<< /Type /Catalog /Pages 2 0 R >>'), latin1('<< /Type /Pages /Kids [] /Count 0 >>'), ...bodies.map((body) =>
      Buffer.concat([latin1(`<< /Length ${body.length} /Filter /FlateDecode >>\nstream\n`), body, latin1('\nendstream')]))],
    '',
  );
}

/** A zlib stream that yields `mebibytes` MiB of zeros, then turns invalid (a block of the reserved type 3). */
function brokenAfter(mebibytes: number): Buffer {
  const zeros = deflatedZeros(mebibytes);
  // Drop the final empty block (2 bytes) and the checksum (4): what is left ends on a byte boundary.
  return Buffer.concat([zeros.subarray(0, zeros.length - 6), Buffer.from([0x07, 0x00])]);
}

describe('the bomb fixtures', () => {
  it('are real zlib streams of zeros, about a thousand times smaller than what they expand to', () => {
    const stream = deflatedZeros(16);
    expect(inflateSync(stream).equals(Buffer.alloc(16 * MIB))).toBe(true);
    expect(stream.length).toBeLessThan((16 * MIB) / 900);
  });

  it('make a gigabyte bomb of about a megabyte', () => {
    expect(pdfBomb({ mebibytes: GIB / MIB }).length).toBeLessThan(1.1 * MIB);
  });
});

describe('a decompression-bomb PDF', () => {
  const PER_DOCUMENT = "the PDF's compressed streams expand beyond the 1 GB safety limit for one document (possible decompression bomb)";

  it.each([
    ['on this thread', false],
    ['on the PDF threads', true],
  ])('is refused as too-large %s when one content stream inflates to 1 GB, before PDF.js reads it', async (_where, parallel) => {
    const before = pdfPoolActivity().pagesReadOnThreads;
    const outcome = await extractPdf(pdfBomb({ mebibytes: GIB / MIB }), { parallel });
    expect(outcome).toEqual({ status: 'too-large', statusDetail: PER_STREAM, pages: [], pageCount: 0 });
    expect(pdfPoolActivity().pagesReadOnThreads).toBe(before);
  });

  it('is refused as too-large when 17 streams of 62 MiB, each within the limit for one stream, exceed 1 GiB together', async () => {
    const outcome = await extractPdf(pdfBomb({ mebibytes: 62, streams: 17 }), { parallel: false });
    expect(outcome).toEqual({ status: 'too-large', statusDetail: PER_DOCUMENT, pages: [], pageCount: 0 });
  }, 60_000); // a gigabyte inflated to find out, on a shared machine

  it('is refused when deflated twice over (/Filter [/FlateDecode /FlateDecode]), each level counted', async () => {
    const bomb = pdfBomb({ mebibytes: 4096, twice: true });
    expect(bomb.length).toBeLessThan(64 * 1024); // 4 GB of zeros in a few kilobytes
    expect(await extractPdf(bomb, { parallel: false })).toMatchObject({ status: 'too-large', statusDetail: PER_STREAM });
  });

  it('is read, text and all, when its streams add up to exactly the limit for one document, and refused with one stream more', async () => {
    const inflateLimits = { perStream: 2 * MIB, perDocument: 4 * MIB };
    expect(await extractPdf(pdfBomb({ mebibytes: 1, streams: 4 }), { parallel: false, inflateLimits })).toMatchObject({
      status: 'ok',
      pages: [{ page: 1, text: 'Statement of account, page 1' }],
    });
    expect(await extractPdf(pdfBomb({ mebibytes: 1, streams: 5 }), { parallel: false, inflateLimits })).toEqual({
      status: 'too-large',
      statusDetail: "the PDF's compressed streams expand beyond the 4 MB safety limit for one document (possible decompression bomb)",
      pages: [],
      pageCount: 0,
    });
  }, 30_000); // PDF.js loads, then scans 4 MiB of whitespace
});

describe('findInflateBreach', () => {
  it('finds nothing in ordinary PDFs: text, many pages, images, a 2 MiB content stream', async () => {
    for (const pdf of [await longPdf(40), await scannedPdf(3), pdfBomb({ mebibytes: 2 })]) {
      expect(await findInflateBreach(pdf)).toBeUndefined();
    }
  });

  it('allows a stream exactly at the limit for one stream, not a byte more', async () => {
    const pdf = pdfOfStreams([deflatedZeros(4)]);
    expect(await findInflateBreach(pdf, { perStream: 4 * MIB, perDocument: GIB })).toBeUndefined();
    expect(await findInflateBreach(pdf, { perStream: 4 * MIB - 1, perDocument: GIB })).toEqual({ limit: 'perStream', maximum: 4 * MIB - 1 });
  });

  it('counts every stream of the file towards the limit for one document, small and large', async () => {
    const large = pdfOfStreams([deflatedZeros(3), deflatedZeros(3), deflatedZeros(3)]);
    expect(await findInflateBreach(large, { perStream: 4 * MIB, perDocument: 9 * MIB })).toBeUndefined();
    expect(await findInflateBreach(large, { perStream: 4 * MIB, perDocument: 9 * MIB - 1 })).toEqual({ limit: 'perDocument', maximum: 9 * MIB - 1 });
    const small = pdfOfStreams(Array.from({ length: 100 }, () => deflateSync(Buffer.alloc(10_000))));
    expect(await findInflateBreach(small, { perStream: MIB, perDocument: 1_000_000 })).toBeUndefined();
    expect(await findInflateBreach(small, { perStream: MIB, perDocument: 999_999 })).toEqual({ limit: 'perDocument', maximum: 999_999 });
  });

  it('counts what a broken stream yields before its break (PDF.js inflates that much before it stops)', async () => {
    // Each yields 8 MiB before its break (counted to within one MiB, the chunk it breaks in).
    const pdf = pdfOfStreams([brokenAfter(8), brokenAfter(8), brokenAfter(8)]);
    expect(await findInflateBreach(pdf, { perStream: 16 * MIB, perDocument: 24 * MIB })).toBeUndefined();
    expect(await findInflateBreach(pdf, { perStream: 16 * MIB, perDocument: 20 * MIB })).toEqual({ limit: 'perDocument', maximum: 20 * MIB });
    expect(await findInflateBreach(pdf, { perStream: 4 * MIB, perDocument: GIB })).toEqual({ limit: 'perStream', maximum: 4 * MIB });
  });

  it('follows a stream deflated twice past a break in its inner level, counting both levels', async () => {
    // The inner zlib stream breaks after 1 MiB; the outer one goes on with 8 MiB of zeros after it.
    const outer = deflateSync(Buffer.concat([brokenAfter(1), Buffer.alloc(8 * MIB)]));
    const pdf = pdfOfStreams([outer]);
    expect(await findInflateBreach(pdf, { perStream: 16 * MIB, perDocument: 10 * MIB })).toBeUndefined();
    expect(await findInflateBreach(pdf, { perStream: 16 * MIB, perDocument: 8 * MIB })).toEqual({ limit: 'perDocument', maximum: 8 * MIB });
  });

  it('finds a stream whose data starts after junk on the `stream` line, as PDF.js does', async () => {
    const zeros = deflatedZeros(8);
    const pdf = assemblePdf(
      [latin1('<< /Type /Catalog /Pages 2 0 R >>'), Buffer.concat([latin1(`<< /Length ${zeros.length} /Filter /FlateDecode >>\nstream  % junk\r\n`), zeros, latin1('\r\nendstream')])],
      '',
    );
    expect(await findInflateBreach(pdf, { perStream: 4 * MIB, perDocument: GIB })).toEqual({ limit: 'perStream', maximum: 4 * MIB });
  });

  it('uses limits sized for real documents: 64 MiB for one stream, 1 GiB for one document', () => {
    expect(PDF_INFLATE_LIMITS).toEqual({ perStream: 64 * MIB, perDocument: GIB });
  });
});

describe('bombs under filters other than Flate', () => {
  const text = (n: number) => Array.from({ length: n }, (_, i) => `(Line ${i + 1}: funds of CAD ${(1000 + i * 37).toLocaleString('en-CA')} held since March) Tj T*`).join('\n');
  const lzwPage = (earlyChange: 0 | 1) => {
    const content = latin1(`BT /F1 10 Tf 72 760 Td 12 TL\n${text(60)}\nET`);
    const entries = `/Filter /LZWDecode${earlyChange === 0 ? ' /DecodeParms << /EarlyChange 0 >>' : ''}`;
    return { content, pdf: pdfWithStream(lzwEncode(content, earlyChange), entries) };
  };

  it.each([1, 0] as const)('reads an LZW page (EarlyChange %d) as PDF.js does, and counts exactly what it yields', async (earlyChange) => {
    const { content, pdf } = lzwPage(earlyChange);
    const encoded = lzwEncode(content, earlyChange);
    expect(lzwSize(encoded, GIB, earlyChange)).toBe(content.length);
    const outcome = await extractPdf(pdf, { parallel: false });
    expect(outcome.status).toBe('ok');
    expect(outcome.pages[0].text).toContain('Line 60: funds of CAD 3,183 held since March');
  });

  it('refuses an LZW stream of zeros past the limit for one stream (65 MiB from about 30 KB), and reads one within it', async () => {
    const zeros = lzwZeros(65);
    expect(zeros.length).toBeLessThan(40 * 1024);
    expect(lzwSize(zeros, GIB)).toBeGreaterThanOrEqual(65 * MIB);
    expect(await extractPdf(pdfWithStream(zeros, '/Filter /LZWDecode'), { parallel: false })).toMatchObject({ status: 'too-large', statusDetail: PER_STREAM });
    const inflateLimits = { perStream: 2 * MIB, perDocument: GIB };
    expect(await extractPdf(pdfWithStream(lzwZeros(1), '/Filter /LZW'), { parallel: false, inflateLimits })).toMatchObject({
      status: 'ok',
      pages: [{ page: 1, text: 'Statement of account, page 1' }],
    });
    expect(await extractPdf(pdfWithStream(lzwZeros(3), '/Filter /LZW'), { parallel: false, inflateLimits })).toMatchObject({ status: 'too-large' });
  });

  it('refuses a RunLength stream of zeros past the limit for one stream', async () => {
    expect(runLengthSize(runLengthZeros(1), GIB)).toBe(MIB);
    expect(await extractPdf(pdfWithStream(runLengthZeros(65), '/Filter /RunLengthDecode'), { parallel: false })).toMatchObject({ status: 'too-large', statusDetail: PER_STREAM });
  });

  it('unwraps ASCII85 and ASCIIHex to find a Flate bomb inside, also when /Filter names its array indirectly', async () => {
    const bomb = deflatedZeros(65);
    const wrapped85 = pdfWithStream(ascii85(bomb), '/Filter [/ASCII85Decode /FlateDecode]');
    expect(await extractPdf(wrapped85, { parallel: false })).toMatchObject({ status: 'too-large', statusDetail: PER_STREAM });
    const hex = latin1(`${bomb.toString('hex')}>`);
    const indirect = pdfWithStream(hex, '/Filter 7 0 R', [latin1('[/AHx /Fl]')]);
    expect(await extractPdf(indirect, { parallel: false })).toMatchObject({ status: 'too-large', statusDetail: PER_STREAM });
  });

  it('reads ordinary ASCII-wrapped streams back byte for byte', () => {
    const bytes = Buffer.from(Array.from({ length: 1001 }, (_, i) => (i * 7919) % 256));
    for (const length of [0, 1, 2, 3, 4, 5, 999, 1000, 1001]) {
      const part = bytes.subarray(0, length);
      expect(unwrapAscii85(ascii85(part)).equals(part)).toBe(true);
      expect(unwrapAsciiHex(latin1(`${part.toString('hex').replace(/(..)/g, '$1 ')}>`)).equals(part)).toBe(true);
    }
    expect(unwrapAscii85(ascii85(Buffer.alloc(12))).equals(Buffer.alloc(12))).toBe(true); // `z` groups
  });
});
