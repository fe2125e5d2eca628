/**
 * Children of the relationship: a child together or a pregnancy is strong; a clear statement that
 * the couple has no children together is neutral (adequate: it is not held against them).
 */
import { pagesExcept, type CaseFile } from '../../text/caseFile';
import { distinctEvidence } from '../../text/evidenceQuotes';
import { answersAbout, quoteAnswer } from '../../text/questionAnswers';
import { findStatements, quoteStatement } from '../../text/statements';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';

const CHILD_TOGETHER = /\b(?:our (?:son|daughter|child|children|baby|twins)|(?:a |one |two |three )?(?:child|children|son|daughter) together|(?:is|am) (?:currently )?(?:\d+ (?:weeks|months) )?pregnant|expecting (?:our|a) (?:first |second )?(?:baby|child)|notre (?:fils|fille|enfant|bébé)|nos enfants|enceinte)\b/i;
const NO_CHILDREN = /\b(?:no children together|(?:do|does) not have (?:any )?children together|don't have (?:any )?children together|pas d'enfants ensemble|aucun enfant ensemble)\b/i;
const CHILD_QUESTION = /\b(?:children|child|enfants?)\b.*\btogether\b|\btogether\b.*\b(?:children|child)\b|\benfants? ensemble\b/i;

export const children: SignalFinder = (file: CaseFile): Signal => {
  const pages = pagesExcept(file, ['refusal-letter', 'gcms-notes']);
  const answers = answersAbout(pages, CHILD_QUESTION);
  const yes = [...findStatements(pages, CHILD_TOGETHER).filter((s) => !s.question && !s.negated).map(quoteStatement), ...answers.filter((a) => a.answer === 'yes').map(quoteAnswer)];
  if (yes.some(Boolean)) return { rating: 'strong', finding: 'The couple has a child together or is expecting one.', evidence: distinctEvidence(yes, 2) };
  const none = [...answers.filter((a) => a.answer === 'no').map(quoteAnswer), ...findStatements(pages, NO_CHILDREN).filter((s) => !s.question).map(quoteStatement)];
  if (none.some(Boolean)) {
    return { rating: 'adequate', finding: 'The couple states that they have no children together; this is neutral and is not held against the relationship.', evidence: distinctEvidence(none, 2) };
  }
  return noEvidence('The file does not say whether the couple has children together.');
};
