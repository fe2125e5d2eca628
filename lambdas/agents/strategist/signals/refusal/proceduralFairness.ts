/**
 * Procedural fairness: concerns about credibility or genuineness (as opposed to the sufficiency of
 * the evidence) ought to be put to the applicant before a refusal. Such a concern with no fairness
 * letter or interview is strong; one that was put to the applicant, who did not answer, is adverse.
 * Whether a fairness letter was sent is the case-fact model's officer finding; the concern itself,
 * an interview and an unanswered letter have no fact kind and are read from the notes.
 */
import { factsOf } from '../../facts/fileFacts';
import { distinctEvidence } from '../../text/evidenceQuotes';
import { findStatements, quoteStatement } from '../../text/statements';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';
import { hasGcmsNotes, officerPages } from './officerReasons';

const CREDIBILITY = /\b(?:credib\w*|genuine(?:ness)?|not genuine|fraud\w*|misrepresent\w*|parked|fabricat\w*|suspicious|veracity|authenticity|bona fides|concerns? that|doubts? (?:that|about))\b/i;
const OPPORTUNITY = /\b(?:interview(?:ed)?|opportunity to respond|invited to (?:respond|provide)|response (?:was )?received|entrevue)\b/i;
const NO_RESPONSE = /\b(?:no response (?:was )?received|did not respond|failed to respond|aucune réponse)\b/i;

export const proceduralFairness: SignalFinder = (file): Signal => {
  const pages = officerPages(file);
  if (!pages.length || !hasGcmsNotes(file)) return noEvidence('Without the GCMS notes, whether concerns were put to the applicant before the refusal cannot be told.');
  const unanswered = findStatements(pages, NO_RESPONSE).filter((s) => !s.question);
  if (unanswered.length) return { rating: 'adverse', finding: 'The officer raised concerns with the applicant, who did not respond before the decision.', evidence: distinctEvidence(unanswered.map(quoteStatement), 2) };
  const concerns = findStatements(pages, CREDIBILITY).filter((s) => !s.question && !s.negated);
  const letters = factsOf(file).officerFindings.filter((f) => f.kind === 'fairness-letter-sent');
  const opportunity = [...letters.map((f) => f.evidence), ...findStatements(pages, OPPORTUNITY).filter((s) => !s.question && !s.negated).map(quoteStatement)];
  if (concerns.length && !opportunity.length) {
    return { rating: 'strong', finding: 'The officer relied on a concern about credibility or genuineness without putting it to the applicant (no fairness letter or interview is recorded).', evidence: distinctEvidence(concerns.map(quoteStatement), 2) };
  }
  if (concerns.length) return { rating: 'weak', finding: 'The officer\'s concerns were put to the applicant before the decision.', evidence: distinctEvidence([...concerns.map(quoteStatement), ...opportunity], 2) };
  return { rating: 'weak', finding: 'The refusal rests on the sufficiency of the evidence, for which the duty of fairness on a temporary application is low.', evidence: [] };
};
