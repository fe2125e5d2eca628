/**
 * Ties to the home country, the heart of "will leave Canada by the end of the authorized stay":
 * work there, family there, property there, a plan to return; against them, a stated plan to settle
 * in Canada, no work at home, close family in Canada, or a refusal that relied on ties. Wanting to
 * immigrate one day is not by itself a bar (dual intent), so it counts only alongside thin ties.
 */
import type { Evidence } from '../../../../contracts/intakeOutput';
import { pagesExcept, pagesOf, type CaseFile } from '../../text/caseFile';
import { distinctEvidence, quoteLine } from '../../text/evidenceQuotes';
import { CANADIAN_PLACE } from '../../text/places';
import { sectionLines } from '../../text/sections';
import { findStatements, quoteStatement, type Statement } from '../../text/statements';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';

type Tie = 'work at home' | 'family at home' | 'property or assets at home' | 'a plan to return';
type Pull = 'a stated plan to settle in Canada' | 'no current work' | 'close family in Canada' | 'a refusal that relied on ties';

const OFFICER_DOCS = ['refusal-letter', 'gcms-notes'] as const;

const FAMILY = String.raw`(?:husband|wife|spouse|partner|children|child|sons?|daughters?|parents|mother|father|brothers?|sisters?|family|mari|épouse|époux|enfants|parents|mère|père|frère|sœur|famille)`;

const TIE_PATTERNS: Array<[Tie, RegExp]> = [
  ['work at home', /\b(?:I (?:have )?work(?:ed)? as|I am (?:currently )?(?:employed|working)|I have been (?:employed|working)|(?:a|my) job to return to|position[^.\n]{0,60}open for me|return to my (?:job|position|employer)|resume (?:her|his|my) (?:duties|work|position)|leave[^.\n]{0,60}\bapproved\b|\bapproved\b[^.\n]{0,30}\bleave\b|permanent and pensionable|je travaille (?:comme|chez)|mon emploi m'attend|congé[^.\n]{0,40}approuvé)/i],
  ['family at home', new RegExp(String.raw`\b(?:my|her|his|our|mes|mon|ma|ses|son|sa)\s+(?:\S+\s+){0,3}?${FAMILY}\b[^.\n]{0,100}?\b(?:live|lives|living|remain|remains|stay|staying|reside|resides|vivent|vit|restent|demeurent)\b|\b(?:has|have|a|ai)\s+(?:her|his|my|a|son|sa|mon|ma)\s+(?:\S+\s+){0,2}?${FAMILY}\b[^.\n]{0,60}?\b(?:in|à|au)\s+\p{Lu}|\b${FAMILY}\b[^.\n]{0,40}\bnot (?:accompanying|travelling|traveling)\b|\b(?:spouse|husband|wife) and (?:\d+|two|three|four) children\b`, 'iu')],
  ['property or assets at home', /\b(?:I|we|she|he|my (?:family|parents|father|mother)) (?:own|owns|co-own|co-owns)\b|\bthat (?:she|he|I|we) owns?\b|\bwhich (?:my|her|his|our) (?:father|mother|parents|family) owns?\b|\b(?:title deed|land title|certificate of title|titre de propriété)\b|\bmortgage (?:payment|loan|instal+ment)|\bhypoth[èe]que\b|\bcr[ée]dito hipotecario\b|\b(?:je suis|nous sommes) propriétaires?\b/i],
  ['a plan to return', /\b(?:I will return|I intend to return|I plan to return|will return to (?:my|her|his|Ghana|the|work)|return home (?:after|when|at the end)|no intention of (?:staying|remaining)|je retournerai|compte retourner|rentrer (?:au|dans mon) pays)\b/i],
];

const PULL_PATTERNS: Array<[Pull, RegExp]> = [
  ['a stated plan to settle in Canada', /\b(?:settle (?:permanently )?in Canada|settle (?:permanently )?(?:in|near) (?:Toronto|Vancouver|Montr[ée]al|Calgary|Edmonton|Ottawa|Winnipeg)|immigrate to Canada|stay (?:on )?in Canada (?:permanently|after)|remain in Canada (?:permanently|after)|apply for permanent residence|get (?:my )?(?:PR|permanent residence)|m'installer (?:définitivement )?au Canada|rester au Canada (?:après|définitivement))\b/i],
  ['no current work', /\b(?:I am (?:currently )?unemployed|currently unemployed|I (?:do not|don't) (?:currently )?have (?:a )?(?:job|work)|not currently (?:working|employed)|je suis (?:actuellement )?(?:sans emploi|au chômage))\b/i],
];

const HOST_IS_FAMILY = /\bmy (?:younger |older |elder |little |big )?(?:sister|brother|mother|father|son|daughter|aunt|uncle|cousin|niece|nephew|grandmother|grandfather)\b|\bma (?:sœur|mère|fille|tante|cousine|nièce)\b|\bmon (?:frère|père|fils|oncle|cousin|neveu)\b/i;

function familyInCanada(s: Statement): boolean {
  return CANADIAN_PLACE.test(s.sentence);
}

function firstOf<K extends string>(found: Map<K, Evidence | undefined>, key: K, s: Statement): void {
  if (!found.has(key) || !found.get(key)) found.set(key, quoteStatement(s));
}

export const homeTies: SignalFinder = (file: CaseFile): Signal => {
  const own = pagesExcept(file, OFFICER_DOCS);
  const ties = new Map<Tie, Evidence | undefined>();
  const pulls = new Map<Pull, Evidence | undefined>();

  for (const [tie, pattern] of TIE_PATTERNS) {
    for (const s of findStatements(own, pattern)) {
      if (s.question) continue;
      if (tie === 'family at home' && familyInCanada(s)) {
        if (!s.negated) firstOf(pulls, 'close family in Canada', s);
        continue;
      }
      if (s.negated) continue;
      firstOf(ties, tie, s);
    }
  }
  // A current job on a form's employment history ("2023-09 to present   IT Support Assistant").
  for (const line of sectionLines(own, /EMPLOYMENT|PERSONAL HISTORY|WORK HISTORY|EMPLOI|ANT[ÉE]C[ÉE]DENTS PROFESSIONNELS/i)) {
    if (!/\bto (?:present|date)\b|\bà ce jour\b|-\s*present\b/i.test(line.text) || /\b(?:student|unemployed|étudiant|sans emploi)\b/i.test(line.text)) continue;
    if (!ties.get('work at home')) ties.set('work at home', quoteLine(line.ref, line.start, line.end));
    break;
  }
  for (const [pull, pattern] of PULL_PATTERNS) {
    for (const s of findStatements(own, pattern)) {
      if (s.question || s.negated) continue;
      firstOf(pulls, pull, s);
    }
  }
  // A host in Canada who invites a relative is close family in Canada (officers weigh it against ties).
  const host = findStatements(pagesOf(file, ['invitation-letter']), HOST_IS_FAMILY).find((s) => !s.question && !s.negated);
  if (host) firstOf(pulls, 'close family in Canada', host);
  for (const s of findStatements(pagesOf(file, OFFICER_DOCS), /\b(?:family ties|ties to your (?:home )?country|ties (?:to|in) (?:your|the) country of residence|attaches familiales|216\(1\)\(b\)|179\(b\))/i)) {
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
