import { inflateSync } from 'fflate';
import { crc32 } from 'node:zlib';
import { openZip } from '../../../lambdas/agents/intake/documents/archive/boundedZip';
import { crc32OfRun, docxBomb, GIB, MIB, repeatedByteDeflate } from '../../fixtures/documents/zipBombs';

const PREFIX = new Uint8Array(Buffer.from('<w:t>'));

/** The test fixtures must be what they claim, or the bomb tests would prove nothing. */
describe('ZIP bomb fixtures', () => {
  it.each([
    [6, 0x41],
    [7, 0x41],
    [263, 0x41],
    [264, 0x41],
    [265, 0x41],
    [1000, 0xe9],
    [3 * MIB + 17, 0x41],
  ])('writes a DEFLATE stream that an independent decoder expands to exactly %i bytes (fill byte %i)', (size, fill) => {
    const expanded = inflateSync(repeatedByteDeflate(PREFIX, fill, size));
    expect(expanded.length).toBe(size);
    expect(Buffer.from(expanded.subarray(0, PREFIX.length)).toString()).toBe('<w:t>');
    expect(expanded.subarray(PREFIX.length).every((byte) => byte === fill)).toBe(true);
  });

  it('computes the checksum of a long run without materialising it', () => {
    for (const [fill, count] of [[0x41, 1], [0x00, 4097], [0xe9, 3 * MIB + 5]]) {
      const run = new Uint8Array(count).fill(fill);
      expect(crc32OfRun(fill, count)).toBe(crc32(run));
      expect(crc32OfRun(fill, count, crc32(PREFIX))).toBe(crc32(Buffer.concat([PREFIX, run])));
    }
  });

  it('builds a 1 GiB bomb in under 7 MB', async () => {
    const bomb = docxBomb(GIB);
    expect(bomb.length).toBeLessThan(7 * MIB);
    expect((await openZip(bomb)).find('word/document.xml')).toMatchObject({ declaredSize: GIB, compressedSize: expect.any(Number) });
  });

  it('builds a bomb that reads back whole, checksum included, when the limits allow its size', async () => {
    const archive = await openZip(docxBomb(4 * MIB), { maxEntryBytes: 4 * MIB, maxTotalBytes: 8 * MIB });
    const entry = archive.find('word/document.xml');
    if (!entry) throw new Error('bomb has no main part');
    expect((await archive.read(entry)).length).toBe(4 * MIB);
  });

  it('can make the directory understate the size', async () => {
    expect((await openZip(docxBomb(GIB, 1024))).find('word/document.xml')?.declaredSize).toBe(1024);
  });
});
