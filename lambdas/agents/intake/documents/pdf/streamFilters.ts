/**
 * The filters of a PDF stream other than Flate that the bomb check (compressedStreamLimits.ts) must
 * follow: ASCIIHex and ASCII85 wrap data (a Flate bomb hidden under them is a bomb still), and LZW and
 * RunLength expand it (LZW up to about 2,500×, RunLength 64×). Wrapped data is unwrapped here (it can
 * only shrink); expanding filters are measured, counting the bytes they would yield and keeping none.
 *
 * A stream's filters are read from its dictionary, found between the object header (`12 0 obj`) and
 * the `stream` keyword, or from the array an indirect `/Filter 9 0 R` names when that object is
 * written in the file's text. Filters kept in compressed object streams are not followed.
 */

export type StreamFilter = 'ASCIIHexDecode' | 'ASCII85Decode' | 'FlateDecode' | 'LZWDecode' | 'RunLengthDecode' | 'other';

const FILTER_NAMES: Record<string, StreamFilter> = {
  ASCIIHexDecode: 'ASCIIHexDecode',
  AHx: 'ASCIIHexDecode',
  ASCII85Decode: 'ASCII85Decode',
  A85: 'ASCII85Decode',
  FlateDecode: 'FlateDecode',
  Fl: 'FlateDecode',
  LZWDecode: 'LZWDecode',
  LZW: 'LZWDecode',
  RunLengthDecode: 'RunLengthDecode',
  RL: 'RunLengthDecode',
};

export interface StreamDecoding {
  filters: StreamFilter[];
  /** LZW's /EarlyChange (1 unless the dictionary says 0). */
  earlyChange: 0 | 1;
}

/** How far back from `stream` a dictionary is looked for. */
const DICTIONARY_WINDOW = 4096;
const OBJECT_HEADER = /\d+\s+\d+\s+obj\b/g;
const FILTER_ENTRY = /\/Filter\s*(\/[^\s/[\]<>()]+|\[[^\]]*\]|(\d+)\s+(\d+)\s+R)/;
const NAME = /\/([^\s/[\]<>()]+)/g;

const names = (text: string): StreamFilter[] => [...text.matchAll(NAME)].map((m) => FILTER_NAMES[m[1]] ?? 'other');

/** The filters of the stream whose `stream` keyword is at `keywordAt`; empty when none are found. */
export function streamDecoding(file: Buffer, keywordAt: number): StreamDecoding {
  const from = Math.max(0, keywordAt - DICTIONARY_WINDOW);
  const window = file.toString('latin1', from, keywordAt);
  let start = 0;
  for (const m of window.matchAll(OBJECT_HEADER)) start = m.index + m[0].length;
  const dictionary = window.slice(start);
  const earlyChange = /\/EarlyChange\s+0\b/.test(dictionary) ? 0 : 1;
  const entry = FILTER_ENTRY.exec(dictionary);
  if (!entry) return { filters: [], earlyChange };
  if (entry[2] === undefined) return { filters: names(entry[1]), earlyChange };
  return { filters: names(indirectObject(file, entry[2], entry[3]) ?? ''), earlyChange };
}

/** The text of object `number generation` up to its `endobj`, when it is written in the file's text (bounded). */
function indirectObject(file: Buffer, number: string, generation: string): string | undefined {
  const header = Buffer.from(`${number} ${generation} obj`, 'latin1');
  for (let at = file.indexOf(header); at !== -1; at = file.indexOf(header, at + 1)) {
    if (at > 0 && file[at - 1] >= 0x30 && file[at - 1] <= 0x39) continue; // "112 0 obj" is not "12 0 obj"
    return file.toString('latin1', at + header.length, Math.min(file.length, at + header.length + 512)).split('endobj')[0];
  }
  return undefined;
}

const isWhite = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** ASCIIHex data decoded up to its `>` (other characters skipped, as PDF.js does). */
export function unwrapAsciiHex(data: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(Math.ceil(data.length / 2));
  let n = 0;
  let high = -1;
  for (let i = 0; i < data.length; i++) {
    const c = data[i];
    if (c === 0x3e) break;
    const v = hexValue(c);
    if (v < 0) continue;
    if (high < 0) high = v;
    else {
      out[n++] = (high << 4) | v;
      high = -1;
    }
  }
  if (high >= 0) out[n++] = high << 4;
  return out.subarray(0, n);
}

/** ASCII85 data decoded up to its `~>` (whitespace skipped, `z` for four zeros). */
export function unwrapAscii85(data: Uint8Array): Buffer {
  // Five characters make four bytes, but `z` alone makes four.
  const out = Buffer.allocUnsafe((data.includes(0x7a) ? data.length * 4 : Math.ceil(data.length * 0.8)) + 4);
  let n = 0;
  let group = 0;
  let count = 0;
  for (let i = 0; i < data.length; i++) {
    const c = data[i];
    if (c === 0x7e) break;
    if (isWhite(c)) continue;
    if (c === 0x7a && count === 0) {
      out.writeUInt32BE(0, n);
      n += 4;
      continue;
    }
    if (c < 0x21 || c > 0x75) break;
    group = group * 85 + (c - 0x21);
    if (++count === 5) {
      out.writeUInt32BE(group >>> 0, n);
      n += 4;
      group = 0;
      count = 0;
    }
  }
  if (count > 1) {
    for (let k = count; k < 5; k++) group = group * 85 + 84;
    for (let k = 0; k < count - 1; k++) out[n++] = (Math.floor(group / 256 ** (3 - k)) >>> 0) & 0xff;
  }
  return out.subarray(0, n);
}

/** Bytes RunLength data yields, or undefined once past `limit`. */
export function runLengthSize(data: Uint8Array, limit: number): number | undefined {
  let size = 0;
  for (let i = 0; i < data.length; ) {
    const length = data[i];
    if (length === 128) break;
    if (length < 128) {
      size += length + 1;
      i += length + 2;
    } else {
      size += 257 - length;
      i += 2;
    }
    if (size > limit) return undefined;
  }
  return size;
}

const CLEAR = 256;
const EOD = 257;

/**
 * Bytes LZW data yields (PDF's variant: 9- to 12-bit codes, clear and end codes, `earlyChange`), or
 * undefined once past `limit`. Only each table entry's length is kept: an entry is one byte longer
 * than the entry it extends.
 */
export function lzwSize(data: Uint8Array, limit: number, earlyChange: 0 | 1 = 1): number | undefined {
  const lengths = new Uint16Array(4096);
  let next = 258;
  let width = 9;
  let previous = -1;
  let size = 0;
  let buffer = 0;
  let bits = 0;
  for (let i = 0; i < data.length; i++) {
    buffer = ((buffer << 8) | data[i]) & 0xffffff;
    bits += 8;
    while (bits >= width) {
      const code = (buffer >>> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      if (code === CLEAR) {
        next = 258;
        width = 9;
        previous = -1;
        continue;
      }
      if (code === EOD) return size;
      let length: number;
      if (code < 256) length = 1;
      else if (code < next && lengths[code]) length = lengths[code];
      else if (code === next && previous >= 0) length = (previous < 256 ? 1 : lengths[previous]) + 1;
      else return size; // a code not yet defined: the data is broken here
      if (previous >= 0 && next < 4096) lengths[next++] = (previous < 256 ? 1 : lengths[previous]) + 1;
      previous = code;
      size += length;
      if (size > limit) return undefined;
      if (next + earlyChange >= 1 << width && width < 12) width++;
    }
  }
  return size;
}
