/**
 * Reads a ZIP archive (DOCX and the other OOXML packages are ZIPs) within safety limits, so that a
 * small hostile file cannot make us hold gigabytes: the number of entries, the decompressed size of
 * each entry and the decompressed size of everything read from one archive are all capped.
 *
 * The container is read by yauzl (directory, ZIP64 records, local headers, bounds checks, inflating
 * with zlib). This module adds what yauzl leaves to its caller: the caps, the checksum, and one typed
 * error per kind of problem. The sizes in a ZIP's directory are written by whoever made the file
 * and may lie, so they are only used to refuse early. The real limit is enforced while inflating:
 * bytes are counted as zlib hands them over, and reading stops as soon as the output passes a cap.
 *
 * yauzl's own size check (`validateEntrySizes`) is off on purpose: it would stop an entry as soon as
 * its output passed the size the directory declares, and report a bomb whose directory claims 1 KiB
 * as damaged rather than as over the limit. The same comparison is made here once the entry has
 * been read within the caps (`size differs from the ZIP directory`).
 *
 * Everything wrong with an archive is reported by throwing (rejecting with) one of the typed errors
 * below; callers decide how to word it for the document it came from.
 */
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import * as yauzl from 'yauzl';
import { DeterministicError } from '../../../../core/errors/deterministicError';

/** Most entries an archive may list. A real DOCX has a few dozen, one with many images a few hundred. */
export const MAX_ZIP_ENTRIES = 10_000;
/** Most bytes one entry may expand to (the whole text of a DOCX lives in one entry). */
export const MAX_ZIP_ENTRY_BYTES = 64 * 1024 * 1024;
/** Most bytes all the entries read from one archive may expand to, together. */
export const MAX_ZIP_TOTAL_BYTES = 128 * 1024 * 1024;
/**
 * Decompressed bytes zlib hands over at a time (its default chunk size). Reading stops at the first
 * chunk past a cap, so an entry overshoots its cap by at most about this much.
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
export class ZipLimitExceeded extends DeterministicError {
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
export class ZipCorrupt extends DeterministicError {
  override readonly name = 'ZipCorrupt';
}

/** The archive is well-formed but uses something this reader does not implement. */
export class ZipUnsupported extends DeterministicError {
  override readonly name = 'ZipUnsupported';
  constructor(
    /** What is not supported, in words, e.g. "bzip2 compression (method 12)". */
    readonly feature: string,
  ) {
    super(`unsupported ZIP feature: ${feature}`);
  }
}

/** An entry is encrypted with a ZIP password. */
export class ZipEncrypted extends DeterministicError {
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
const END_RECORD_BYTES = 22;

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

const UTF8 = new TextDecoder('utf-8');

/** Names are UTF-8 when flag bit 11 says so; otherwise code page 437, read here as Latin-1. */
function decodeName(raw: Buffer, utf8: boolean): string {
  return utf8 ? UTF8.decode(raw) : raw.toString('latin1');
}

/** yauzl's errors are plain `Error`s told apart by their message; these are the ones it gives while reading the directory. */
function directoryError(error: unknown, where: 'end-record' | 'directory'): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (/^End of central directory record signature not found/.test(message)) return new ZipCorrupt('no end-of-directory record');
  if (/^Invalid comment length/.test(message)) return new ZipCorrupt('bytes follow the end-of-directory record');
  if (/^multi-disk zip files are not supported/.test(message)) return new ZipUnsupported('archives split across several files');
  if (/^invalid zip64 end of central directory record signature/.test(message)) return new ZipCorrupt('the ZIP64 end-of-directory record is missing');
  if (/^invalid central directory file header signature/.test(message)) return new ZipCorrupt('a central directory record is damaged');
  if (/^zip64 extended information extra field does not include/.test(message)) return new ZipCorrupt('the ZIP64 extra field is too short');
  if (/^extra field length exceeds/.test(message)) return new ZipCorrupt('an extra field in the central directory is damaged');
  if (/^strong encryption is not supported/.test(message)) return new ZipEncrypted();
  if (message === 'unexpected EOF') {
    return new ZipCorrupt(where === 'end-record' ? 'the ZIP64 end-of-directory record runs past the end of the file' : 'the central directory runs past the end of the file');
  }
  return new ZipCorrupt(`the ZIP directory cannot be read (${message})`);
}

/** The errors yauzl gives while opening an entry (reading its local header). */
function entryError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (/^invalid local file header signature/.test(message)) return new ZipCorrupt('local file header missing');
  if (/^file data overflows file bounds/.test(message)) return new ZipCorrupt('compressed data runs past the end of the file');
  if (message === 'unexpected EOF') return new ZipCorrupt('local file header runs past the end of the file');
  return new ZipCorrupt(`the entry cannot be read (${message})`);
}

function openArchive(bytes: Uint8Array): Promise<yauzl.ZipFile> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const options = { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false };
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, options, (error, zipfile) => (error ? reject(directoryError(error, 'end-record')) : resolve(zipfile)));
  });
}

