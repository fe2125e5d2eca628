/**
 * Signals that a marriage may have been entered into primarily for status, or is not genuine: a
 * short time between meeting and marriage, no shared language, money paid for the marriage, and an
 * earlier refusal on the same ground. One signal is weak; two, or an earlier bad-faith refusal, are
 * adverse. With a relationship record in the file and none of them, the factor is strong.
 */
import type { Evidence } from '../../../../contracts/intakeOutput';
import { hasDocument, pagesExcept, pagesOf, type CaseFile } from '../../text/caseFile';
import { monthsBetween } from '../../../../core/text/dates';
import { distinctEvidence } from '../../text/evidenceQuotes';
import { findStatements, quoteStatement } from '../../text/statements';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';
import { earliest, relationshipEvents } from './relationshipDates';

/** Marriage within this many months of the relationship's start is a short courtship. */
const SHORT_COURTSHIP_MONTHS = 6;

const NO_SHARED_LANGUAGE = /\b(?:(?:do not|don't|cannot|can't|does not|doesn't) (?:speak|share|understand) (?:a |the same |each other's |a common |one another's )?(?:language|English|French)|(?:speak|communicate|talk) (?:to each other )?(?:through|via|using|with the help of) (?:an? )?(?:interpreter|translator|translation app|Google Translate)|no (?:common|shared) language|ne parlons pas la même langue|par l'intermédiaire d'un(?:e)? (?:interprète|traducteur)|application de traduction)\b/i;
const MONEY_FOR_MARRIAGE = /\b(?:paid|pay|payment of|fee of|fees? (?:to|for))\b[^.\n]{0,60}\b(?:to (?:marry|arrange the marriage|find (?:a|my) (?:wife|husband|spouse))|for (?:the|this|our) (?:marriage|sponsorship) (?:arrangement|deal)|(?:marriage|matchmaking) (?:broker|agency|agent))|\b(?:marriage|matchmaking) (?:broker|agency|agent)\b[^.\n]{0,60}\b(?:paid|fee|payment)\b|\bpayé[^.\n]{0,50}pour (?:le mariage|épouser|organiser le mariage)\b/i;
const BAD_FAITH_REFUSAL = /\b(?:4\(1\)|bad faith|not genuine|primarily for the purpose of acquiring|entered into primarily|marriage of convenience|mariage de complaisance|mauvaise foi|pas authentique)/i;

export const convenienceSignals: SignalFinder = (file: CaseFile): Signal => {
  const own = pagesExcept(file, ['refusal-letter', 'gcms-notes']);
  const signals: Array<{ what: string; evidence: Array<Evidence | undefined> }> = [];

  const events = relationshipEvents(file);
  const start = earliest(events, 'relationship-start') ?? earliest(events, 'first-in-person');
  const marriage = earliest(events, 'marriage');
  if (start && marriage) {
    const months = monthsBetween(start.date, marriage.date);
    if (months >= 0 && months < SHORT_COURTSHIP_MONTHS) {
      signals.push({ what: `marriage ${months} month(s) after the relationship began`, evidence: [start.evidence, marriage.evidence] });
    }
  }
  const language = findStatements(own, NO_SHARED_LANGUAGE).filter((s) => !s.question);
  if (language.length) signals.push({ what: 'no shared language', evidence: language.slice(0, 1).map(quoteStatement) });
  const money = findStatements(own, MONEY_FOR_MARRIAGE).filter((s) => !s.question && !s.negated);
  if (money.length) signals.push({ what: 'money paid in connection with the marriage', evidence: money.slice(0, 1).map(quoteStatement) });
  const refusal = findStatements(pagesOf(file, ['refusal-letter', 'gcms-notes']), BAD_FAITH_REFUSAL).filter((s) => !s.question);
  const refusedBefore = refusal.length > 0;
  if (refusedBefore) signals.push({ what: 'an earlier refusal on the bad-faith ground', evidence: refusal.slice(0, 1).map(quoteStatement) });

  const evidence = distinctEvidence(signals.flatMap((s) => s.evidence), 4);
  if (signals.length >= 2 || (refusedBefore && evidence.length)) {
    return { rating: evidence.length ? 'adverse' : 'weak', finding: `Signals that the marriage may not be genuine or was entered into for status: ${signals.map((s) => s.what).join('; ')}.`, evidence };
  }
  if (signals.length === 1) return { rating: 'weak', finding: `One signal an officer may read against the marriage: ${signals[0].what}.`, evidence };
  if ((start && marriage) || hasDocument(file, ['imm-5532'])) {
    return { rating: 'strong', finding: 'None of the usual signals of a marriage entered into for status (short courtship, no shared language, money paid, earlier bad-faith refusal) appears in the file.', evidence: distinctEvidence([start?.evidence, marriage?.evidence], 2) };
  }
  return noEvidence('Without a relationship questionnaire or dated account of the relationship, the file cannot be checked for these signals.');
};
