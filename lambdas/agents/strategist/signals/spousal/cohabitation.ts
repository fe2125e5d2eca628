/**
 * Cohabitation: a lease or tenancy in both names, statements that the couple live or lived together,
 * stays together during visits, or statements that they have never lived together (weak, not
 * adverse: many genuine couples do not live together before marriage).
 */
import { pagesExcept, type CaseFile } from '../../text/caseFile';
import { distinctEvidence, quoteLine } from '../../text/evidenceQuotes';
import { namesAll, partnerNames } from '../../text/people';
import { answersAbout, quoteAnswer } from '../../text/questionAnswers';
import { findStatements, quoteStatement } from '../../text/statements';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';

const TOGETHER = /\b(?:(?:we|I) (?:have )?(?:live|lived|have been living|are living|moved in) together|(?:living|lived|live) together since|cohabit(?:ed|ing|ation)?|share (?:an|a|our) (?:apartment|home|house|flat)|(?:nous )?vivons ensemble|avons vécu ensemble|vie commune|cohabitons|habitons ensemble)\b/i;
const NEVER_TOGETHER = /\b(?:(?:have|has) not (?:yet )?lived together|haven't (?:yet )?lived together|never (?:lived|stayed) together|(?:do|did) not (?:yet )?live together|don't live together|not (?:yet )?(?:living|lived) together|n'avons (?:jamais|pas) (?:vécu|habité) ensemble|ne vivons pas ensemble)\b/i;
const DURING_VISITS = /\b(?:during (?:\p{L}+'s |my |his |her |our )?visits|stayed together|sommes restés ensemble|pendant (?:ses|mes|nos) visites)\b/iu;
const LEASE = /\b(?:lease agreement|tenancy agreement|rental agreement|residential tenancy|joint lease|bail (?:de logement|résidentiel)|contrat de location)\b/i;
const LIVED_TOGETHER_QUESTION = /\b(?:lived together|live together|cohabit|vécu ensemble)\b/i;

export const cohabitation: SignalFinder = (file: CaseFile): Signal => {
  const pages = pagesExcept(file, ['refusal-letter', 'gcms-notes']);
  const names = partnerNames(file.profile);
  // A lease itself (named in its title) is better evidence than a form that mentions one.
  const leases = pages.filter((ref) => LEASE.test(ref.page.text) && namesAll(ref.page.text, names));
  const lease = leases.find((ref) => LEASE.test(ref.page.text.slice(0, 300)) && ref.doc.type !== 'imm-5532') ?? leases[0];
  const leaseEvidence = lease && (() => {
    const m = LEASE.exec(lease.page.text);
    return m ? quoteLine(lease, m.index, m.index + m[0].length) : undefined;
  })();
  const statements = findStatements(pages, TOGETHER).filter((s) => !s.question);
  const together = statements.filter((s) => !s.negated);
  const apart = [...findStatements(pages, NEVER_TOGETHER).filter((s) => !s.question), ...statements.filter((s) => s.negated)];
  const answers = answersAbout(pages, LIVED_TOGETHER_QUESTION);
  const noAnswers = answers.filter((a) => a.answer === 'no');
  const visits = findStatements(pages, DURING_VISITS).filter((s) => !s.question && !s.negated);

  if (leaseEvidence && (together.length || !apart.length)) {
    return { rating: 'strong', finding: 'A lease or tenancy agreement names both partners.', evidence: distinctEvidence([leaseEvidence, ...together.map(quoteStatement)], 3) };
  }
  if ((apart.length || noAnswers.length) && !together.length) {
    return {
      rating: 'weak',
      finding: 'The partners state that they have not lived together.',
      evidence: distinctEvidence([...apart.map(quoteStatement), ...noAnswers.map(quoteAnswer)], 3),
    };
  }
  if (together.length && (apart.length || noAnswers.length)) {
    return {
      rating: 'weak',
      finding: 'The documents disagree on whether the partners have lived together.',
      evidence: distinctEvidence([...together.map(quoteStatement), ...apart.map(quoteStatement), ...noAnswers.map(quoteAnswer)], 4),
    };
  }
  if (together.length) {
    return { rating: 'adequate', finding: 'The partners state that they live or lived together; no lease or shared-address document corroborates it.', evidence: distinctEvidence(together.map(quoteStatement), 2) };
  }
  if (visits.length) {
    return { rating: 'adequate', finding: 'The partners stayed together during visits; they have not yet set up a shared home.', evidence: distinctEvidence(visits.map(quoteStatement), 2) };
  }
  return noEvidence('Nothing in the file says whether the partners live or have lived together.');
};
