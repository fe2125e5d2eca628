/**
 * Previous sponsorships and their timing. A sponsor who was sponsored as a spouse less than five
 * years ago, or who has an undertaking for a former spouse still running, cannot sponsor a new
 * spouse; the forms ask both questions. A "Yes" is adverse; a statement of when the sponsor became a
 * permanent resident as a sponsored spouse is measured against five years.
 */
import type { Evidence } from '../../../../contracts/intakeOutput';
import { pagesExcept, type CaseFile } from '../../text/caseFile';
import { latestDate } from '../../text/documentDates';
import { dayOf, readDates, monthsBetween } from '../../../../core/text/dates';
import { distinctEvidence, quoteLine } from '../../text/evidenceQuotes';
import { answersAbout, quoteAnswer } from '../../text/questionAnswers';
import { findStatements } from '../../text/statements';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';

const WAS_SPONSORED_QUESTION = /\bsponsored as a (?:spouse|partner|common-law partner|conjugal partner)\b|\bparrainé(?:e)? en tant qu['e] (?:époux|conjoint)/i;
const PRIOR_UNDERTAKING_QUESTION = /\b(?:previously sponsored|sponsored (?:a|another) (?:spouse|partner)|undertaking|engagement de parrainage)\b/i;
const NONE_IN_EFFECT = /\b(?:previous|prior) undertakings? (?:still )?in effect\s*:?\s*(?:none|no)\b/i;
const BECAME_PR_AS_SPOUSE = /\bbecame a permanent resident\b[^.\n]{0,120}\b(?:sponsored|spous|partner)|\b(?:sponsored|spousal sponsorship)\b[^.\n]{0,120}\bbecame a permanent resident\b/i;
const FIVE_YEARS_IN_MONTHS = 60;

export const previousSponsorship: SignalFinder = (file: CaseFile): Signal => {
  const pages = pagesExcept(file, ['refusal-letter', 'gcms-notes']);
  const wasSponsored = answersAbout(pages, WAS_SPONSORED_QUESTION);
  const undertakings = answersAbout(pages, PRIOR_UNDERTAKING_QUESTION).filter((a) => !wasSponsored.includes(a) && !WAS_SPONSORED_QUESTION.test(a.question));
  const yes = [...wasSponsored, ...undertakings].filter((a) => a.answer === 'yes');
  if (yes.length) {
    return {
      rating: 'adverse',
      finding: `The sponsor answers Yes to ${yes.length === 1 ? 'a question' : `${yes.length} questions`} on earlier spousal sponsorships or undertakings, which can bar this sponsorship.`,
      evidence: distinctEvidence(yes.map(quoteAnswer), 3),
    };
  }
  // "I became a permanent resident on 2022-05-10 after being sponsored by my former wife."
  for (const s of findStatements(pages, BECAME_PR_AS_SPOUSE).filter((st) => !st.question && !st.negated)) {
    const became = readDates(s.ref.page.text.slice(s.sentenceStart, s.sentenceEnd))[0];
    if (!became) continue;
    const filed = latestDate(s.ref.doc, file.assessedOn) ?? dayOf(file.assessedOn);
    const months = monthsBetween(became, filed);
    const evidence = distinctEvidence([quoteLine(s.ref, s.start, s.end)], 1);
    if (months < FIVE_YEARS_IN_MONTHS) {
      return { rating: 'adverse', finding: `The sponsor became a permanent resident as a sponsored spouse ${months} months before this sponsorship, under the five years required.`, evidence };
    }
    return { rating: 'adequate', finding: `The sponsor was sponsored as a spouse ${Math.floor(months / 12)} years before this sponsorship, beyond the five-year wait.`, evidence };
  }
  const no = [...wasSponsored, ...undertakings].filter((a) => a.answer === 'no');
  const noneInEffect = findStatements(pages, NONE_IN_EFFECT).map((s) => quoteLine(s.ref, s.start, s.end));
  const clean: Array<Evidence | undefined> = [...no.map(quoteAnswer), ...noneInEffect];
  if (wasSponsored.some((a) => a.answer === 'no') && (undertakings.some((a) => a.answer === 'no') || noneInEffect.length)) {
    return { rating: 'strong', finding: 'The sponsor declares no earlier sponsorship as a spouse within five years and no earlier spousal undertaking still running.', evidence: distinctEvidence(clean, 3) };
  }
  if (clean.some(Boolean)) {
    return { rating: 'adequate', finding: 'The sponsor answers part of the questions on earlier sponsorships (all No); the rest are not in the file.', evidence: distinctEvidence(clean, 2) };
  }
  return noEvidence('The file does not show the sponsor\'s answers on earlier sponsorships and undertakings.');
};
