/**
 * Decompression-bomb PDFs, built without ever holding what they expand to: a deflated MiB of zeros
 * is made once and repeated, so a stream of a gigabyte of zeros costs about a megabyte of file.
 */
import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import { assemblePdf } from '../../fixtures/documents/rawPdf';

export const MIB = 1024 ** 2;
export const GIB = 1024 ** 3;

const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** One MiB of zeros as non-final deflate blocks ending on a byte boundary, so copies can be chained. */
const deflatedMib = () => deflateRawSync(Buffer.alloc(MIB), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });

/** A zlib stream (what /FlateDecode reads) of `mebibytes` MiB of zeros. */
export function deflatedZeros(mebibytes: number): Buffer {
  const block = deflatedMib();
  const size = mebibytes * MIB;
  const adler = Buffer.alloc(4);
  // Adler-32 of n zero bytes: a = 1, b = n mod 65521.
  adler.writeUInt32BE((((size % 65521) << 16) | 1) >>> 0);
  const header = Buffer.from([0x78, 0xda]);
  const lastBlock = deflateRawSync(Buffer.alloc(0));
  return Buffer.concat([header, ...Array.from({ length: mebibytes }, () => block), lastBlock, adler]);
}

export interface BombOptions {
  /** MiB of zeros each bomb stream inflates to. */
  mebibytes: number;
  /** Bomb streams in the page's content, after a stream of real text. */
  streams?: number;
  /** Deflated twice (`/Filter [/FlateDecode /FlateDecode]`): a million-fold instead of a thousand-fold. */
  twice?: boolean;
}

/**
 * A one-page PDF whose page shows a line of text, followed in its content by `streams` Flate streams
 * of zeros (NUL is whitespace in a content stream, so PDF.js has to inflate and scan all of it).
 */
export function pdfBomb({ mebibytes, streams = 1, twice = false }: BombOptions): Uint8Array {
  const once = deflatedZeros(mebibytes);
  const data = twice ? deflateSync(once, { level: 9 }) : once;
  const filter = twice ? '[/FlateDecode /FlateDecode]' : '/FlateDecode';
  const text = latin1('BT /F1 12 Tf 72 720 Td (Statement of account, page 1) Tj ET\n');
  const bombs = Array.from({ length: streams }, (_, i) => i + 6);
  return assemblePdf(
    [
      latin1('<< /Type /Catalog /Pages 2 0 R >>'),
      latin1('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
      latin1(
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> ' +
          `/Contents [4 0 R ${bombs.map((n) => `${n} 0 R`).join(' ')}] >>`,
      ),
      Buffer.concat([latin1(`<< /Length ${text.length} >>\nstream\n`), text, latin1('\nendstream')]),
      latin1('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
      ...bombs.map(() => Buffer.concat([latin1(`<< /Length ${data.length} /Filter ${filter} >>\nstream\n`), data, latin1('\nendstream')])),
    ],
    '',
  );
}
