import { startEmulators, type Emulators } from '../../../local/emulators';
import { BlobNotFound, BlobNotJson } from '../../../lambdas/core/storage/blobErrors';
import { BlobStore } from '../../../lambdas/core/storage/blobStore';
import * as z from 'zod';

describe('BlobStore over the S3 emulator', () => {
  let emu: Emulators;
  beforeAll(async () => {
    emu = await startEmulators();
  });
  afterAll(async () => {
    await emu.stop();
  });

  it('throws BlobNotFound naming the key when getting a missing object', async () => {
    const key = 'cases/local/case-x/documents/missing.pdf';
    const err = await emu.blobs.get(key).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BlobNotFound);
    expect(err).toMatchObject({ key, bucket: emu.bucket });
    expect((err as Error).message).toContain(key);
    await expect(emu.blobs.getJson(key)).rejects.toBeInstanceOf(BlobNotFound);
  });

  it('round-trips bytes, text and JSON', async () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    await emu.blobs.put('rt/bytes.bin', bytes);
    await emu.blobs.put('rt/text.md', '# Rapport — décision');
    await emu.blobs.putJson('rt/value.json', { score: 71.5, empty: '', list: [] });

    expect(await emu.blobs.get('rt/bytes.bin')).toEqual(bytes);
    expect(await emu.blobs.getText('rt/text.md')).toBe('# Rapport — décision');
    expect(await emu.blobs.getJson('rt/value.json')).toEqual({ score: 71.5, empty: '', list: [] });
    expect(await emu.blobs.getJson('rt/value.json', z.object({ score: z.number() }))).toEqual({ score: 71.5 });
  });

  it('rejects content that is not the expected JSON with BlobNotJson naming the key', async () => {
    await emu.blobs.put('rt/not-json.txt', 'not json');
    await expect(emu.blobs.getJson('rt/not-json.txt')).rejects.toBeInstanceOf(BlobNotJson);
    await emu.blobs.putJson('rt/wrong-shape.json', { score: 'high' });
    await expect(emu.blobs.getJson('rt/wrong-shape.json', z.object({ score: z.number() }))).rejects.toThrow('rt/wrong-shape.json');
  });

  it('tells whether an object exists and deletes it', async () => {
    await emu.blobs.put('ex/a.txt', 'a');
    expect(await emu.blobs.exists('ex/a.txt')).toBe(true);
    await emu.blobs.delete('ex/a.txt');
    expect(await emu.blobs.exists('ex/a.txt')).toBe(false);
    await expect(emu.blobs.delete('ex/a.txt')).resolves.toBeUndefined();
  });

  it('lists every object under a prefix across pages, with sizes', async () => {
    const paged = new BlobStore({ s3: emu.clients.s3, bucket: emu.bucket, listPageSize: 2 });
    const keys = ['ls/case-1/a.txt', 'ls/case-1/b.txt', 'ls/case-1/c/d.txt', 'ls/case-1/e.txt', 'ls/case-1/f.txt'];
    await Promise.all(keys.map((k, i) => emu.blobs.put(k, 'x'.repeat(i + 1))));
    await emu.blobs.put('ls/case-2/other.txt', 'other');

    expect(await paged.list('ls/case-1/')).toEqual(keys.map((key, i) => ({ key, size: i + 1, lastModified: expect.any(Date) })));
    expect(await paged.list('ls/none/')).toEqual([]);
  });
});
