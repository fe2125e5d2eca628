/**
 * LMIA or exemption: a positive LMIA naming the worker, with the same LMIA number in the offer and
 * forms, is strong; a number cited without the confirmation letter, or the exemption the application
 * relies on (the case-fact model's `lmia-exempt:<basis>` sub-kind), is adequate; a negative LMIA or
 * two different LMIA numbers are adverse. Whether the letter is in the file is the documents' type,
 * the same the checklist reads, so the two never disagree. The LMIA's decision and number have no
 * fact kind and are read from the text.
 */
import type { Evidence } from '../../../../contracts/intakeOutput';
import { factsOf } from '../../facts/fileFacts';
import { documentsOf, pagesExcept, pagesOf, type CaseFile } from '../../text/caseFile';
import { distinctEvidence, quoteLine } from '../../text/evidenceQuotes';
import { namesAll, partnerNames } from '../../text/people';
import { findStatements, quoteStatement } from '../../text/statements';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';

const LMIA_NUMBER = /\b(?:LMIA|labour market impact assessment|EIMT)(?: number| no\.?| #)?(?: \(system file number\))?\s*(?::|is|number)?\s*([A-Z]?\d{6,10})\b/gi;
const POSITIVE = /\bDecision\s*:\s*POSITIVE\b|\bpositive (?:labour market impact assessment|LMIA)\b|\bEIMT favorable\b/i;
const NEGATIVE = /\bDecision\s*:\s*NEGATIVE\b|\bnegative (?:labour market impact assessment|LMIA)\b|\bEIMT défavorable\b/i;
const EXEMPT = 'lmia-exempt:';

export const lmiaOrExemption: SignalFinder = (file: CaseFile): Signal => {
  const lmiaPages = pagesOf(file, ['lmia']);
  const negative = findStatements(lmiaPages, NEGATIVE).filter((s) => !s.question);
  if (negative.length) return { rating: 'adverse', finding: 'The LMIA in the file is negative.', evidence: distinctEvidence(negative.map(quoteStatement), 1) };

  const numbers: Array<{ number: string; evidence?: Evidence }> = [];
  for (const ref of pagesExcept(file, ['refusal-letter', 'gcms-notes'])) {
    for (const m of ref.page.text.matchAll(LMIA_NUMBER)) {
      const start = m.index ?? 0;
      numbers.push({ number: m[1], evidence: quoteLine(ref, start, start + m[0].length) });
    }
  }
  const distinct = [...new Set(numbers.map((n) => n.number))];
  if (distinct.length >= 2) {
    const [a, b] = distinct.map((d) => numbers.find((n) => n.number === d)!);
    return { rating: 'adverse', finding: `Two different LMIA numbers appear in the file (${a.number} and ${b.number}).`, evidence: distinctEvidence([a.evidence, b.evidence], 2) };
  }
  const positive = findStatements(lmiaPages, POSITIVE).filter((s) => !s.question && !s.negated);
  if (positive.length) {
    const named = lmiaPages.some((ref) => namesAll(ref.page.text, partnerNames(file.profile).slice(0, 1)));
    const agreeing = numbers.length >= 2;
    const evidence = distinctEvidence([quoteStatement(positive[0]), ...numbers.map((n) => n.evidence)], 3);
    return {
      rating: named && agreeing ? 'strong' : 'adequate',
      finding: `A positive LMIA is in the file${named ? ' and names the worker' : ''}${agreeing ? `; its number (${distinct[0]}) matches the offer and forms` : ''}.`,
      evidence,
    };
  }
  if (documentsOf(file, ['lmia']).length) {
    return { rating: 'adequate', finding: 'An LMIA document is in the file, but its decision could not be read as positive; check the confirmation letter.', evidence: distinctEvidence(numbers.map((n) => n.evidence), 2) };
  }
  if (numbers.length) return { rating: 'adequate', finding: `An LMIA number (${distinct[0]}) is cited, but no LMIA confirmation letter is among the documents.`, evidence: distinctEvidence(numbers.map((n) => n.evidence), 2) };
  const { application } = factsOf(file);
  const bases = application.subKinds.filter((k) => k.startsWith(EXEMPT)).map((k) => k.slice(EXEMPT.length).replace(/-/g, ' '));
  if (bases.length) return { rating: 'adequate', finding: `The application relies on an LMIA exemption (${bases.join(', ')}).`, evidence: distinctEvidence(application.evidence, 2) };
  return noEvidence('Neither an LMIA nor an LMIA exemption is shown.');
};
