/**
 * Reads a ZIP archive (DOCX and the other OOXML packages are ZIPs) within safety limits, so that a
 * small hostile file cannot make us hold gigabytes: the number of entries, the decompressed size of
 * each entry and the decompressed size of everything read from one archive are all capped.
 *
 * The sizes in a ZIP's directory are written by whoever made the file and may lie, so they are only
 * used to refuse early. The real limit is enforced while inflating: the compressed data is fed to
 * fflate's streaming `Inflate` in small slices and reading stops as soon as the output passes the cap.
 *
 * Everything wrong with an archive is reported by throwing one of the typed errors below; callers
 * decide how to word it for the document it came from.
 */
import { Inflate } from 'fflate';
import { crc32 } from 'node:zlib';

/** Most entries an archive may list. A real DOCX has a few dozen, one with many images a few hundred. */
export const MAX_ZIP_ENTRIES = 10_000;
/** Most bytes one entry may expand to (the whole text of a DOCX lives in one entry). */
export const MAX_ZIP_ENTRY_BYTES = 64 * 1024 * 1024;
/** Most bytes all the entries read from one archive may expand to, together. */
export const MAX_ZIP_TOTAL_BYTES = 128 * 1024 * 1024;
/**
 * Compressed bytes handed to the inflater at a time. DEFLATE expands at most about 1032:1, so one
 * slice yields at most about 17 MB: the most an entry can overshoot its cap before it is stopped.
 */
export const INFLATE_SLICE_BYTES = 16 * 1024;

export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
}

export const DEFAULT_ZIP_LIMITS: Readonly<ZipLimits> = Object.freeze({
  maxEntries: MAX_ZIP_ENTRIES,
  maxEntryBytes: MAX_ZIP_ENTRY_BYTES,
  maxTotalBytes: MAX_ZIP_TOTAL_BYTES,
});

/** Which cap an archive broke: its entry count, one entry's expanded size, or the archive's. */
export type ZipLimitName = 'entries' | 'entry-bytes' | 'total-bytes';

/** The archive is over a safety limit (likely a ZIP bomb). `maximum` is the limit that was passed. */
export class ZipLimitExceeded extends Error {
  override readonly name = 'ZipLimitExceeded';
  constructor(
    readonly limit: ZipLimitName,
    readonly maximum: number,
  ) {
    super(
      limit === 'entries'
        ? `the archive lists more than ${maximum} entries`
        : `${limit === 'entry-bytes' ? 'an entry' : 'the archive'} expands beyond ${maximum} bytes`,
    );
  }
}

/** The bytes are not a well-formed ZIP archive, or an entry's data is damaged. */
export class ZipCorrupt extends Error {
  override readonly name = 'ZipCorrupt';
}

/** The archive is well-formed but uses something this reader does not implement. */
export class ZipUnsupported extends Error {
  override readonly name = 'ZipUnsupported';
  constructor(
    /** What is not supported, in words, e.g. "bzip2 compression (method 12)". */
    readonly feature: string,
  ) {
    super(`unsupported ZIP feature: ${feature}`);
  }
}

/** An entry is encrypted with a ZIP password. */
export class ZipEncrypted extends Error {
  override readonly name = 'ZipEncrypted';
  constructor() {
    super('the archive holds password-protected (encrypted) entries');
  }
}

/** One entry of the central directory. Sizes are as declared by the file, not trusted. */
export interface ZipEntry {
  readonly name: string;
  /** 0 = stored, 8 = deflated; anything else cannot be read. */
  readonly method: number;
  /** General-purpose flags: bit 0 encrypted, bit 3 sizes in a data descriptor, bit 11 UTF-8 name. */
  readonly flags: number;
  readonly crc: number;
  readonly compressedSize: number;
  readonly declaredSize: number;
  readonly localHeaderOffset: number;
}

const METHOD_STORED = 0;
const METHOD_DEFLATED = 8;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_UTF8_NAME = 0x0800;

const METHOD_NAMES: Record<number, string> = {
  1: 'Shrink',
  6: 'Implode',
  9: 'Deflate64',
  12: 'bzip2',
  14: 'LZMA',
  93: 'Zstandard',
  95: 'XZ',
  98: 'PPMd',
  99: 'WinZip AES',
};

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;
const SIG_ZIP64_END = 0x06064b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const END_RECORD_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;
const ZIP64_EXTRA_ID = 0x0001;
const U32_MAX = 0xffffffff;

/** Little-endian reads that fail as `ZipCorrupt` instead of returning `undefined` past the end. */
class ByteReader {
  constructor(private readonly bytes: Uint8Array) {}

  get length(): number {
    return this.bytes.length;
  }

  require(offset: number, count: number, what: string): void {
    if (!Number.isSafeInteger(offset) || offset < 0 || offset + count > this.bytes.length) {
      throw new ZipCorrupt(`${what} runs past the end of the file`);
    }
  }

  u16(offset: number): number {
    return this.bytes[offset] | (this.bytes[offset + 1] << 8);
  }

