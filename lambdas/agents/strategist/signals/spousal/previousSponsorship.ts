/**
 * Previous sponsorships and their timing, from the case-fact model. A sponsor who was sponsored as a
 * spouse less than five years ago (IRPR 130(3)), or whose undertaking for a former spouse is still
 * running (three years from that spouse's landing, IRPR 132(1)(b)(i) and 117(9)(b)), cannot sponsor a
 * new spouse. The model holds the sponsor's own landing as a sponsored partner
 * (`landed-as-sponsored-partner`), the `previous-sponsorship` answers and the undertakings' rows, and
 * the landing of the person sponsored before (`sponsored-person-landed`), which dates the end of the
 * undertaking. A disclosed sponsorship whose three years ended before this one is no bar.
 *
 * Still read from the text, because the model holds no fact for them: a "No" to the form's "were you
 * yourself sponsored as a spouse" question and "Previous undertakings in effect: None" (a landing
 * that did not happen is no event), and a sponsor's own sentence "I became a permanent resident …
 * after being sponsored by my former wife", which the reader takes for the former wife's landing.
 */
import type { Evidence } from '../../../../contracts/intakeOutput';
import type { FactDate, TimelineEvent } from '../../../../contracts/caseFacts';
import { asDate, declarationsOf, eventsOf, factsOf, type FactTime } from '../../facts/fileFacts';
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
const UNDERTAKING_MONTHS = 36;
/** The officer's documents restate the sponsor's history; the sponsor's own answers are what is rated. */
const OFFICER_DOCUMENTS = ['refusal-letter', 'gcms-notes'] as const;

/**
 * The day this sponsorship is measured on: the latest dated application of the applicant or sponsor,
 * else the latest day the sponsor signed a declaration, else the assessment day.
 */
function statedFilingDay(file: CaseFile): FactTime | undefined {
  const facts = factsOf(file);
  const applied = facts.timeline.filter((e) => e.kind === 'application' && (e.person === 'applicant' || e.person === 'sponsor') && e.date).map((e) => e.date!);
  const signed = facts.declarations.filter((d) => d.person === 'sponsor' && d.signed).map((d) => d.signed!);
  const latest = (dates: FactDate[]) => dates.map(asDate).sort((a, b) => b.time - a.time)[0];
  return latest(applied) ?? latest(signed);
}

function filingDay(file: CaseFile): FactTime {
  const stated = statedFilingDay(file);
  return stated ?? ({ ...dayOf(file.assessedOn), iso: file.assessedOn.toISOString().slice(0, 10), precision: 'day' } as FactTime);
}

/** Five years from the sponsor's own landing as a sponsored partner. */
function fiveYears(became: Pick<FactTime, 'time'>, filed: Pick<FactTime, 'time'>, evidence: Evidence[]): Signal {
  const months = monthsBetween(became, filed);
  if (months < FIVE_YEARS_IN_MONTHS) {
    return { rating: 'adverse', finding: `The sponsor became a permanent resident as a sponsored spouse ${months} months before this sponsorship, under the five years required.`, evidence };
  }
  return { rating: 'adequate', finding: `The sponsor was sponsored as a spouse ${Math.floor(months / 12)} years before this sponsorship, beyond the five-year wait.`, evidence };
}

/** The latest landing of a person the sponsor sponsored before (not the applicant's own landing). */
function formerSpouseLanding(file: CaseFile, own: (e: { evidence: Evidence }) => boolean): TimelineEvent | undefined {
  return eventsOf(file, ['sponsored-person-landed'])
    .filter((e) => e.person !== 'applicant' && e.date && own(e))
    .sort((a, b) => asDate(b.date!).time - asDate(a.date!).time)[0];
}

/** An earlier sponsorship the sponsor discloses: a bar while its undertaking runs, none once it has ended. */
function earlierSponsorship(file: CaseFile, yes: Evidence[], filed: FactTime, own: (e: { evidence: Evidence }) => boolean): Signal {
  const landing = formerSpouseLanding(file, own);
  const answers = `The sponsor answers Yes to ${yes.length === 1 ? 'a question' : `${yes.length} questions`} on earlier spousal sponsorships or undertakings`;
  if (landing && monthsBetween(asDate(landing.date!), filed) >= UNDERTAKING_MONTHS) {
    return {
      rating: 'adequate',
      finding: `The sponsor discloses an earlier spousal sponsorship; the person sponsored became a permanent resident on ${landing.date!.iso}, so its three-year undertaking ended before this sponsorship.`,
      evidence: distinctEvidence([...yes, landing.evidence], 3),
    };
  }
  const running = landing ? `: the person sponsored became a permanent resident on ${landing.date!.iso}, so the three-year undertaking was still running when this one was made` : '';
  return { rating: 'adverse', finding: `${answers}, which can bar this sponsorship${running}.`, evidence: distinctEvidence([...yes, landing?.evidence], 3) };
}

