/**
 * Cohabitation: a lease or tenancy in both names, a shared home as the case-fact model reads it (a
 * cohabitation that began, in English or French: "we have rented our flat together since 2019",
 * "nous louons notre appartement ensemble depuis six ans"), or statements that the couple have never
 * lived together (weak, not adverse: many genuine couples do not live together before marriage).
 * The fact model records what happened, not what did not, so "never lived together" and stays
 * during visits are still read from the text.
 */
import { evidenceOf, eventsOf } from '../../facts/fileFacts';
import { pagesExcept, type CaseFile } from '../../text/caseFile';
import { distinctEvidence, quoteLine } from '../../text/evidenceQuotes';
import { namesAll, partnerNames } from '../../text/people';
import { answersAbout, quoteAnswer } from '../../text/questionAnswers';
import { findStatements, quoteStatement } from '../../text/statements';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';

const NEVER_TOGETHER = /\b(?:(?:have|has) not (?:yet )?lived together|haven't (?:yet )?lived together|never (?:lived|stayed) together|(?:do|did) not (?:yet )?live together|don't live together|not (?:yet )?(?:living|lived) together|n'avons (?:jamais|pas) (?:vécu|habité) ensemble|ne vivons pas ensemble|n'ont jamais (?:vécu|habité) ensemble)\b/i;
const DURING_VISITS = /\b(?:during (?:\p{L}+'s |my |his |her |our )?visits|stayed together|sommes restés ensemble|pendant (?:ses|mes|nos) visites)\b/iu;
const LEASE = /\b(?:lease agreement|tenancy agreement|rental agreement|residential tenancy|joint lease|bail (?:de logement|résidentiel)|contrat de location)\b/i;
const LIVED_TOGETHER_QUESTION = /\b(?:lived together|live together|cohabit|vécu ensemble|habité ensemble)\b/i;
const OFFICER_DOCS = ['refusal-letter', 'gcms-notes'] as const;

export const cohabitation: SignalFinder = (file: CaseFile): Signal => {
  const pages = pagesExcept(file, OFFICER_DOCS);
  const names = partnerNames(file.profile);
  // A lease itself (named in its title) is better evidence than a form that mentions one.
  const leases = pages.filter((ref) => LEASE.test(ref.page.text) && namesAll(ref.page.text, names));
  const lease = leases.find((ref) => LEASE.test(ref.page.text.slice(0, 300)) && ref.doc.type !== 'imm-5532') ?? leases[0];
  const leaseEvidence = lease && (() => {
    const m = LEASE.exec(lease.page.text);
    return m ? quoteLine(lease, m.index, m.index + m[0].length) : undefined;
  })();
  const own = (docId: string) => pages.some((ref) => ref.doc.docId === docId);
  const together = eventsOf(file, ['cohabitation-start']).filter((e) => e.person !== 'other' && e.person !== 'previous-spouse' && own(e.evidence.docId));
  const apart = findStatements(pages, NEVER_TOGETHER).filter((s) => !s.question);
  const noAnswers = answersAbout(pages, LIVED_TOGETHER_QUESTION).filter((a) => a.answer === 'no');
  const visits = findStatements(pages, DURING_VISITS).filter((s) => !s.question && !s.negated);
  const saidApart = [...apart.map(quoteStatement), ...noAnswers.map(quoteAnswer)];

  if (leaseEvidence && (together.length || !saidApart.length)) {
    return { rating: 'strong', finding: 'A lease or tenancy agreement names both partners.', evidence: distinctEvidence([leaseEvidence, ...evidenceOf(together)], 3) };
  }
  if (saidApart.length && !together.length) {
    return { rating: 'weak', finding: 'The partners state that they have not lived together.', evidence: distinctEvidence(saidApart, 3) };
  }
  if (together.length && saidApart.length) {
    return { rating: 'weak', finding: 'The documents disagree on whether the partners have lived together.', evidence: distinctEvidence([...evidenceOf(together), ...saidApart], 4) };
  }
  if (together.length) {
    const since = together.map((e) => e.date?.iso).filter(Boolean).sort()[0];
    return {
      rating: 'adequate',
      finding: `The partners state that they live or lived together${since ? ` (since ${since})` : ''}; no lease or shared-address document corroborates it.`,
      evidence: distinctEvidence(evidenceOf(together), 2),
    };
  }
  if (visits.length) {
    return { rating: 'adequate', finding: 'The partners stayed together during visits; they have not yet set up a shared home.', evidence: distinctEvidence(visits.map(quoteStatement), 2) };
  }
  return noEvidence('Nothing in the file says whether the partners live or have lived together.');
};