/** Every entry of the directory, in order. */
function readDirectory(zipfile: yauzl.ZipFile): Promise<Array<{ entry: ZipEntry; source: yauzl.Entry }>> {
  return new Promise((resolve, reject) => {
    const entries: Array<{ entry: ZipEntry; source: yauzl.Entry }> = [];
    zipfile.on('entry', (source: yauzl.Entry) => {
      const flags = source.generalPurposeBitFlag;
      entries.push({
        entry: {
          name: decodeName(source.fileNameRaw, (flags & FLAG_UTF8_NAME) !== 0),
          method: source.compressionMethod,
          flags,
          crc: source.crc32,
          compressedSize: source.compressedSize,
          declaredSize: source.uncompressedSize,
          localHeaderOffset: source.relativeOffsetOfLocalHeader,
        },
        source,
      });
      zipfile.readEntry();
    });
    zipfile.once('end', () => resolve(entries));
    zipfile.once('error', (error: unknown) => reject(directoryError(error, 'directory')));
    zipfile.readEntry();
  });
}

/** An opened archive: its directory, and entries read on demand within the limits (see `openZip`). */
class ZipArchive {
  private expanded = 0;

  constructor(
    private readonly zipfile: yauzl.ZipFile,
    private readonly sources: ReadonlyMap<ZipEntry, yauzl.Entry>,
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
   * The decompressed content of `entry`. Rejects with `ZipLimitExceeded` as soon as it passes
   * `limits.maxEntryBytes` or the archive's total, `ZipCorrupt` when the data is damaged or
   * disagrees with the directory, `ZipUnsupported` or `ZipEncrypted` when it cannot be read.
   */
  async read(entry: ZipEntry): Promise<Uint8Array> {
    const source = this.sources.get(entry);
    if (!source) throw new Error('the entry is not from this archive');
    if (entry.flags & FLAG_ENCRYPTED) throw new ZipEncrypted();
    if (entry.method !== METHOD_STORED && entry.method !== METHOD_DEFLATED) {
      const known = METHOD_NAMES[entry.method];
      throw new ZipUnsupported(`${known ? `${known} compression` : 'an unknown compression'} (method ${entry.method})`);
    }
    // A declared size over a cap is refused without inflating anything; a smaller one proves nothing.
    this.checkSize(entry.declaredSize);
    const stream = await this.openStream(source);
    try {
      // A stored entry's data is its content: its real size is known before reading any of it.
      if (entry.method === METHOD_STORED) this.checkSize(entry.compressedSize);
      else if (entry.compressedSize === 0) throw new ZipCorrupt('no compressed data');
    } catch (error) {
      stream.destroy();
      throw error;
    }
    const content = await this.collect(stream);
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

  private openStream(source: yauzl.Entry): Promise<Readable> {
    return new Promise((resolve, reject) => {
      this.zipfile.openReadStream(source, (error, stream) => (error ? reject(entryError(error)) : resolve(stream)));
    });
  }

  /** The stream's bytes, counted against the caps as they arrive; stops reading at the first chunk past one. */
  private collect(stream: Readable): Promise<Uint8Array> {
    const { maxEntryBytes, maxTotalBytes } = this.limits;
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let produced = 0;
      let settled = false;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        // Destroying the stream abandons the inflater mid-stream: nothing more is decompressed.
        stream.destroy();
        reject(error);
      };
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        produced += chunk.length;
        this.expanded += chunk.length;
        if (produced > maxEntryBytes) return fail(new ZipLimitExceeded('entry-bytes', maxEntryBytes));
        if (this.expanded > maxTotalBytes) return fail(new ZipLimitExceeded('total-bytes', maxTotalBytes));
        chunks.push(chunk);
      });
      // zlib reports damaged or truncated DEFLATE data here; the stored data of a buffer cannot fail.
      stream.on('error', () => fail(new ZipCorrupt('invalid compressed data')));
      stream.on('end', () => {
        if (settled) return;
        settled = true;
        resolve(Buffer.concat(chunks, produced));
      });
    });
  }
}

/**
 * Reads the directory of a ZIP archive. Rejects with `ZipLimitExceeded` when it lists more than
 * `limits.maxEntries` entries, `ZipCorrupt` when the directory cannot be read, and `ZipUnsupported`
 * for archives split across several files.
 */
export async function openZip(bytes: Uint8Array, limits: Partial<ZipLimits> = {}): Promise<ZipArchive> {
  const effective: ZipLimits = { ...DEFAULT_ZIP_LIMITS, ...limits };
  if (bytes.length < END_RECORD_BYTES) throw new ZipCorrupt('too short to be a ZIP archive');
  const zipfile = await openArchive(bytes);
  // The declared count can only make us refuse; the walk never goes past it either way.
  if (zipfile.entryCount > effective.maxEntries) {
    zipfile.close();
    throw new ZipLimitExceeded('entries', effective.maxEntries);
  }
  const read = await readDirectory(zipfile);
  return new ZipArchive(
    zipfile,
    new Map(read.map(({ entry, source }) => [entry, source])),
    read.map(({ entry }) => entry),
    effective,
  );
}

export type { ZipArchive };
