import { strToU8, zipSync } from 'fflate';
import {
  DEFAULT_ZIP_LIMITS,
  INFLATE_SLICE_BYTES,
  MAX_ZIP_ENTRIES,
  MAX_ZIP_ENTRY_BYTES,
  MAX_ZIP_TOTAL_BYTES,
  openZip,
  ZipCorrupt,
  ZipEncrypted,
  ZipLimitExceeded,
  ZipUnsupported,
} from '../../../lambdas/agents/intake/documents/archive/boundedZip';
import {
  bombDocumentEntry,
  entryOf,
  FLAG_DATA_DESCRIPTOR,
  FLAG_ENCRYPTED,
  METHOD_STORED,
  MIB,
  rawZip,
} from '../../fixtures/documents/zipBombs';

const KIB = 1024;
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

/** Overwrites a little-endian field of the first record that starts with `signature`. */
function patchRecord(zip: Uint8Array, signature: number, field: number, value: number, width: 2 | 4 = 4): Uint8Array {
  const copy = Buffer.from(zip);
  const sig = Buffer.alloc(4);
  sig.writeUInt32LE(signature);
  const at = copy.indexOf(sig);
  if (at === -1) throw new Error('record not found');
  if (width === 2) copy.writeUInt16LE(value, at + field);
  else copy.writeUInt32LE(value, at + field);
  return new Uint8Array(copy);
}
const CENTRAL = 0x02014b50;
const END = 0x06054b50;

