import { DeterministicError } from '../errors/deterministicError';

/** No object exists at the key (S3 NoSuchKey / 404). */
export class BlobNotFound extends DeterministicError {
  override readonly name = 'BlobNotFound';

  constructor(
    readonly bucket: string,
    readonly key: string,
  ) {
    super(`No object at s3://${bucket}/${key}. Check the key (owner and case prefixes included) or upload the object first.`);
  }
}

/** The object exists but its content is not valid JSON (or not the expected shape). */
export class BlobNotJson extends DeterministicError {
  override readonly name = 'BlobNotJson';

  constructor(
    readonly bucket: string,
    readonly key: string,
    readonly reason: string,
  ) {
    super(`Object s3://${bucket}/${key} is not the expected JSON: ${reason}`);
  }
}

/**
 * The object is larger than the caller will hold in memory; nothing past the limit was read. `size` is
 * the object's length as S3 stated it, or the bytes counted when the read stopped (at least the limit).
 */
export class BlobTooLarge extends DeterministicError {
  override readonly name = 'BlobTooLarge';

  constructor(
    readonly bucket: string,
    readonly key: string,
    readonly size: number,
    readonly maxBytes: number,
  ) {
    super(`Object s3://${bucket}/${key} is ${size} bytes or more, over the ${maxBytes}-byte limit for one read.`);
  }
}

/**
 * The store's disk is full (the local S3 emulator answers 507 InsufficientStorage): nothing was
 * stored, not even part of the object. Not deterministic: once space is freed, the same put works.
 */
export class BlobStorageFull extends Error {
  override readonly name = 'BlobStorageFull';

  constructor(
    readonly bucket: string,
    readonly key: string,
    /** What was being stored, as the user knows it (a document's file name); the key by default. */
    readonly what: string = key,
  ) {
    super(`disk full while storing ${what}: nothing was stored (no partial copy was kept); free some disk space where the data folder is and run the command again`);
  }
}
