/**
 * Safety limits on how far a PDF's compressed streams may expand, checked before PDF.js sees the
 * file: a decompression bomb (a small PDF whose streams inflate to gigabytes) is refused with a
 * typed status instead of being inflated.
 *
 * Why before, and not inside PDF.js: PDF.js inflates with its own synchronous decoder (see
 * syncInflate.ts), which grows one buffer per stream without any cap, and offers no hook to bound it;
 * its decoder classes are private to its bundle. So every Flate stream of the file is inflated here
 * once, with node:zlib, counting bytes and keeping next to none. Native inflate is many times
 * faster than PDF.js's, so the check costs a fraction of the read it protects (a 1,000-page
 * statement: about a tenth of a second).
 *
 * How streams are found: the way PDF.js's parser finds a stream's data — after the `stream` keyword
 * and the end of that line — without trusting `/Length` or `/Filter`. Data that starts with a zlib
 * header (the only thing PDF.js's Flate decoder accepts) is inflated; an inflated stream that is
 * itself a zlib stream (`/Filter [/FlateDecode /FlateDecode]`, the classic PDF bomb) is inflated
 * again, each level counted.
 *
 * Streams that are not zlib data are measured under the filters their dictionary declares
 * (streamFilters.ts): Flate data wrapped in ASCII85 or ASCIIHex is unwrapped and inflated, and LZW and
 * RunLength data is counted.
 *
 * What this does not see (PDF.js still inflates those without a cap; only the read's time limit
 * ends them): streams of an encrypted PDF (their data is ciphertext here), filters named in a
 * compressed object stream, LZW or RunLength under Flate, one stream referenced many times over, and
 * what follows a flaw zlib stops at but PDF.js's more lenient decoder reads past (a back-reference
 * before the start of the data, say).
 */
import { constants, createInflateRaw, type InflateRaw, inflateRawSync } from 'node:zlib';
import { formatByteSize } from '../sizeLimitDetail';
import { lzwSize, runLengthSize, streamDecoding, unwrapAscii85, unwrapAsciiHex } from './streamFilters';

export interface InflateLimits {
  /** Largest output of one stream (per filter level). */
  perStream: number;
  /** Largest output of all the document's streams together. */
  perDocument: number;
}

/**
 * Per stream, 64 MiB: the largest streams in real PDFs are images, and a full letter page scanned
 * losslessly at 400 dpi in 24-bit colour is 44 MB raw (300 dpi: 25 MB); embedded fonts stay under
 * 25 MB (full CJK fonts), page content streams under a few MB. PDF.js holds a stream in one buffer
 * grown by doubling, so a stream under this cap costs it at most about twice as much.
 *
 * Per document, 1 GiB: a document is at most 50 MB on disk (extractDocument.ts); text and fonts
 * deflate 3–10×, lossless scans of mostly white paper up to ~20×, so a real 50 MB PDF inflates to well
 * under 1 GB. Zeros deflate about 1,000× (a million-fold when deflated twice): a file of a megabyte
 * is enough for a bomb to exceed it.
 */
export const PDF_INFLATE_LIMITS: InflateLimits = { perStream: 64 * 1024 ** 2, perDocument: 1024 ** 3 };

/** Filter levels followed per stream: real PDFs use one, rarely two; more would be an attack on this check. */
const MAX_FLATE_LEVELS = 8;
/**
 * Streams up to this size are inflated in one synchronous call (most streams of a PDF are a few KB,
 * and a stream object per stream costs more than the inflate). Past it, a stream is inflated again
 * as a Node stream, chunk by chunk, counted and dropped: a synchronous call would keep the whole
 * output and, for a 64 MiB stream, take about twenty times longer.
 */
const AT_ONCE_BYTES = 1024 ** 2;
const CHUNK_BYTES = 1024 ** 2;
/** Bytes inflated at once between two yields to the event loop, so that other documents' reads go on. */
const YIELD_EVERY_BYTES = 16 * 1024 ** 2;

