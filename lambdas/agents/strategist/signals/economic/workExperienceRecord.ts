/**
 * How well the file documents the work experience an economic class is assessed on: periods read
 * from employers' letters with their dates, hours and occupation code (NOC) rate strong; letters
 * that leave the hours or the code out, adequate; work told only in the applicant's own words, weak.
 * Whether the experience reaches the class's minimum is the legal rules' question
 * (lambdas/law/expressEntry/), decided there, not weighed here.
 */
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';

const HOURS = /\bhours per week\b|\bfull-time\b/;
const NOC = /\bNOC \d{5}\b/;

export const workExperienceRecord: SignalFinder = (file): Signal => {
  const facts = file.facts;
  if (!facts) return noEvidence('The file was read without its case facts, so its work periods are not known.');
  const letters = new Set(file.documents.filter((d) => d.type === 'employment-letter').map((d) => d.docId));
  const periods = facts.timeline.filter((e) => e.kind === 'employment' && e.person === 'applicant' && e.date);
  if (periods.length === 0) return noEvidence('No dated period of work was read from the file.');
  const fromLetters = periods.filter((p) => letters.has(p.evidence.docId));
  const complete = fromLetters.filter((p) => HOURS.test(p.detail ?? '') && NOC.test(p.detail ?? ''));
  const evidence = (complete.length ? complete : fromLetters.length ? fromLetters : periods).slice(0, 3).map((p) => p.evidence);
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  if (complete.length) {
    return { rating: 'strong', finding: `${count(complete.length, 'period')} of work from employers' letters with dates, hours and occupation code.`, evidence };
  }
  if (fromLetters.length) {
    return { rating: 'adequate', finding: `${count(fromLetters.length, 'period')} of work from employers' letters, without the hours per week or the occupation code.`, evidence };
  }
  return { rating: 'weak', finding: `${count(periods.length, 'period')} of work told only outside employers' letters.`, evidence };
};
