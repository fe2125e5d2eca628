/**
 * Family involvement in the wedding: guests, relatives who attended or travelled, witnesses, and
 * wedding records (photographs, invoices). Statements that the families did not attend or did not
 * know are weak.
 */
import { hasDocument, pagesExcept, type CaseFile } from '../../text/caseFile';
import { distinctEvidence } from '../../text/evidenceQuotes';
import { findStatements, quoteStatement } from '../../text/statements';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';

const GUESTS = /\b(\d{1,4})\s+(?:guests|invités|people attended|personnes (?:ont assisté|présentes))\b/i;
const FAMILY_ATTENDED = /\b(?:mother|father|parents|family|families|sisters?|brothers?|relatives|mothers|mère|père|parents|famille|familles)\b[^.\n]{0,90}?\b(?:attend(?:ed)?|travel(?:l)?ed|were present|was present|witness(?:ed|es)?|assisté|présents?|ont fait le voyage)\b/i;
const FAMILY_ABSENT = /\b(?:no (?:family|relatives|guests)(?: members?)? (?:attended|were present|was present)|(?:my|his|her|our|their) (?:parents|family|families|relatives) (?:did not|didn't|could not|were unable to|do not|don't) (?:attend|come|know)|only (?:the two of us|two witnesses)|(?:parents|family) (?:are|were) not aware|aucun membre de (?:la|ma|sa|notre) famille|(?:nos|mes|ses) familles? n'(?:ont|a) pas (?:assisté|été informée?s?))\b/i;

export const weddingFamily: SignalFinder = (file: CaseFile): Signal => {
  const pages = pagesExcept(file, ['refusal-letter', 'gcms-notes']);
  const absent = findStatements(pages, FAMILY_ABSENT).filter((s) => !s.question);
  const attended = findStatements(pages, FAMILY_ATTENDED).filter((s) => !s.question && !s.negated && !FAMILY_ABSENT.test(s.sentence));
  const guests = findStatements(pages, GUESTS).filter((s) => !s.question && !s.negated);
  const guestCount = Math.max(0, ...guests.map((s) => Number(GUESTS.exec(s.matched)?.[1] ?? 0)));
  const records = hasDocument(file, ['wedding-evidence', 'relationship-photos']);

  if (absent.length) {
    return { rating: 'weak', finding: 'The documents say that the families did not attend the wedding or did not know of it.', evidence: distinctEvidence(absent.map(quoteStatement), 2) };
  }
  const evidence = distinctEvidence([...attended.slice(0, 1), ...guests.slice(0, 1)].map(quoteStatement), 2);
  const finding = `${attended.length ? 'Family members attended or travelled to the wedding' : 'No family attendance is described'}${guestCount ? `; ${guestCount} guests` : ''}${records ? '; wedding records are in the file' : ''}.`;
  if (attended.length && (guestCount >= 20 || records)) return { rating: 'strong', finding, evidence };
  if (attended.length || guestCount || records) return { rating: 'adequate', finding, evidence };
  return noEvidence('Nothing in the file describes the wedding or who attended it.');
};
