/** The wording of `too-large` status details: byte sizes, and which safety limit a document broke. */
import type { ZipLimitName } from './archive/boundedZip';
import { formatByteSize } from '../../../core/audit/documentLimits';

export { documentTooLargeDetail, formatByteSize } from '../../../core/audit/documentLimits';

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
