import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import type { ZodType } from 'zod';
import { BlobNotFound, BlobNotJson, BlobStorageFull, BlobTooLarge } from './blobErrors';

export interface BlobStoreOptions {
  s3: S3Client;
  bucket: string;
  /** Keys per ListObjectsV2 page (S3's maximum and default is 1000). */
  listPageSize?: number;
}

export interface BlobListing {
  key: string;
  size: number;
  lastModified?: Date;
}

/** Limits on one read: an object larger than `maxBytes` is refused (BlobTooLarge) before its bytes are held. */
export interface ReadLimits {
  maxBytes?: number;
}

/** An object's content hash, computed while streaming it (never held whole). */
export interface BlobDigest {
  sha256: string;
  size: number;
  versionId?: string;
}

/** The body of a GetObject response as the SDK gives it in Node: an async iterable of chunks. */
type BodyStream = AsyncIterable<Uint8Array> & { destroy?: () => void };

export interface PutResult {
  key: string;
  bytes: number;
  /** Set when the bucket keeps versions (S3 with versioning; the local emulator has none). */
  versionId?: string;
}

const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder('utf-8');

/** Objects in one S3 bucket: documents, reports and spilled session outputs. */
export class BlobStore {
  readonly bucket: string;
  private readonly s3: S3Client;
  private readonly listPageSize: number;

  constructor({ s3, bucket, listPageSize = 1000 }: BlobStoreOptions) {
    this.s3 = s3;
    this.bucket = bucket;
    this.listPageSize = listPageSize;
  }