export const previousSponsorship: SignalFinder = (file: CaseFile): Signal => {
  const pages = pagesExcept(file, [...OFFICER_DOCUMENTS]);
  const own = (f: { evidence: Evidence }) => pages.some((p) => p.doc.docId === f.evidence.docId);
  const filed = filingDay(file);

  const declared = declarationsOf(file, 'previous-sponsorship', 'sponsor').filter(own);
  const yes = [...declared.filter((d) => d.answer === 'yes').map((d) => d.evidence), ...eventsOf(file, ['previous-sponsorship']).filter(own).map((e) => e.evidence)];
  const landed = eventsOf(file, ['landed-as-sponsored-partner'], 'sponsor').filter(own);
  if (yes.length) {
    const earlier = earlierSponsorship(file, yes, filed, own);
    if (earlier.rating === 'adverse') return earlier;
    const ownLanding = landed.find((e) => e.date);
    const five = ownLanding && fiveYears(asDate(ownLanding.date!), filed, [ownLanding.evidence]);
    return five?.rating === 'adverse' ? five : earlier;
  }
  const ownLanding = landed.find((e) => e.date);
  // Without an application or a signature dated in the model, the landing's own document is dated by its latest day (its signature line), as below.
  const landingDoc = ownLanding && pages.find((p) => p.doc.docId === ownLanding.evidence.docId)?.doc;
  const filedForLanding = statedFilingDay(file) ?? (landingDoc && latestDate(landingDoc, file.assessedOn)) ?? filed;
  if (ownLanding) return fiveYears(asDate(ownLanding.date!), filedForLanding, distinctEvidence([ownLanding.evidence], 1));
  if (landed.length) {
    return {
      rating: 'adverse',
      finding: 'The sponsor says they were sponsored as a spouse or partner, on a day the file does not give: a new spousal sponsorship waits five years from that landing.',
      evidence: distinctEvidence(landed.map((e) => e.evidence), 2),
    };
  }
  // "I became a permanent resident on 2022-05-10 after being sponsored by my former wife." (see the header)
  for (const s of findStatements(pages, BECAME_PR_AS_SPOUSE).filter((st) => !st.question && !st.negated)) {
    const became = readDates(s.ref.page.text.slice(s.sentenceStart, s.sentenceEnd))[0];
    if (!became) continue;
    const filedHere = latestDate(s.ref.doc, file.assessedOn) ?? dayOf(file.assessedOn);
    return fiveYears(became, filedHere, distinctEvidence([quoteLine(s.ref, s.start, s.end)], 1));
  }

  const wasSponsoredNo = answersAbout(pages, WAS_SPONSORED_QUESTION).filter((a) => a.answer === 'no');
  const modelNo = declared.filter((d) => d.answer === 'no').map((d) => d.evidence);
  // The form's own answer when the model read none (the text's reading of the same line is not quoted twice).
  const undertakingNo = modelNo.length ? [] : answersAbout(pages, PRIOR_UNDERTAKING_QUESTION).filter((a) => a.answer === 'no' && !WAS_SPONSORED_QUESTION.test(a.question));
  const noneInEffect = findStatements(pages, NONE_IN_EFFECT).map((s) => quoteLine(s.ref, s.start, s.end));
  const clean: Array<Evidence | undefined> = [...wasSponsoredNo.map(quoteAnswer), ...modelNo, ...undertakingNo.map(quoteAnswer), ...noneInEffect];
  if (wasSponsoredNo.length && (modelNo.length || undertakingNo.length || noneInEffect.length)) {
    return { rating: 'strong', finding: 'The sponsor declares no earlier sponsorship as a spouse within five years and no earlier spousal undertaking still running.', evidence: distinctEvidence(clean, 3) };
  }
  if (clean.some(Boolean)) {
    return { rating: 'adequate', finding: 'The sponsor answers part of the questions on earlier sponsorships (all No); the rest are not in the file.', evidence: distinctEvidence(clean, 2) };
  }
  return noEvidence('The file does not show the sponsor\'s answers on earlier sponsorships and undertakings.');
};