/** Which limit a document broke (the first one found). */
export interface InflateBreach {
  limit: keyof InflateLimits;
  maximum: number;
}

const STREAM = Buffer.from('stream', 'latin1');
const ENDSTREAM = Buffer.from('endstream', 'latin1');
const END = Buffer.from('end', 'latin1');
const CR = 0x0d;
const LF = 0x0a;

/** Where a stream's data starts: after the end of the line holding the `stream` keyword (PDF.js's rule). */
function dataStart(file: Buffer, afterKeyword: number): number {
  for (let at = afterKeyword; at < file.length; at++) {
    if (file[at] === LF) return at + 1;
    if (file[at] === CR) return file[at + 1] === LF ? at + 2 : at + 1;
  }
  return file.length;
}

/** The two-byte header PDF.js's Flate decoder requires (method 8, check bits, no preset dictionary). */
function hasZlibHeader(bytes: Uint8Array, at = 0): boolean {
  if (at + 2 > bytes.length) return false;
  const cmf = bytes[at];
  const flg = bytes[at + 1];
  return (cmf & 0x0f) === 8 && ((cmf << 8) | flg) % 31 === 0 && (flg & 0x20) === 0;
}

/** Every `stream` keyword (`endstream` excluded) and its data's offset, in file order. */
function* streamsOf(file: Buffer): Generator<{ keyword: number; start: number }> {
  for (let at = file.indexOf(STREAM); at !== -1; at = file.indexOf(STREAM, at + STREAM.length)) {
    if (at >= END.length && file.subarray(at - END.length, at).equals(END)) continue;
    yield { keyword: at, start: dataStart(file, at + STREAM.length) };
  }
}

/** A stream's data up to its `endstream` (or the end of the file). */
function dataOf(file: Buffer, start: number): Buffer {
  const end = file.indexOf(ENDSTREAM, start);
  return file.subarray(start, end === -1 ? file.length : end);
}

/**
 * What a stream that does not start as a zlib stream yields under its declared filters: ASCIIHex and
 * ASCII85 are unwrapped, and what they held is measured like any stream (a zlib stream inflated, LZW or
 * RunLength counted). Undefined when nothing here expands it (an image codec, plain data).
 */
async function measureFiltered(file: Buffer, keyword: number, start: number, perStream: number, room: number): Promise<Measure | undefined> {
  const { filters, earlyChange } = streamDecoding(file, keyword);
  let data: Buffer = dataOf(file, start);
  let i = 0;
  for (; filters[i] === 'ASCIIHexDecode' || filters[i] === 'ASCII85Decode'; i++) {
    data = filters[i] === 'ASCIIHexDecode' ? unwrapAsciiHex(data) : unwrapAscii85(data);
  }
  const counted = (size: number | undefined): Measure => (size === undefined ? 'perStream' : size > room ? 'perDocument' : size);
  if (filters[i] === 'LZWDecode') return counted(lzwSize(data, perStream, earlyChange));
  if (filters[i] === 'RunLengthDecode') return counted(runLengthSize(data, perStream));
  if (i > 0 && hasZlibHeader(data)) return measureFlate(data.subarray(2), perStream, room);
  return undefined;
}

/** A Flate stream's inflated size (every level), or the limit it broke: at once when small, else chunk by chunk. */
async function measureFlate(deflated: Uint8Array, perStream: number, room: number): Promise<Measure> {
  return sizeAtOnce(deflated, Math.min(AT_ONCE_BYTES, perStream, room)) ?? (await sizeByChunks(deflated, perStream, room));
}

/** A stream's inflated bytes (every level), or the limit it broke. */
type Measure = number | keyof InflateLimits;

/** A small stream's inflated size, at once; undefined when it is larger, deflated again, or broken. */
function sizeAtOnce(deflated: Uint8Array, limit: number): number | undefined {
  try {
    // Truncated data yields what it holds, as PDF.js does; trailing bytes (`endstream`, …) are ignored.
    const output = inflateRawSync(deflated, { maxOutputLength: limit, finishFlush: constants.Z_SYNC_FLUSH });
    return hasZlibHeader(output) ? undefined : output.length;
  } catch {
    return undefined;
  }
}