  /** Stores the object; throws BlobStorageFull when the store's disk is full (nothing is stored then). */
  async put(key: string, body: string | Uint8Array, contentType?: string): Promise<PutResult> {
    const bytes = typeof body === 'string' ? textEncoder.encode(body) : body;
    try {
      const out = await this.s3.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.byteLength,
          // The store checks the bytes it received against this before the object replaces anything.
          ContentMD5: createHash('md5').update(bytes).digest('base64'),
          ContentType: contentType ?? (typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/octet-stream'),
        }),
      );
      return { key, bytes: bytes.byteLength, ...(out.VersionId ? { versionId: out.VersionId } : {}) };
    } catch (err) {
      if (isStorageFull(err)) throw new BlobStorageFull(this.bucket, key);
      throw err;
    }
  }

  /**
   * Stores content-addressed bytes unless an intact copy is already at the key. An object there is
   * not trusted for existing: its size and hash are checked (the ETag, S3's MD5 of a single-part
   * object, or else the bytes themselves), and a damaged copy (cut short by a crash or a full disk,
   * or unreadable) is overwritten with these bytes. `written` says whether a put was made.
   */
  async putUnlessIntact(key: string, body: Uint8Array, contentType?: string): Promise<PutResult & { written: boolean }> {
    const stored = await this.storedCopy(key);
    if (stored && stored.size === body.byteLength && (stored.etag === `"${createHash('md5').update(body).digest('hex')}"` || (await this.sameBytes(key, body, stored.versionId)))) {
      return { key, bytes: body.byteLength, ...(stored.versionId ? { versionId: stored.versionId } : {}), written: false };
    }
    return { ...(await this.put(key, body, contentType)), written: true };
  }

  /** The object's size and ETag, or undefined when there is none or its copy is unreadable (a put repairs it). */
  private async storedCopy(key: string): Promise<{ size?: number; etag?: string; versionId?: string } | undefined> {
    try {
      const head = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength, etag: head.ETag, ...(head.VersionId ? { versionId: head.VersionId } : {}) };
    } catch (err) {
      if (isMissing(err) || isServerError(err)) return undefined;
      throw err;
    }
  }

  private async sameBytes(key: string, body: Uint8Array, versionId?: string): Promise<boolean> {
    try {
      const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
      return sha((await this.getVersion(key, versionId)).bytes) === sha(body);
    } catch (err) {
      if (err instanceof BlobNotFound || isServerError(err)) return false;
      throw err;
    }
  }

  putJson(key: string, value: unknown): Promise<PutResult> {
    const json = JSON.stringify(value);
    if (json === undefined) throw new TypeError(`Cannot store ${typeof value} as JSON at s3://${this.bucket}/${key}`);
    return this.put(key, json, 'application/json');
  }

  /**
   * The object's bytes (of one version, when given); throws BlobNotFound when there is no object at
   * the key, and BlobTooLarge when `limits.maxBytes` is set and the object is larger.
   */
  async get(key: string, versionId?: string, limits: ReadLimits = {}): Promise<Uint8Array> {
    return (await this.getVersion(key, versionId, limits)).bytes;
  }

  /**
   * The object's bytes and the version they are (S3 with versioning; the local emulator keeps none),
   * read in one request, so that the version named is the one read. Throws BlobNotFound. With
   * `limits.maxBytes`, an object whose length (as S3 states it, and as counted while reading) is over
   * the limit is refused with BlobTooLarge and its body dropped, so no more than the limit is ever held:
   * a multi-gigabyte object would otherwise not even fit one buffer (RangeError).
   */
  async getVersion(key: string, versionId?: string, limits: ReadLimits = {}): Promise<{ bytes: Uint8Array; versionId?: string }> {
    try {
      const out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(versionId ? { VersionId: versionId } : {}) }));
      const body = out.Body as BodyStream | undefined;
      const { maxBytes } = limits;
      let bytes: Uint8Array;
      if (!body) bytes = new Uint8Array();
      else if (maxBytes === undefined) bytes = await (out.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray();
      else {
        if (out.ContentLength !== undefined && out.ContentLength > maxBytes) {
          body.destroy?.();
          throw new BlobTooLarge(this.bucket, key, out.ContentLength, maxBytes);
        }
        // With a stated length within the limit, the SDK's own reader (the body cannot outgrow it);
        // without one, counted chunk by chunk.
        bytes =
          out.ContentLength !== undefined
            ? await (out.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray()
            : await readBounded(body, maxBytes, (size) => new BlobTooLarge(this.bucket, key, size, maxBytes));
      }
      return out.VersionId ? { bytes, versionId: out.VersionId } : { bytes };
    } catch (err) {
      if (isMissing(err)) throw new BlobNotFound(this.bucket, key);
      throw err;
    }
  }

  /** The object's size and version as S3 states them, without reading it. Throws BlobNotFound. */
  async head(key: string, versionId?: string): Promise<{ size: number; versionId?: string }> {
    try {
      const out = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key, ...(versionId ? { VersionId: versionId } : {}) }));
      return { size: out.ContentLength ?? 0, ...(out.VersionId ? { versionId: out.VersionId } : {}) };
    } catch (err) {
      if (isMissing(err)) throw new BlobNotFound(this.bucket, key);
      throw err;
    }
  }

  /**
   * The SHA-256 and length of the object (of one version, when given) and the version read, computed
   * chunk by chunk as the body streams in: memory stays flat whatever the object's size. Throws BlobNotFound.
   */
  async digest(key: string, versionId?: string): Promise<BlobDigest> {
    try {
      const out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(versionId ? { VersionId: versionId } : {}) }));
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of (out.Body as BodyStream | undefined) ?? []) {
        hash.update(chunk);
        size += chunk.byteLength;
      }
      return { sha256: hash.digest('hex'), size, ...(out.VersionId ? { versionId: out.VersionId } : {}) };
    } catch (err) {
      if (isMissing(err)) throw new BlobNotFound(this.bucket, key);
      throw err;
    }
  }

  async getText(key: string): Promise<string> {
    return textDecoder.decode(await this.get(key));
  }

  /** Parses the object as JSON; with a schema the value is also validated against it. */
  async getJson<T = unknown>(key: string, schema?: ZodType<T>): Promise<T> {
    const text = await this.getText(key);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new BlobNotJson(this.bucket, key, (err as Error).message);
    }
    if (!schema) return value as T;
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new BlobNotJson(this.bucket, key, parsed.error.message);
    return parsed.data;
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  /**
   * Every object under the prefix (all pages), in key order. Pages with ListObjects (v1) and the
   * last key as Marker: s3rver's ListObjectsV2 continuation tokens use DES, which Node's OpenSSL 3
   * no longer provides, so any truncated V2 listing fails there; v1 paging works on both.
   */
  async list(prefix: string): Promise<BlobListing[]> {
    const listing: BlobListing[] = [];
    let marker: string | undefined;
    for (;;) {
      const page = await this.s3.send(
        new ListObjectsCommand({ Bucket: this.bucket, Prefix: prefix, MaxKeys: this.listPageSize, Marker: marker }),
      );
      const contents = page.Contents ?? [];
      for (const obj of contents) {
        if (obj.Key !== undefined) listing.push({ key: obj.Key, size: obj.Size ?? 0, ...(obj.LastModified ? { lastModified: obj.LastModified } : {}) });
      }
      const last = contents[contents.length - 1]?.Key;
      if (!page.IsTruncated || last === undefined) return listing;
      marker = last;
    }
  }

  /** Deletes the object; deleting a missing key is not an error (S3 semantics). */
  async delete(key: string): Promise<void> {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}

/** Reads a body into one buffer, refusing (and dropping the body) as soon as more than `maxBytes` arrive. */
async function readBounded(body: BodyStream, maxBytes: number, tooLarge: (size: number) => Error): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      body.destroy?.();
      throw tooLarge(size);
    }
    chunks.push(chunk);
  }
  // One plain Uint8Array of its own, as the SDK's reader gives: PDF.js refuses a Buffer, and hands
  // the underlying ArrayBuffer to its worker thread, so it must hold these bytes only.
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The store's disk is full: the local S3 emulator's 507 InsufficientStorage. */
function isStorageFull(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.name === 'InsufficientStorage' || err.$metadata.httpStatusCode === 507);
}

/** The store could not read what it holds at the key (a damaged copy answers 500 InternalError). */
function isServerError(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.$metadata.httpStatusCode ?? 0) >= 500 && !isStorageFull(err);
}

function isMissing(err: unknown): boolean {
  if (err instanceof NoSuchKey || err instanceof NotFound) return true;
  return err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404 && err.name !== 'NoSuchBucket';
}
