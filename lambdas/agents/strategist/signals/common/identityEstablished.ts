/** Whether the file establishes who the applicant is: name, date of birth and citizenship, each quoted. */
import { distinctEvidence, factEvidence } from '../../text/evidenceQuotes';
import type { SignalFinder } from '../signal';
import { noEvidence } from '../signal';

export const identityEstablished: SignalFinder = (file) => {
  const { applicantName, dateOfBirth, citizenship } = file.profile;
  const found = [
    ['name', applicantName],
    ['date of birth', dateOfBirth],
    ['citizenship', citizenship],
  ].filter(([, fact]) => fact !== undefined) as Array<[string, NonNullable<typeof applicantName>]>;
  if (!found.length) return noEvidence('Neither the applicant\'s name, date of birth nor citizenship could be read from the file.');
  const evidence = distinctEvidence(found.map(([, fact]) => factEvidence(fact)), 3);
  return {
    rating: found.length === 3 ? 'strong' : found.length === 2 ? 'adequate' : 'weak',
    finding: `The file states the applicant's ${found.map(([label]) => label).join(', ')}.`,
    evidence,
  };
};
