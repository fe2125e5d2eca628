/**
 * Reasons measured against the reasonableness standard (Vavilov, 2019 SCC 65): reasons must engage
 * with the central evidence and follow a rational chain. Counted here: speculative findings,
 * discounting a purpose the record corroborates with a dated event, weighing the trip's cost against
 * an income the record shows to be ample, and boilerplate with no analysis.
 */
import type { Evidence } from '../../../../contracts/intakeOutput';
import { readTransactions } from '../../text/bankTransactions';
import { readDates } from '../../../../core/text/dates';
import { distinctEvidence } from '../../text/evidenceQuotes';
import { findStatements, quoteStatement } from '../../text/statements';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';
import { hasGcmsNotes, officerPages, recordPages } from './officerReasons';

const SPECULATION = /\b(?:raises? concerns? that|may have been|might have|could have been|appears? to have been|it is (?:possible|likely) that|presumably)\b/i;
const PURPOSE_DISCOUNTED = /\bpurpose of (?:the )?(?:visit|trip|travel) (?:is )?(?:not compelling|unclear|not (?:credible|established|convincing))/i;
const DATED_EVENT = /\b(?:wedding|baptism|baptised|christening|funeral|graduation|conference|ceremony|birth of (?:a|my|her|his|our|their)|mariage|baptême)\b/i;
const COST_AGAINST_INCOME = /\bcost of the (?:trip|visit|travel) (?:is )?(?:significant|high|excessive) relative to\b/i;
const INCOME = /\b(?:salary|payroll|salaire)\b/i;
const BOILERPLATE = /\b(?:I have (?:reviewed|considered) all the information|weighed the factors)\b/i;
const SHORT_NOTES_WORDS = 80;

export const reasonsReasonableness: SignalFinder = (file): Signal => {
  const officer = officerPages(file);
  if (!officer.length || !hasGcmsNotes(file)) return noEvidence('The GCMS notes are not in the file, so the reasons cannot be read against the reasonableness standard.');
  const issues: Array<{ what: string; evidence: Array<Evidence | undefined> }> = [];
  const speculative = findStatements(officer, SPECULATION).filter((s) => !s.question && !s.negated);
  if (speculative.length) issues.push({ what: 'a finding rests on speculation', evidence: [quoteStatement(speculative[0])] });
  const discounted = findStatements(officer, PURPOSE_DISCOUNTED).find((s) => !s.question);
  const event = discounted && findStatements(recordPages(file), DATED_EVENT).find((s) => !s.question && !s.negated && readDates(s.sentence).length > 0);
  if (discounted && event) issues.push({ what: 'the purpose of the visit is discounted although the record ties it to a dated event', evidence: [quoteStatement(discounted), quoteStatement(event)] });
  const cost = findStatements(officer, COST_AGAINST_INCOME).find((s) => !s.question);
  const salaries = readTransactions(file).filter((t) => t.kind === 'credit' && INCOME.test(t.description));
  if (cost && salaries.length >= 2) issues.push({ what: 'the cost of the trip is weighed against an income the statements show to be regular', evidence: [quoteStatement(cost)] });
  const notesWords = officer.filter((r) => r.doc.type === 'gcms-notes').map((r) => r.page.text.split(/\s+/).length).reduce((a, b) => a + b, 0);
  const boilerplate = findStatements(officer, BOILERPLATE).find((s) => !s.question);
  if (notesWords < SHORT_NOTES_WORDS && boilerplate) issues.push({ what: 'the notes state a conclusion with little analysis', evidence: [quoteStatement(boilerplate)] });

  const evidence = distinctEvidence(issues.flatMap((i) => i.evidence), 4);
  if (!issues.length) return { rating: 'weak', finding: 'The officer\'s reasons engage with the evidence; no gap in their justification was found.', evidence: [] };
  return {
    rating: issues.length >= 2 ? 'strong' : 'adequate',
    finding: `The reasons show ${issues.length} weakness(es) under the reasonableness standard: ${issues.map((i) => i.what).join('; ')}.`,
    evidence,
  };
};
