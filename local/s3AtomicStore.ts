import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import FilesystemStore from 's3rver/lib/stores/filesystem';
import S3Error from 's3rver/lib/models/error';

/**
 * s3rver's file store, changed so that an object is never half-written. s3rver writes an object in
 * place, reports success before the bytes reach the disk, and lets a write error (ENOSPC) escape
 * where nothing catches it: a host killed or out of space mid-write left a truncated object at its
 * key, which content-addressed storage then trusted forever. Here every object (and upload part,
 * and metadata file) is written under a temporary name, its size and hashes checked against what the
 * client declared, flushed, and only then renamed into place. A write that fails removes its
 * temporary file and answers an S3 error; temporary files left by a killed host are removed when
 * the next host opens the store.
 */

/** The suffix of a file being written; never an object name (those end in `._S3rver_object`). */
const PARTIAL = '.partial';

/** The client's declared size and hashes, from the request that carries the body (PUT object / part). */
interface Declared {
  size?: number;
  md5Base64?: string;
  sha256Hex?: string;
}

function declaredBy(content: unknown): Declared {
  const headers = (content as Partial<IncomingMessage> | undefined)?.headers;
  if (!headers) return {};
  const declared: Declared = {};
  const encoding = String(headers['content-encoding'] ?? '');
  const length = headers['content-length'];
  // An aws-chunked body's length counts the chunk framing, not the object.
  if (length !== undefined && /^\d+$/.test(length) && !encoding.includes('aws-chunked')) declared.size = Number(length);
  const md5 = headers['content-md5'];
  if (typeof md5 === 'string' && md5 !== '') declared.md5Base64 = md5;
  const sha = headers['x-amz-content-sha256'];
  if (typeof sha === 'string' && /^[0-9a-fA-F]{64}$/.test(sha)) declared.sha256Hex = sha.toLowerCase();
  return declared;
}

/** The disk (or quota) is full: the object is not stored, and nothing partial is kept. */
function diskFull(): Error {
  const err = new S3Error('InsufficientStorage', 'the local S3 emulator ran out of disk space while storing the object; it was not stored (nothing partial was kept). Free some space and try again');
  // 507 Insufficient Storage: a server-side condition a later attempt may get past once space is freed.
  err.status = 507;
  return err;
}

const isDiskFull = (err: unknown): boolean => ['ENOSPC', 'EDQUOT'].includes((err as NodeJS.ErrnoException)?.code ?? '');

/**
 * Writes `content` to `target` atomically: temporary file, checks, flush, rename. Returns its size
 * and MD5 (s3rver's ETag).
 */
export async function writeAtomically(
  target: string,
  content: Buffer | Readable,
  declared: Declared,
  /** Runs once the bytes are checked, just before the rename (the object's metadata goes first). */
  beforeCommit?: () => Promise<void>,
): Promise<{ size: number; md5: string }> {
  await mkdir(dirname(target), { recursive: true });
  const tmp = `${target}.${randomBytes(6).toString('hex')}${PARTIAL}`;
  const md5 = createHash('md5');
  const sha256 = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      md5.update(chunk);
      sha256.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    const source = Buffer.isBuffer(content) ? Readable.from([content]) : content;
    // flush: the bytes are on the disk before the rename makes them the object.
    await pipeline(source, measure, createWriteStream(tmp, { flags: 'wx', mode: 0o600, flush: true }));
    const md5Hex = md5.digest('hex');
    if (declared.size !== undefined && size !== declared.size) {
      throw new S3Error('IncompleteBody', `the body had ${size} bytes, not the ${declared.size} its Content-Length declared; the object was not stored`);
    }
    if (declared.md5Base64 !== undefined && Buffer.from(md5Hex, 'hex').toString('base64') !== declared.md5Base64) {
      throw new S3Error('BadDigest', 'the Content-MD5 you specified did not match what was received; the object was not stored');
    }
    if (declared.sha256Hex !== undefined && sha256.digest('hex') !== declared.sha256Hex) {
      const err = new S3Error('XAmzContentSHA256Mismatch', "the provided 'x-amz-content-sha256' header does not match what was computed; the object was not stored");
      err.status = 400;
      throw err;
    }
    await beforeCommit?.();
    await rename(tmp, target);
    return { size, md5: md5Hex };
  } catch (err) {
    await rm(tmp, { force: true });
    if (isDiskFull(err)) throw diskFull();
    throw err;
  }
}