  u32(offset: number): number {
    return (this.bytes[offset] | (this.bytes[offset + 1] << 8) | (this.bytes[offset + 2] << 16) | (this.bytes[offset + 3] << 24)) >>> 0;
  }

  /** A 64-bit field; values past 2^53 cannot describe anything in a file we can hold. */
  u64(offset: number): number {
    const high = this.u32(offset + 4);
    if (high > 0x1fffff) throw new ZipCorrupt('a 64-bit size or offset is impossibly large');
    return high * 2 ** 32 + this.u32(offset);
  }

  slice(start: number, end: number): Uint8Array {
    return this.bytes.subarray(start, end);
  }
}

interface DirectoryLocation {
  entryCount: number;
  offset: number;
}

/** Finds the end-of-central-directory record, searching back over a possible archive comment. */
function findEndRecord(reader: ByteReader): number {
  const lowest = Math.max(0, reader.length - END_RECORD_BYTES - MAX_COMMENT_BYTES);
  for (let at = reader.length - END_RECORD_BYTES; at >= lowest; at--) {
    if (reader.u32(at) === SIG_END) return at;
  }
  throw new ZipCorrupt('no end-of-directory record');
}

function locateDirectory(reader: ByteReader): DirectoryLocation {
  const end = findEndRecord(reader);
  const hasZip64Locator = end >= 20 && reader.u32(end - 20) === SIG_ZIP64_LOCATOR;
  if (hasZip64Locator) {
    const record = reader.u64(end - 12);
    reader.require(record, 56, 'the ZIP64 end-of-directory record');
    if (reader.u32(record) !== SIG_ZIP64_END) throw new ZipCorrupt('the ZIP64 end-of-directory record is missing');
    if (reader.u32(record + 16) !== 0 || reader.u32(record + 20) !== 0) throw new ZipUnsupported('archives split across several files');
    return { entryCount: reader.u64(record + 32), offset: reader.u64(record + 48) };
  }
  if (reader.u16(end + 4) !== 0 || reader.u16(end + 6) !== 0) throw new ZipUnsupported('archives split across several files');
  return { entryCount: reader.u16(end + 10), offset: reader.u32(end + 16) };
}

/** The 64-bit values of the ZIP64 extra field, present only for the fields saturated in the record. */
function applyZip64Extra(
  reader: ByteReader,
  extraStart: number,
  extraEnd: number,
  fields: { declaredSize: number; compressedSize: number; localHeaderOffset: number },
): void {
  for (let at = extraStart; at + 4 <= extraEnd; ) {
    const id = reader.u16(at);
    const size = reader.u16(at + 2);
    const dataEnd = at + 4 + size;
    // Some writers pad or truncate extra fields; only a missing ZIP64 value matters, and a saturated
    // size or offset left as it is fails later as too large or out of bounds.
    if (dataEnd > extraEnd) return;
    if (id === ZIP64_EXTRA_ID) {
      let next = at + 4;
      const take = (): number => {
        if (next + 8 > dataEnd) throw new ZipCorrupt('the ZIP64 extra field is too short');
        const value = reader.u64(next);
        next += 8;
        return value;
      };
      if (fields.declaredSize === U32_MAX) fields.declaredSize = take();
      if (fields.compressedSize === U32_MAX) fields.compressedSize = take();
      if (fields.localHeaderOffset === U32_MAX) fields.localHeaderOffset = take();
      return;
    }
    at = dataEnd;
  }
}

const UTF8 = new TextDecoder('utf-8');

/** Names are UTF-8 when flag bit 11 says so; otherwise code page 437, read here as Latin-1. */
function decodeName(raw: Uint8Array, utf8: boolean): string {
  return utf8 ? UTF8.decode(raw) : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('latin1');
}

function readDirectory(reader: ByteReader, limits: ZipLimits): ZipEntry[] {
  const { entryCount, offset } = locateDirectory(reader);
  // The declared count can only make us refuse; the walk below never goes past the limit either way.
  if (entryCount > limits.maxEntries) throw new ZipLimitExceeded('entries', limits.maxEntries);
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < entryCount; i++) {
    reader.require(at, 46, 'the central directory');
    if (reader.u32(at) !== SIG_CENTRAL) throw new ZipCorrupt('a central directory record is damaged');
    const flags = reader.u16(at + 8);
    const nameLength = reader.u16(at + 28);
    const extraLength = reader.u16(at + 30);
    const commentLength = reader.u16(at + 32);
    const nameStart = at + 46;
    const extraStart = nameStart + nameLength;
    const recordEnd = extraStart + extraLength + commentLength;
    reader.require(at, recordEnd - at, 'the central directory');
    const fields = {
      declaredSize: reader.u32(at + 24),
      compressedSize: reader.u32(at + 20),
      localHeaderOffset: reader.u32(at + 42),
    };
    applyZip64Extra(reader, extraStart, extraStart + extraLength, fields);
    entries.push({
      name: decodeName(reader.slice(nameStart, extraStart), (flags & FLAG_UTF8_NAME) !== 0),
      method: reader.u16(at + 10),
      flags,
      crc: reader.u32(at + 16),
      ...fields,
    });
    at = recordEnd;
  }
  return entries;
}

