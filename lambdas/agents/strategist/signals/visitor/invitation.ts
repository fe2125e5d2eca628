/** The invitation: a host who states their status in Canada, address, relationship and the arrangements. */
import { pagesOf, type CaseFile } from '../../text/caseFile';
import { distinctEvidence } from '../../text/evidenceQuotes';
import { findStatements, quoteStatement } from '../../text/statements';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';

const PARTS: Array<[string, RegExp]> = [
  ['the host\'s status in Canada', /\b(?:Canadian citizen|permanent resident|citoyen(?:ne)? canadien(?:ne)?|résident(?:e)? permanent(?:e)?)\b/i],
  ['accommodation', /\b(?:stay with (?:us|me)|will stay (?:with|in) (?:us|our|my)|guest (?:bed)?room|accommodation|hébergement|logera chez)\b/i],
  ['the relationship to the applicant', /\b(?:my (?:younger |older |elder )?(?:sister|brother|mother|father|friend|cousin|aunt|uncle|niece|nephew|daughter|son|colleague)|ma (?:sœur|mère|cousine|tante|fille|amie)|mon (?:frère|père|cousin|oncle|fils|ami))\b/i],
  ['supporting documents of the host', /\b(?:enclosed|attached|ci-joint|ci-jointe)\b/i],
];

export const invitation: SignalFinder = (file: CaseFile): Signal => {
  const pages = pagesOf(file, ['invitation-letter']);
  if (!pages.length) return noEvidence('No invitation letter is in the file.');
  const found = PARTS.map(([name, pattern]) => ({ name, s: findStatements(pages, pattern).find((st) => !st.question && !st.negated) })).filter((p) => p.s);
  const finding = `An invitation letter is in the file; it states ${found.length ? found.map((p) => p.name).join(', ') : 'none of the host\'s status, accommodation, relationship or documents'}.`;
  const evidence = distinctEvidence(found.map((p) => p.s && quoteStatement(p.s)), 3);
  return { rating: found.length >= 3 ? 'strong' : 'adequate', finding, evidence };
};