/**
 * Inflates a stream chunk by chunk, and each level it holds (output that is itself a zlib stream) by
 * a further inflater fed with that output, counting every chunk and keeping none: a level waits while
 * the next one has not taken its last chunk. Broken data ends its level with what it yielded so far
 * (to within a chunk): PDF.js inflates, and holds, that much before it stops.
 */
function sizeByChunks(deflated: Uint8Array, perStream: number, room: number): Promise<Measure> {
  return new Promise((resolve) => {
    const inflaters: InflateRaw[] = [];
    let total = 0;
    let running = 0;
    let settled = false;
    const settle = (measure: Measure) => {
      if (settled) return;
      settled = true;
      for (const inflater of inflaters) inflater.destroy();
      resolve(measure);
    };
    /** Starts the inflater of `level`; `onEnd` tells the level above that this one takes no more. */
    const inflateLevel = (level: number, onEnd?: () => void): InflateRaw => {
      const inflater = createInflateRaw({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: CHUNK_BYTES });
      inflaters.push(inflater);
      running++;
      let produced = 0;
      /** The output's first bytes, until they show whether it is a further zlib stream. */
      let head: Buffer | undefined;
      /** The next level's inflater; null when the output is not a zlib stream (or levels ran out). */
      let next: InflateRaw | null | undefined = level + 1 < MAX_FLATE_LEVELS ? undefined : null;
      let nextEnded = false;
      const forward = (bytes: Buffer) => {
        if (!next || nextEnded || next.write(bytes)) return;
        inflater.pause();
        next.once('drain', () => inflater.resume());
      };
      inflater.on('data', (chunk: Buffer) => {
        if (settled) return;
        produced += chunk.length;
        total += chunk.length;
        if (produced > perStream) return settle('perStream');
        if (total > room) return settle('perDocument');
        if (next !== undefined) return forward(chunk);
        head = head ? Buffer.concat([head, chunk]) : chunk;
        if (head.length < 2) return;
        next = hasZlibHeader(head)
          ? inflateLevel(level + 1, () => {
              nextEnded = true;
              inflater.resume();
            })
          : null;
        forward(head.subarray(2));
      });
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        if (next && !nextEnded) next.end();
        onEnd?.();
        if (--running === 0) settle(total);
      };
      inflater.once('end', end);
      // Broken data, or a write after that: either way this level is over.
      inflater.on('error', end);
      return inflater;
    };
    inflateLevel(0).end(deflated);
  });
}

/**
 * The first limit the PDF's compressed streams break, or undefined when they all stay within
 * `limits`. Memory stays bounded: one small stream's output at a time, or a chunk or two per level.
 */
export async function findInflateBreach(pdf: Uint8Array, limits: InflateLimits = PDF_INFLATE_LIMITS): Promise<InflateBreach | undefined> {
  const file = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  let total = 0;
  let sinceYield = 0;
  for (const { keyword, start } of streamsOf(file)) {
    const room = limits.perDocument - total;
    const measure = hasZlibHeader(file, start)
      ? await measureFlate(file.subarray(start + 2), limits.perStream, room)
      : await measureFiltered(file, keyword, start, limits.perStream, room);
    if (measure === undefined) continue;
    if (measure === 'perStream' || measure === 'perDocument') return { limit: measure, maximum: limits[measure] };
    total += measure;
    if ((sinceYield += measure) >= YIELD_EVERY_BYTES) {
      sinceYield = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return undefined;
}

/** The `too-large` status detail for a breach, e.g. "… beyond the 64 MB safety limit for one stream …". */
export function inflateBreachDetail(breach: InflateBreach): string {
  const maximum = formatByteSize(breach.maximum);
  return breach.limit === 'perStream'
    ? `a compressed stream of the PDF expands beyond the ${maximum} safety limit for one stream (possible decompression bomb)`
    : `the PDF's compressed streams expand beyond the ${maximum} safety limit for one document (possible decompression bomb)`;
}
