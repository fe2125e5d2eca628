/**
 * Ties to the home country, the heart of "will leave Canada by the end of the authorized stay":
 * work there, family there, property there, a plan to return; against them, a stated plan to settle
 * in Canada, no work at home, close family in Canada, or a refusal that relied on ties. Wanting to
 * immigrate one day is not by itself a bar (dual intent), so it counts only alongside thin ties.
 * The words and phrases of each tie and pull are data: ../lexicons/homeTies.json.
 */
import type { Evidence } from '../../../../contracts/intakeOutput';
import { pagesExcept, pagesOf, type CaseFile } from '../../text/caseFile';
import { distinctEvidence, quoteLine } from '../../text/evidenceQuotes';
import { CANADIAN_PLACE } from '../../text/places';
import { sectionLines } from '../../text/sections';
import { findStatements, quoteStatement, type Statement } from '../../text/statements';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';
import { homeTiesLexicon, type HomeTiesLexicon } from '../lexicons/homeTiesLexicon';

type Tie = 'work at home' | 'family at home' | 'property or assets at home' | 'a plan to return';
type Pull = 'a stated plan to settle in Canada' | 'no current work' | 'close family in Canada' | 'a refusal that relied on ties' | 'a past overstay or removal';

const OFFICER_DOCS = ['refusal-letter', 'gcms-notes'] as const;

/** The phrase list of the lexicon (../lexicons/homeTies.json) that states each tie and pull. */
const TIE_PHRASES: Array<[Tie, keyof HomeTiesLexicon['ties']]> = [
  ['work at home', 'workAtHome'],
  ['family at home', 'familyAtHome'],
  ['property or assets at home', 'propertyAtHome'],
  ['a plan to return', 'planToReturn'],
];
const PULL_PHRASES: Array<[Pull, keyof HomeTiesLexicon['pulls']]> = [
  ['a stated plan to settle in Canada', 'planToSettle'],
  ['no current work', 'noCurrentWork'],
];

function familyInCanada(s: Statement): boolean {
  return CANADIAN_PLACE.test(s.sentence);
}

function firstOf<K extends string>(found: Map<K, Evidence | undefined>, key: K, s: Statement): void {
  if (!found.has(key) || !found.get(key)) found.set(key, quoteStatement(s));
}

export const homeTies: SignalFinder = (file: CaseFile): Signal => {
  const lexicon = homeTiesLexicon();
  const own = pagesExcept(file, OFFICER_DOCS);
  const ties = new Map<Tie, Evidence | undefined>();
  const pulls = new Map<Pull, Evidence | undefined>();

  // A stay beyond the authorised period, or a removal, anywhere: officers weigh past compliance against ties,
  // and the letter that recounts it never counts as a tie.
  const noncompliance = (file.facts?.timeline ?? []).filter((e) => (e.kind === 'overstay' || e.kind === 'removal-order') && e.person === 'applicant');
  if (noncompliance.length) pulls.set('a past overstay or removal', noncompliance[0].evidence);
  const aboutNoncompliance = (s: Statement) => noncompliance.some((e) => e.evidence.docId === s.ref.doc.docId && (e.evidence.quote.includes(s.sentence.trim()) || s.sentence.includes(e.evidence.quote)));
  for (const [tie, phrases] of TIE_PHRASES) {
    for (const s of findStatements(own, lexicon.ties[phrases])) {
      if (s.question || aboutNoncompliance(s)) continue;
      if (tie === 'family at home' && familyInCanada(s)) {
        if (!s.negated) firstOf(pulls, 'close family in Canada', s);
        continue;
      }
      if (s.negated) continue;
      firstOf(ties, tie, s);
    }
  }
  // A current job on a form's employment history ("2023-09 to present   IT Support Assistant").
  const history = lexicon.employmentHistory;
  for (const line of sectionLines(own, history.sectionHeadings)) {
    if (!history.currentPeriod.test(line.text) || history.notWorking.test(line.text)) continue;
    if (!ties.get('work at home')) ties.set('work at home', quoteLine(line.ref, line.start, line.end));
    break;
  }
  for (const [pull, phrases] of PULL_PHRASES) {
    for (const s of findStatements(own, lexicon.pulls[phrases])) {
      if (s.question || s.negated) continue;
      firstOf(pulls, pull, s);
    }
  }
  // A host in Canada who invites a relative is close family in Canada (officers weigh it against ties).
  const host = findStatements(pagesOf(file, ['invitation-letter']), lexicon.pulls.hostIsFamily).find((s) => !s.question && !s.negated);
  if (host) firstOf(pulls, 'close family in Canada', host);
  for (const s of findStatements(pagesOf(file, OFFICER_DOCS), lexicon.pulls.officerReliedOnTies)) {
    firstOf(pulls, 'a refusal that relied on ties', s);
    break;
  }

  const tieNames = [...ties.keys()];
  const pullNames = [...pulls.keys()];
  if (!tieNames.length && !pullNames.length) return noEvidence('Nothing in the file speaks to ties to the home country (work, family, property or a plan to return).');
  const evidence = distinctEvidence([...[...ties.values()].slice(0, 3), ...[...pulls.values()].slice(0, 3)], 4);
  const described = `${tieNames.length ? `Ties found: ${tieNames.join(', ')}.` : 'No tie to the home country is documented.'}${pullNames.length ? ` Weighing against: ${pullNames.join(', ')}.` : ''}`;

  let rating: Signal['rating'];
  if (pullNames.length >= 2 && tieNames.length <= 1) rating = 'adverse';
  else if (pullNames.length >= 1 && tieNames.length <= 2) rating = 'weak';
  else if (tieNames.length <= 1) rating = 'weak';
  else if (tieNames.length === 2 || pullNames.length) rating = 'adequate';
  else rating = 'strong';
  if (rating === 'adverse' && ![...pulls.values()].some(Boolean)) rating = 'weak';
  return { rating, finding: described, evidence };
};
