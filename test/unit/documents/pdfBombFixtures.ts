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

/**
 * Packs LZW codes the way PDF's LZWDecode reads them: 9 bits at first, one bit more each time the
 * table (which gains an entry with every code after the first since the last clear code) reaches the
 * next power of two, one code early when `earlyChange` is 1; at most 12 bits.
 */
function packLzwCodes(codes: readonly number[], earlyChange: 0 | 1): Buffer {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  let width = 9;
  let next = 258;
  let first = true;
  for (const code of codes) {
    buffer = (buffer << width) | code;
    bits += width;
    while (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
    if (code === 256) {
      [width, next, first] = [9, 258, true];
      continue;
    }
    if (!first && next < 4096) next++;
    first = false;
    if (next + earlyChange >= 1 << width && width < 12) width++;
  }
  if (bits > 0) out.push((buffer << (8 - bits)) & 0xff);
  return Buffer.from(out);
}

/** `bytes` LZW-encoded (a plain encoder, for small inputs), with the clear code first and the end code last. */
export function lzwEncode(bytes: Uint8Array, earlyChange: 0 | 1 = 1): Buffer {
  const table = new Map<string, number>();
  const codes = [256];
  let next = 258;
  let current = '';
  for (const byte of bytes) {
    const extended = current + String.fromCharCode(byte);
    if (extended.length === 1 || table.has(extended)) {
      current = extended;
      continue;
    }
    codes.push(current.length === 1 ? current.charCodeAt(0) : table.get(current)!);
    if (next < 4096) table.set(extended, next++);
    current = String.fromCharCode(byte);
  }
  if (current) codes.push(current.length === 1 ? current.charCodeAt(0) : table.get(current)!);
  codes.push(257);
  return packLzwCodes(codes, earlyChange);
}

/**
 * LZW data of at least `mebibytes` MiB of zeros, as an encoder writes it: each code names the run
 * one byte longer than the last, until the table is full; then the longest run (3,839 bytes) again
 * and again. About 2,500 times smaller than what it yields.
 */
export function lzwZeros(mebibytes: number): Buffer {
  const codes = [256, 0];
  let yielded = 1;
  for (let code = 258; code < 4096 && yielded < mebibytes * MIB; code++) {
    codes.push(code);
    yielded += code - 256;
  }
  while (yielded < mebibytes * MIB) {
    codes.push(4095);
    yielded += 4095 - 256;
  }
  codes.push(257);
  return packLzwCodes(codes, 1);
}

/** RunLength data of `mebibytes` MiB of zeros: 128 zeros for every two bytes. */
export function runLengthZeros(mebibytes: number): Buffer {
  const pairs = Buffer.alloc(((mebibytes * MIB) / 128) * 2 + 1);
  for (let i = 0; i < pairs.length - 1; i += 2) pairs[i] = 0x81;
  pairs[pairs.length - 1] = 0x80;
  return pairs;
}

/** `bytes` in ASCII85, ending with `~>`. */
export function ascii85(bytes: Uint8Array): Buffer {
  let out = '';
  for (let i = 0; i < bytes.length; i += 4) {
    const chunk = Buffer.alloc(4);
    Buffer.from(bytes.subarray(i, i + 4)).copy(chunk);
    const take = Math.min(4, bytes.length - i);
    let value = chunk.readUInt32BE(0);
    if (value === 0 && take === 4) {
      out += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let k = 0; k < 5; k++) {
      digits.unshift(String.fromCharCode((value % 85) + 0x21));
      value = Math.floor(value / 85);
    }
    out += digits.slice(0, take + 1).join('');
  }
  return latin1(`${out}~>`);
}

/**
 * A one-page PDF showing a line of text, whose content continues with one stream of `data` under the
 * dictionary entries `entries` (`/Filter …`); `extra` objects follow it (numbered from 7).
 */
export function pdfWithStream(data: Buffer, entries: string, extra: Buffer[] = []): Uint8Array {
  const text = latin1('BT /F1 12 Tf 72 720 Td (Statement of account, page 1) Tj ET\n');
  return assemblePdf(
    [
      latin1('<< /Type /Catalog /Pages 2 0 R >>'),
      latin1('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
      latin1('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents [4 0 R 6 0 R] >>'),
      Buffer.concat([latin1(`<< /Length ${text.length} >>\nstream\n`), text, latin1('\nendstream')]),
      latin1('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
      Buffer.concat([latin1(`<< /Length ${data.length} ${entries} >>\nstream\n`), data, latin1('\nendstream')]),
      ...extra,
    ],
    '',
  );
}
