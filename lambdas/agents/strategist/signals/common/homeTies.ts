/**
 * Ties to the home country, the heart of "will leave Canada by the end of the authorized stay":
 * work there, family there, property there, a plan to return; against them, a stated plan to settle
 * in Canada, no work at home, close family in Canada, a past overstay or removal, or a refusal that
 * relied on ties. Wanting to immigrate one day is not by itself a bar (dual intent), so it counts only
 * alongside thin ties. A current job, an overstay or removal (an event, or a Yes on the form) and the
 * officer's grounds come from the case-fact model; an adverse fact is never a tie, and the sentence
 * that recounts it is never read as one. Family, property and plans have no fact kind: their words
 * are data, ../lexicons/homeTies.json.
 */
import type { Evidence } from '../../../../contracts/intakeOutput';
import { declarationsOf, eventsOf, factsOf, typeOf } from '../../facts/fileFacts';
import { pagesExcept, pagesOf, type CaseFile } from '../../text/caseFile';
import { distinctEvidence } from '../../text/evidenceQuotes';
import { CANADIAN_PLACE } from '../../text/places';
import { findStatements, quoteStatement, type Statement } from '../../text/statements';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';
import { homeTiesLexicon, type HomeTiesLexicon } from '../lexicons/homeTiesLexicon';

type Tie = 'work at home' | 'family at home' | 'property or assets at home' | 'a plan to return';
type Pull = 'a stated plan to settle in Canada' | 'no current work' | 'close family in Canada' | 'a refusal that relied on ties' | 'a past overstay or removal';

const OFFICER_DOCS = ['refusal-letter', 'gcms-notes'] as const;
/** Refusal grounds that rest on ties: the topic, or the provisions that ask whether the applicant will leave. */
const TIES_GROUND = /^(?:ties|IRPR 179\(b\)|IRPR 216\(1\)\(b\))$/;
const IN_CANADA = /^(?:Canada|CA|CAN)$/i;

/**
 * The applicant's current work outside Canada: an employment period that has not ended, read in their
 * own documents. Work in a country where they overstayed, or told in the same passage as the
 * overstay, is part of that adverse history, not a tie.
 */
function currentWork(file: CaseFile, noncompliance: ReadonlyArray<{ evidence: Evidence; country?: string }>): Evidence | undefined {
  const overstayedIn = new Set(noncompliance.flatMap((n) => (n.country ? [n.country.toLowerCase()] : [])));
  const sameStory = (e: Evidence) => noncompliance.some((n) => n.evidence.docId === e.docId && (n.evidence.quote.includes(e.quote) || e.quote.includes(n.evidence.quote)));
  return eventsOf(file, ['employment'], 'applicant').find(
    (e) =>
      !e.end &&
      !IN_CANADA.test(e.country ?? '') &&
      !overstayedIn.has((e.country ?? '').toLowerCase()) &&
      !sameStory(e.evidence) &&
      !(OFFICER_DOCS as readonly string[]).includes(typeOf(file, e.evidence.docId) ?? 'other'),
  )?.evidence;
}

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
  const noncompliance = [
    ...eventsOf(file, ['overstay', 'removal-order'], 'applicant'),
    ...[...declarationsOf(file, 'overstay', 'applicant'), ...declarationsOf(file, 'removal', 'applicant')].filter((d) => d.answer === 'yes'),
  ];
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
  const work = currentWork(file, noncompliance);
  if (work && !ties.get('work at home')) ties.set('work at home', work);
  for (const [pull, phrases] of PULL_PHRASES) {
    for (const s of findStatements(own, lexicon.pulls[phrases])) {
      if (s.question || s.negated) continue;
      firstOf(pulls, pull, s);
    }
  }
  // A host in Canada who invites a relative is close family in Canada (officers weigh it against ties).
  const host = findStatements(pagesOf(file, ['invitation-letter']), lexicon.pulls.hostIsFamily).find((s) => !s.question && !s.negated);
  if (host) firstOf(pulls, 'close family in Canada', host);
  const tiesGround = factsOf(file).officerFindings.find((f) => f.kind === 'ground' && TIES_GROUND.test(f.subject));
  if (tiesGround) pulls.set('a refusal that relied on ties', tiesGround.evidence);

  // A super visa is a visitor visa for the parent or grandparent of a Canadian citizen or permanent
  // resident: that family in Canada is the visit's premise, not a pull against it.
  if (factsOf(file).application.kind === 'super-visa') pulls.delete('close family in Canada');
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