/** Writes a small file (metadata, ETag) atomically. */
async function writeSmallFile(target: string, text: string): Promise<void> {
  await writeAtomically(target, Buffer.from(text), {});
}

/** Removes the temporary files a killed host left behind (no other process writes this store). */
async function removePartials(dir: string): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await removePartials(path);
    else if (entry.name.endsWith(PARTIAL)) await rm(path, { force: true });
  }
}

const MD5_HEX = /^[0-9a-f]{32}$/;

export class AtomicFilesystemStore extends FilesystemStore {
  /** Opens the store: call once, before the server takes requests. */
  async open(): Promise<void> {
    await removePartials(this.rootDirectory);
  }

  override async getMetadata(bucket: string, key: string): Promise<Record<string, unknown>> {
    const objectPath = this.getResourcePath(bucket, key, 'object');
    const info = await stat(objectPath); // ENOENT: no such object, as s3rver expects
    let stored: Record<string, unknown> | undefined;
    try {
      stored = JSON.parse(await readFile(this.getResourcePath(bucket, key, 'metadata.json'), 'utf8')) as Record<string, unknown>;
    } catch (err) {
      // A metadata file left empty or cut short by an earlier version: the object is reported damaged
      // (a put of the same key repairs it) rather than failing with an unexplained error.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw new S3Error('InternalError', 'the stored object is damaged (its metadata file is unreadable); store it again to repair it');
      }
    }
    let md5 = await readFile(`${objectPath}.md5`, 'utf8').catch(() => '');
    if (!MD5_HEX.test(md5)) {
      const hash = createHash('md5');
      for await (const chunk of createReadStream(objectPath)) hash.update(chunk as Buffer);
      md5 = hash.digest('hex');
      await writeSmallFile(`${objectPath}.md5`, md5).catch(() => undefined);
    }
    return { ...stored, etag: JSON.stringify(md5), 'last-modified': info.mtime.toUTCString(), 'content-length': info.size };
  }

  override async putMetadata(bucket: string, key: string, metadata: Record<string, unknown>, md5?: string): Promise<void> {
    const json = Object.fromEntries(
      Object.entries(metadata).filter(([name]) => ALLOWED_METADATA.includes(name) || name.startsWith('x-amz-meta-')),
    );
    await writeSmallFile(this.getResourcePath(bucket, key, 'metadata.json'), JSON.stringify(json, null, 2));
    if (md5) await writeSmallFile(this.getResourcePath(bucket, key, 'object.md5'), md5);
  }

  override async putObject(object: { bucket: string; key: string; content: Buffer | Readable; metadata: Record<string, unknown> }): Promise<{ size: number; md5: string }> {
    const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
    // The ETag file goes first: until the new one is written, a reader recomputes it from the object.
    await unlink(`${objectPath}.md5`).catch(() => undefined);
    // Checked before anything at the key changes; the metadata is in place before the object is.
    const written = await writeAtomically(objectPath, object.content, declaredBy(object.content), () =>
      this.putMetadata(object.bucket, object.key, object.metadata),
    );
    await writeSmallFile(`${objectPath}.md5`, written.md5).catch(() => undefined);
    return written;
  }

  override async putPart(bucket: string, uploadId: string, partNumber: number, content: Readable): Promise<{ size: number; md5: string }> {
    const partPath = join(this.getResourcePath(bucket, undefined, 'uploads'), uploadId, partNumber.toString());
    const written = await writeAtomically(partPath, content, declaredBy(content));
    await writeSmallFile(`${partPath}.md5`, written.md5);
    return written;
  }

  override async initiateUpload(bucket: string, key: string, uploadId: string, metadata: Record<string, unknown>): Promise<void> {
    const uploadDir = join(this.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    await writeSmallFile(join(uploadDir, 'metadata'), JSON.stringify(metadata));
    await writeSmallFile(join(uploadDir, 'key'), key);
  }
}

/** s3rver's list of stored headers (S3Object.ALLOWED_METADATA). */
const ALLOWED_METADATA = ['cache-control', 'content-disposition', 'content-encoding', 'content-language', 'content-type', 'expires', 'x-amz-storage-class', 'x-amz-website-redirect-location'];
