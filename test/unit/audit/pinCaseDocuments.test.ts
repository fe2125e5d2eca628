import { GetObjectCommand, ListObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { pinCaseDocuments, sha256Hex } from '../../../lambdas/core/audit/documentManifest';
import { BlobStore } from '../../../lambdas/core/storage/blobStore';
import { documentsPrefix } from '../../../lambdas/core/storage/objectKeys';

// Object versions exist only in a versioned S3 bucket, which the local emulator (s3rver) does not
// keep; this is the one place S3 is mocked. Unversioned pinning runs against the emulator in the
// integration and e2e tests.
const s3 = mockClient(S3Client);
/** A GetObject body as the SDK gives it, reduced to the two ways BlobStore reads it: whole, or streamed chunk by chunk (hashes). */
const body = (text: string) => {
  const bytes = new Uint8Array(Buffer.from(text));
  return {
    transformToByteArray: async () => bytes,
    async *[Symbol.asyncIterator]() {
      yield bytes;
    },
  } as never;
};

describe('pinning the documents of a case already in the bucket', () => {
  afterEach(() => s3.reset());

  it('records the version it read of each document, so that a later upload of the same file changes nothing for this audit', async () => {
    const prefix = documentsPrefix('owner-1', 'case-1');
    s3.on(ListObjectsCommand).resolves({ Contents: [{ Key: `${prefix}passport.pdf`, Size: 8 }, { Key: `${prefix}letters/offer.txt`, Size: 5 }], IsTruncated: false });
    s3.on(GetObjectCommand, { Key: `${prefix}passport.pdf` }).resolves({ Body: body('%PDF-1.7'), VersionId: 'v-passport-3' });
    s3.on(GetObjectCommand, { Key: `${prefix}letters/offer.txt` }).resolves({ Body: body('offer'), VersionId: 'v-offer-1' });

    const manifest = await pinCaseDocuments(new BlobStore({ s3: new S3Client({ region: 'ca-central-1' }), bucket: 'cases' }), 'owner-1', 'case-1');

    expect(manifest.documents).toEqual([
      { docId: 'passport.pdf', name: 'passport.pdf', key: `${prefix}passport.pdf`, size: 8, sha256: sha256Hex(Buffer.from('%PDF-1.7')), versionId: 'v-passport-3' },
      { docId: 'letters/offer.txt', name: 'letters/offer.txt', key: `${prefix}letters/offer.txt`, size: 5, sha256: sha256Hex(Buffer.from('offer')), versionId: 'v-offer-1' },
    ]);
    // The bytes hashed are the bytes of that version: one GET per document, no version lookup in between.
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(2);
  });

  it('records no version when the bucket keeps none', async () => {
    const prefix = documentsPrefix('owner-1', 'case-2');
    s3.on(ListObjectsCommand).resolves({ Contents: [{ Key: `${prefix}a.txt`, Size: 1 }], IsTruncated: false });
    s3.on(GetObjectCommand).resolves({ Body: body('a') });
    const [entry] = (await pinCaseDocuments(new BlobStore({ s3: new S3Client({ region: 'ca-central-1' }), bucket: 'cases' }), 'owner-1', 'case-2')).documents;
    expect(entry).not.toHaveProperty('versionId');
  });
});