/** What `fn` throws or rejects with (fails the test when it returns normally). */
async function thrownBy(fn: () => unknown): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('bounded ZIP reader', () => {
  it('exports its limits: 10,000 entries, 64 MiB per entry, 128 MiB per archive', async () => {
    expect([MAX_ZIP_ENTRIES, MAX_ZIP_ENTRY_BYTES, MAX_ZIP_TOTAL_BYTES]).toEqual([10_000, 64 * MIB, 128 * MIB]);
    expect(DEFAULT_ZIP_LIMITS).toEqual({ maxEntries: 10_000, maxEntryBytes: 64 * MIB, maxTotalBytes: 128 * MIB });
  });

  it('reads deflated and stored entries written by another ZIP writer (fflate)', async () => {
    const content = { 'a.txt': strToU8('first entry '.repeat(500)), 'dir/b.xml': strToU8('<b>second</b>') };
    for (const level of [0, 6] as const) {
      const archive = await openZip(zipSync(content, { level }));
      expect(archive.entries.map((e) => [e.name, e.method])).toEqual([
        ['a.txt', level === 0 ? 0 : 8],
        ['dir/b.xml', level === 0 ? 0 : 8],
      ]);
      expect(text(await archive.read(archive.entries[0]))).toBe('first entry '.repeat(500));
      expect(text(await archive.read(archive.entries[1]))).toBe('<b>second</b>');
    }
  });

  it('lists entries without decompressing any of them', async () => {
    const archive = await openZip(rawZip([entryOf('one.xml', '<one/>'), entryOf('two.xml', '<two/>')]));
    expect(archive.entries.map((e) => e.name)).toEqual(['one.xml', 'two.xml']);
    expect(archive.find('two.xml')?.declaredSize).toBe(6);
    expect(archive.find('three.xml')).toBeUndefined();
    expect(archive.expandedBytes).toBe(0);
  });

  it('reads an entry whose sizes and checksum follow its data (data descriptor)', async () => {
    const entry = { ...entryOf('streamed.xml', '<streamed>yes</streamed>'), flags: FLAG_DATA_DESCRIPTOR };
    const archive = await openZip(rawZip([entry, entryOf('after.xml', '<after/>')]));
    expect(text(await archive.read(archive.entries[0]))).toBe('<streamed>yes</streamed>');
    expect(text(await archive.read(archive.entries[1]))).toBe('<after/>');
  });

  it('reads sizes and offsets from ZIP64 records', async () => {
    const archive = await openZip(rawZip([entryOf('first.xml', '<first/>'), { ...entryOf('big.xml', '<big/>'), zip64: true }]));
    expect(archive.find('big.xml')).toMatchObject({ declaredSize: 6, compressedSize: expect.any(Number) });
    expect(text(await archive.read(archive.entries[1]))).toBe('<big/>');
  });

  describe('limits', () => {
    it('refuses an archive listing more entries than the limit, and accepts one at the limit', async () => {
      const entries = Array.from({ length: 6 }, (_, i) => entryOf(`e${i}.txt`, '', METHOD_STORED));
      expect((await openZip(rawZip(entries.slice(0, 5)), { maxEntries: 5 })).entries).toHaveLength(5);
      const error = await thrownBy(() => openZip(rawZip(entries), { maxEntries: 5 }));
      expect(error).toBeInstanceOf(ZipLimitExceeded);
      expect(error).toMatchObject({ limit: 'entries', maximum: 5 });
    });

    it('refuses an entry declared larger than the limit before inflating any of it', async () => {
      // The data is not valid DEFLATE: reading it would fail as corrupt, so a size error proves it was not read.
      const entry = { ...entryOf('huge.xml', 'x'), data: new Uint8Array([0xff, 0xff, 0xff]), size: 2 * MIB };
      const archive = await openZip(rawZip([entry]), { maxEntryBytes: MIB });
      expect(await thrownBy(() => archive.read(archive.entries[0]))).toMatchObject({ limit: 'entry-bytes', maximum: MIB });
      expect(archive.expandedBytes).toBe(0);
    });

    it('stops inflating soon after the output passes the limit when the directory understates the size', async () => {
      const lying = bombDocumentEntry(64 * MIB, 1 * KIB);
      const archive = await openZip(rawZip([lying]), { maxEntryBytes: MIB });
      const error = await thrownBy(() => archive.read(archive.entries[0]));
      expect(error).toBeInstanceOf(ZipLimitExceeded);
      expect(error).toMatchObject({ limit: 'entry-bytes', maximum: MIB });
      // Reading stopped within one slice of the limit (zlib hands over 16 KiB at a time; DEFLATE expands ≤ 1032:1).
      expect(archive.expandedBytes).toBeGreaterThan(MIB);
      expect(archive.expandedBytes).toBeLessThanOrEqual(MIB + INFLATE_SLICE_BYTES * 1032);
    });

    it('holds a stored entry to the same limits, whatever its directory declares', async () => {
      const stored = { ...entryOf('plain.txt', 'p'.repeat(4 * KIB), METHOD_STORED), size: 10 };
      const archive = await openZip(rawZip([stored]), { maxEntryBytes: KIB });
      expect(await thrownBy(() => archive.read(archive.entries[0]))).toMatchObject({ limit: 'entry-bytes', maximum: KIB });
    });

    it('counts everything read from one archive against its total', async () => {
      const part = 'q'.repeat(600 * KIB);
      const archive = await openZip(rawZip([entryOf('a.txt', part), entryOf('b.txt', part)]), { maxEntryBytes: MIB, maxTotalBytes: MIB });
      expect(await archive.read(archive.entries[0])).toHaveLength(600 * KIB);
      expect(await thrownBy(() => archive.read(archive.entries[1]))).toMatchObject({ limit: 'total-bytes', maximum: MIB });
    });

    it('counts inflated output against the total even when the directory understates it', async () => {
      const part = 'r'.repeat(600 * KIB);
      const understated = { ...entryOf('b.txt', part), size: 10 };
      const archive = await openZip(rawZip([entryOf('a.txt', part), understated]), { maxEntryBytes: MIB, maxTotalBytes: MIB });
      await archive.read(archive.entries[0]);
      expect(await thrownBy(() => archive.read(archive.entries[1]))).toMatchObject({ limit: 'total-bytes', maximum: MIB });
    });
  });

  describe('damaged and unsupported archives', () => {
    it('reports bytes with no end-of-directory record as corrupt', async () => {
      const zip = rawZip([entryOf('a.txt', 'hello')]);
      expect(await thrownBy(() => openZip(zip.slice(0, zip.length - 10)))).toBeInstanceOf(ZipCorrupt);
      expect(await thrownBy(() => openZip(new Uint8Array(10)))).toBeInstanceOf(ZipCorrupt);
    });

    it('reports a directory that points outside the file as corrupt', async () => {
      const zip = patchRecord(rawZip([entryOf('a.txt', 'hello')]), END, 16, 0x7fffffff);
      expect(await thrownBy(() => openZip(zip))).toMatchObject({
        name: 'ZipCorrupt',
        message: 'the central directory runs past the end of the file',
      });
    });

    it('reports compressed data that runs past the end of the file as corrupt', async () => {
      const zip = patchRecord(rawZip([entryOf('a.txt', 'hello')]), CENTRAL, 20, 0x00ffffff);
      const archive = await openZip(zip);
      expect(await thrownBy(() => archive.read(archive.entries[0]))).toMatchObject({
        name: 'ZipCorrupt',
        message: 'compressed data runs past the end of the file',
      });
    });

    it('reports invalid DEFLATE data as corrupt', async () => {
      const archive = await openZip(rawZip([{ ...entryOf('a.txt', 'hello'), data: new Uint8Array([0xff, 0xff, 0xff, 0xff]) }]));
      expect(await thrownBy(() => archive.read(archive.entries[0]))).toMatchObject({ name: 'ZipCorrupt', message: 'invalid compressed data' });
    });

    it('reports a DEFLATE stream cut short as corrupt', async () => {
      const whole = entryOf('a.txt', 'some text that compresses '.repeat(2000));
      const archive = await openZip(rawZip([{ ...whole, data: whole.data.subarray(0, whole.data.length >> 1) }]));
      expect(await thrownBy(() => archive.read(archive.entries[0]))).toBeInstanceOf(ZipCorrupt);
    });

    it('reports content whose checksum does not match as corrupt', async () => {
      const archive = await openZip(rawZip([{ ...entryOf('a.txt', 'hello'), crc: 12345 }]));
      expect(await thrownBy(() => archive.read(archive.entries[0]))).toMatchObject({ name: 'ZipCorrupt', message: 'checksum mismatch' });
    });

    it('reports content shorter than its directory declares as corrupt', async () => {
      const archive = await openZip(rawZip([{ ...entryOf('a.txt', 'hello'), size: 50 }]));
      expect(await thrownBy(() => archive.read(archive.entries[0]))).toMatchObject({
        name: 'ZipCorrupt',
        message: 'size differs from the ZIP directory',
      });
    });

    it('refuses compression methods other than stored and DEFLATE, naming them', async () => {
      const archive = await openZip(rawZip([{ ...entryOf('a.txt', 'hello'), method: 12 }, { ...entryOf('b.txt', 'hi'), method: 77 }]));
      const bzip2 = await thrownBy(() => archive.read(archive.entries[0]));
      expect(bzip2).toBeInstanceOf(ZipUnsupported);
      expect(bzip2).toMatchObject({ feature: 'bzip2 compression (method 12)' });
      expect(await thrownBy(() => archive.read(archive.entries[1]))).toMatchObject({ feature: 'an unknown compression (method 77)' });
    });

    it('refuses entries encrypted with a ZIP password', async () => {
      const archive = await openZip(rawZip([{ ...entryOf('a.txt', 'hello'), flags: FLAG_ENCRYPTED }]));
      expect(await thrownBy(() => archive.read(archive.entries[0]))).toBeInstanceOf(ZipEncrypted);
    });

    it('refuses archives split across several files', async () => {
      const zip = patchRecord(rawZip([entryOf('a.txt', 'hello')]), END, 4, 1, 2);
      expect(await thrownBy(() => openZip(zip))).toMatchObject({ name: 'ZipUnsupported', feature: 'archives split across several files' });
    });
  });
});
