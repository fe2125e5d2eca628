/** The wording of `too-large` status details: byte sizes, and which safety limit a document broke. */
import type { ZipLimitName } from './archive/boundedZip';

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

/**
 * An archive that breaks a limit of the bounded ZIP reader, e.g. "DOCX expands beyond the 64 MB
 * safety limit for its text (possible ZIP bomb)". `part` names what one entry holds ("its text").
 */
export function archiveTooLargeDetail(noun: string, limit: ZipLimitName, maximum: number, part = 'one part'): string {
  switch (limit) {
    case 'entries':
      return (
        `${noun} lists more than ${maximum.toLocaleString('en-CA')} entries, ` +
        'beyond the safety limit for one archive (possible ZIP bomb)'
      );
    case 'entry-bytes':
      return `${noun} expands beyond the ${formatByteSize(maximum)} safety limit for ${part} (possible ZIP bomb)`;
    case 'total-bytes':
      return `${noun} expands beyond the ${formatByteSize(maximum)} safety limit for one archive (possible ZIP bomb)`;
  }
}
