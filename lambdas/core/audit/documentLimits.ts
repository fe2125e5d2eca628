/**
 * The limits on what one audit reads (docs/reliability.md), in one place below the code that pins,
 * stores and reads documents, so the local CLI, the API and the Lambdas refuse the same things.
 */

/** One document: larger files get the `too-large` status without being read (Intake's MAX_DOCUMENT_BYTES is the same 50 MB). */
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;

/** An audit.json: a few fields and, at most, the list of the case's documents (expectedDocuments.ts). */
export const MAX_AUDIT_REQUEST_BYTES = 1024 * 1024;

/**
 * Documents in one case. A case over it is refused as a whole, naming the limit, rather than cut:
 * a cut would leave out documents at random (the ones sorted last) and report them missing.
 */
export const MAX_CASE_DOCUMENTS = 5_000;

const UNITS: Array<[bytes: number, unit: string]> = [
  [1024 ** 3, 'GB'],
  [1024 ** 2, 'MB'],
  [1024, 'KB'],
];

/**
 * "64 MB", "3 GB", "61.3 MB", "512 bytes" (binary units, one decimal at most). With `roundUp` a size
 * never reads smaller than it is, so a file just over a limit does not read as equal to it.
 */
export function formatByteSize(bytes: number, roundUp = false): string {
  for (const [size, unit] of UNITS) {
    if (bytes >= size) {
      const tenths = roundUp ? Math.ceil((bytes / size) * 10) : Math.round((bytes / size) * 10);
      return `${(tenths / 10).toLocaleString('en-CA')} ${unit}`;
    }
  }
  return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
}

/** A file refused before reading because of its size on disk. */
export function documentTooLargeDetail(size: number, limit: number): string {
  return `file is ${formatByteSize(size, true)}, over the ${formatByteSize(limit)} limit for one document`;
}
