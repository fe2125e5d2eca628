/**
 * Signals that a marriage may have been entered into primarily for status, or is not genuine (IRPR
 * 4(1)): a partner's own admission that it was, a short time between meeting and marriage, no shared
 * language, money paid for the marriage, and an earlier refusal on the same ground. An admission is
 * adverse on its own and is never read as proof of a genuine relationship; otherwise one signal is
 * weak, two (or an earlier bad-faith refusal) adverse. With a relationship record in the file and
 * none of them, the factor is strong. Dates, admissions and the officer's grounds come from the
 * case-fact model; a shared language and money paid for the marriage have no fact kind and are read
 * from the text.
 */
import type { Evidence } from '../../../../contracts/intakeOutput';
import { declarationsOf, eventsOf, evidenceOf, factsOf } from '../../facts/fileFacts';
import { hasDocument, pagesExcept, type CaseFile } from '../../text/caseFile';
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
/** A refusal ground (a provision or a topic) on the bad-faith bar. */
const BAD_FAITH_GROUND = /^(?:IRPR 4\(1\)|IRPR 4\(1\)\([ab]\)|genuineness)$/;
const BAD_FAITH_DETAIL = /\b4\(1\)|genuine|bad faith|mauvaise foi|authenti/i;
const THE_COUPLE = ['applicant', 'sponsor', 'spouse-or-partner'];

/** A partner's own statement that the relationship was entered into for status. */
function admissions(file: CaseFile) {
  return declarationsOf(file, 'relationship-for-status').filter((d) => d.answer === 'yes' && THE_COUPLE.includes(d.person));
}

/** An earlier refusal on the bad-faith ground: the officer's grounds, or a refusal event that names it. */
function badFaithRefusals(file: CaseFile) {
  return [
    ...factsOf(file).officerFindings.filter((f) => f.kind === 'ground' && BAD_FAITH_GROUND.test(f.subject)),
    ...eventsOf(file, ['refusal']).filter((e) => THE_COUPLE.includes(e.person) && BAD_FAITH_DETAIL.test(e.detail ?? '')),
  ];
}

export const convenienceSignals: SignalFinder = (file: CaseFile): Signal => {
  const admitted = admissions(file);
  if (admitted.length) {
    return {
      rating: 'adverse',
      finding: 'A partner states that the marriage or relationship was entered into to obtain status in Canada; that admission engages the bad-faith bar and cannot count as evidence of a genuine relationship.',
      evidence: distinctEvidence(evidenceOf(admitted), 2),
      provisions: ['IRPR 4(1)'],
    };
  }
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
  const refusal = badFaithRefusals(file);
  const refusedBefore = refusal.length > 0;
  if (refusedBefore) signals.push({ what: 'an earlier refusal on the bad-faith ground', evidence: evidenceOf(refusal.slice(0, 1)) });

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