function joinChunks(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const joined = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.length;
  }
  return joined;
}

/** An opened archive: its directory, and entries read on demand within the limits (see `openZip`). */
class ZipArchive {
  private expanded = 0;

  constructor(
    private readonly reader: ByteReader,
    readonly entries: readonly ZipEntry[],
    readonly limits: Readonly<ZipLimits>,
  ) {}

  /** Decompressed bytes produced so far by `read`, counted against `limits.maxTotalBytes`. */
  get expandedBytes(): number {
    return this.expanded;
  }

  find(name: string): ZipEntry | undefined {
    return this.entries.find((entry) => entry.name === name);
  }

  /**
   * The decompressed content of `entry`. Throws `ZipLimitExceeded` as soon as it passes
   * `limits.maxEntryBytes` or the archive's total, `ZipCorrupt` when the data is damaged or
   * disagrees with the directory, `ZipUnsupported` or `ZipEncrypted` when it cannot be read.
   */
  read(entry: ZipEntry): Uint8Array {
    if (entry.flags & FLAG_ENCRYPTED) throw new ZipEncrypted();
    if (entry.method !== METHOD_STORED && entry.method !== METHOD_DEFLATED) {
      const known = METHOD_NAMES[entry.method];
      throw new ZipUnsupported(`${known ? `${known} compression` : 'an unknown compression'} (method ${entry.method})`);
    }
    // A declared size over a cap is refused without inflating anything; a smaller one proves nothing.
    this.checkSize(entry.declaredSize);
    const data = this.entryData(entry);
    const content = entry.method === METHOD_STORED ? this.stored(data) : this.inflate(data);
    if (content.length !== entry.declaredSize) throw new ZipCorrupt('size differs from the ZIP directory');
    if (crc32(content) !== entry.crc) throw new ZipCorrupt('checksum mismatch');
    return content;
  }

  /** Refuses an entry of `size` bytes that would break the entry or archive limit. */
  private checkSize(size: number): void {
    const { maxEntryBytes } = this.limits;
    if (size > maxEntryBytes) throw new ZipLimitExceeded('entry-bytes', maxEntryBytes);
    if (this.expanded + size > this.limits.maxTotalBytes) throw new ZipLimitExceeded('total-bytes', this.limits.maxTotalBytes);
  }

  /** The compressed bytes of an entry, located through its local header. */
  private entryData(entry: ZipEntry): Uint8Array {
    const header = entry.localHeaderOffset;
    this.reader.require(header, 30, 'local file header');
    if (this.reader.u32(header) !== SIG_LOCAL) throw new ZipCorrupt('local file header missing');
    const start = header + 30 + this.reader.u16(header + 26) + this.reader.u16(header + 28);
    this.reader.require(start, entry.compressedSize, 'compressed data');
    return this.reader.slice(start, start + entry.compressedSize);
  }

  private stored(data: Uint8Array): Uint8Array {
    this.checkSize(data.length);
    this.expanded += data.length;
    return data.slice();
  }

  private inflate(data: Uint8Array): Uint8Array {
    const { maxEntryBytes, maxTotalBytes } = this.limits;
    const chunks: Uint8Array[] = [];
    let produced = 0;
    const inflater = new Inflate((chunk) => {
      produced += chunk.length;
      this.expanded += chunk.length;
      // Throwing here abandons the inflater mid-stream: nothing more is decompressed.
      if (produced > maxEntryBytes) throw new ZipLimitExceeded('entry-bytes', maxEntryBytes);
      if (this.expanded > maxTotalBytes) throw new ZipLimitExceeded('total-bytes', maxTotalBytes);
      if (chunk.length > 0) chunks.push(chunk);
    });
    try {
      if (data.length === 0) throw new ZipCorrupt('no compressed data');
      for (let at = 0; at < data.length; at += INFLATE_SLICE_BYTES) {
        const end = Math.min(at + INFLATE_SLICE_BYTES, data.length);
        inflater.push(data.subarray(at, end), end === data.length);
      }
    } catch (error) {
      if (error instanceof ZipLimitExceeded || error instanceof ZipCorrupt) throw error;
      throw new ZipCorrupt('invalid compressed data');
    }
    return joinChunks(chunks, produced);
  }
}

/**
 * Reads the directory of a ZIP archive. Throws `ZipLimitExceeded` when it lists more than
 * `limits.maxEntries` entries, `ZipCorrupt` when the directory cannot be read, and `ZipUnsupported`
 * for archives split across several files.
 */
export function openZip(bytes: Uint8Array, limits: Partial<ZipLimits> = {}): ZipArchive {
  const effective: ZipLimits = { ...DEFAULT_ZIP_LIMITS, ...limits };
  const reader = new ByteReader(bytes);
  if (bytes.length < END_RECORD_BYTES) throw new ZipCorrupt('too short to be a ZIP archive');
  return new ZipArchive(reader, readDirectory(reader, effective), effective);
}

export type { ZipArchive };
