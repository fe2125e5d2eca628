/**
 * Each refusal ground checked against the record: findings the applicant's own documents disprove
 * (evidence overlooked or misread) are the strongest ground for judicial review. Two or more are
 * strong, one adequate; grounds that the record does not contradict are weak.
 */
import { distinctEvidence } from '../../text/evidenceQuotes';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';
import { hasGcmsNotes, officerPages, refusalProvisions } from './officerReasons';
import { contradictedFindings } from './recordChecks';

export const refusalGroundsRecord: SignalFinder = (file): Signal => {
  if (!officerPages(file).length) return noEvidence('Neither the refusal letter nor the GCMS notes are in the file, so the grounds cannot be checked against the record.');
  const provisions = refusalProvisions(file);
  const checks = contradictedFindings(file);
  const grounds = provisions.length ? ` The refusal relies on ${provisions.join(', ')}.` : '';
  if (checks.length) {
    return {
      rating: checks.length >= 2 ? 'strong' : 'adequate',
      finding: `${checks.length} of the officer's findings are contradicted by documents in the record: ${checks.map((c) => `${c.officerFinding}, yet ${c.recordShows}`).join('; ')}.${grounds}`,
      evidence: distinctEvidence(checks.flatMap((c) => c.evidence.slice(0, 2)), 4),
      provisions,
    };
  }
  if (!hasGcmsNotes(file)) {
    return { ...noEvidence(`Only the refusal letter is in the file; without the GCMS notes the officer's reasoning cannot be checked against the record.${grounds}`), provisions };
  }
  return { rating: 'weak', finding: `No finding in the officer's notes is contradicted by a document in the record.${grounds}`, evidence: [], provisions };
};
