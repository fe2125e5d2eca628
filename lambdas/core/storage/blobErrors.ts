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
