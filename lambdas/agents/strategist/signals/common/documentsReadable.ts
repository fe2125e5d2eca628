/** How much of the file could be read at all: an audit of unread documents rests on what is left. */
import type { SignalFinder } from '../signal';
import { noEvidence } from '../signal';

export const documentsReadable: SignalFinder = (file) => {
  const read = file.documents.length;
  const total = read + file.unread.length;
  if (total === 0) return noEvidence('The file holds no documents.');
  const share = read / total;
  const finding = `${read} of ${total} documents could be read${file.unread.length ? `; ${file.unread.length} could not (${[...new Set(file.unread.map((u) => u.status))].join(', ')})` : ''}.`;
  if (read === 0) return noEvidence(finding);
  return { rating: share === 1 ? 'strong' : share >= 0.75 ? 'adequate' : 'weak', finding, evidence: [] };
};
