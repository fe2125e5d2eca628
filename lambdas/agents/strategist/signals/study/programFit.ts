/**
 * Program fit: an acceptance letter from a designated learning institution, unconditional
 * admission, and a language test result that meets the program's requirement.
 */
import { pagesOf, type CaseFile } from '../../text/caseFile';
import { distinctEvidence } from '../../text/evidenceQuotes';
import { findStatements, quoteStatement } from '../../text/statements';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';

// The DLI number ("EED" in French) is printed on the letter and asked on the study-permit form.
const DLI = /\b(?:DLI|designated learning institution|EED|établissement d'enseignement désigné)\b[^\n]{0,50}?\b[A-Z]\d{9,12}\b/i;
const CONDITIONAL = /(?<!un)\bconditional (?:offer|admission|acceptance|letter)|\bsubject to (?:completing|the successful completion|successful completion|meeting)|\bconditions of admission\s*:\s*(?!none\b)\w|\badmission conditionnelle\b/i;
const UNCONDITIONAL = /\bunconditional(?:ly)? (?:offer|admission|acceptance|admitted|accepted)?|\bconditions of admission\s*:\s*none\b|\badmission (?:sans condition|inconditionnelle)\b/i;
const LANGUAGE_TEST = /\b(?:IELTS|TOEFL|CELPIP|PTE(?: Academic)?|Duolingo English Test|TEF|TCF|DELF|DALF)\b[^\n]{0,60}?\d/;

export const programFit: SignalFinder = (file: CaseFile): Signal => {
  const letters = pagesOf(file, ['letter-of-acceptance']);
  if (!letters.length) return noEvidence('No letter of acceptance is in the file.');
  const dli = findStatements(pagesOf(file, ['letter-of-acceptance', 'imm-1294']), DLI).filter((s) => !s.question);
  const conditional = findStatements(letters, CONDITIONAL).filter((s) => !s.question && !s.negated);
  const unconditional = findStatements(letters, UNCONDITIONAL).filter((s) => !s.question && !s.negated);
  const language = findStatements(pagesOf(file), LANGUAGE_TEST).filter((s) => !s.question && !s.negated);
  const evidence = distinctEvidence([...dli.slice(0, 1), ...(conditional.length ? conditional : unconditional).slice(0, 1), ...language.slice(0, 1)].map(quoteStatement), 3);
  const finding = `A letter of acceptance is in the file${dli.length ? ' with a DLI number' : ' without a readable DLI number'}; admission is ${conditional.length ? 'conditional' : unconditional.length ? 'unconditional' : 'not stated as conditional or not'}${language.length ? '; a language test result is given' : '; no language test result is given'}.`;
  if (conditional.length) return { rating: 'weak', finding, evidence };
  if (dli.length && unconditional.length && language.length) return { rating: 'strong', finding, evidence };
  return { rating: 'adequate', finding, evidence };
};
