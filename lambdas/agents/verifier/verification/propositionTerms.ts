import type { Topic } from '../../../core/caselaw/indexSchema';

/**
 * The vocabulary of the proposition check: content words (stop words removed, lightly stemmed) and
 * topic cues. Deliberately small and readable; see `propositionCheck.ts` for how they are scored.
 */

/** Function words, plus legal filler that appears in almost every proposition or holding. */
const STOP_WORDS = new Set(
  `a about above after again against all also an and any are as at be because been before being below between both but by
  can could did do does doing down during each either else even ever every few for from further had has have having he her
  here hers him his how however i if in into is it its itself just may might more most much must my neither no nor not now
  of off on once one only or other our out over own per same she should so some such than that the their them then there
  these they this those through to too under until up upon very was we were what when where whether which while who whom
  whose why will with within without would yet you your
  case cases court courts decision decisions decided held hold holds holding found finds established establish establishes
  set sets setting out test governing govern governs stand stands standing principle principles leading authority confirmed
  confirms ruled rules law legal para paras paragraph page see also supra ibid canada minister citizenship immigration
  scc fca fc fct scr fcr csc caf cf irpa irpr lipr ripr applicant applicants application applications officer officers matter question
  judgment judgement appeal appeals appellant respondent said says
  cannot longer rather instead none nothing argument arguments submission submissions contention contentions
  reject rejects rejected rejecting decline declines declined declining`
    .split(/\s+/)
    .filter(Boolean),
);

/** Phrases spelled out or unified before tokenising, so both sides use the same word. */
const PHRASES: Array<[RegExp, string]> = [
  [/\bh\s*&\s*c\b/g, 'humanitarian compassionate'],
  [/\bbona\s+fides?\b/g, 'genuine'],
  [/\bgood\s+faith\b/g, 'genuine'],
  [/\bmarried\b|\bmarriages?\b|\bmarital\b/g, 'marriage'],
  [/\bspous(?:al|es?)\b|\bconjugal\b|\bcommon[- ]law partners?\b/g, 'spouse'],
  [/\bchild(?:ren)?'?s?\b/g, 'child'],
  [/\bstandards? of review\b/g, 'standard review'],
];

/** Suffixes removed in order (first match wins, two passes), never leaving fewer than 3 letters. */
const SUFFIXES: Array<[string, string]> = [
  ['nesses', ''], ['ness', ''], ['ments', ''], ['ment', ''], ['ations', ''], ['ation', ''], ['ities', ''], ['ity', ''],
  ['ably', ''], ['ibly', ''], ['able', ''], ['ible', ''], ['ings', ''], ['ing', ''], ['ies', 'y'], ['ied', 'y'],
  ['edly', ''], ['ed', ''], ['ly', ''], ['es', ''], ['s', ''], ['al', ''], ['ive', ''], ['ous', ''], ['ful', ''],
];

function stripSuffix(word: string): string {
  for (const [suffix, replacement] of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) return word.slice(0, -suffix.length) + replacement;
  }
  return word;
}

/** Light, symmetric stemming: `reasonableness` / `reasonably` → `reason`, `issues` / `issue` → `issu`. */
export function stem(word: string): string {
  let current = word;
  for (let pass = 0; pass < 2 && current.length > 4; pass += 1) current = stripSuffix(current);
  return current.length > 4 && current.endsWith('e') ? current.slice(0, -1) : current;
}

/** Lower case, accents removed, phrases unified. Used for both tokens and the explicit rules. */
export function normalizeText(text: string): string {
  let out = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[’‘]/g, "'");
  for (const [pattern, replacement] of PHRASES) out = out.replace(pattern, replacement);
  return out;
}

/** Whether a normalised word carries content: 3+ letters and not a stop word. */
export function isContentWord(word: string): boolean {
  return word.length >= 3 && !STOP_WORDS.has(word);
}

/** Distinct content stems of `text`: words of 3+ letters, stop words and numbers removed, stemmed. */
export function contentStems(text: string): Set<string> {
  const stems = new Set<string>();
  for (const word of normalizeText(text).split(/[^\p{L}]+/u)) {
    if (isContentWord(word)) stems.add(stem(word));
  }
  return stems;
}

/** Words that signal what a proposition is about. Matched on `normalizeText` output. */
const TOPIC_CUES: Record<Topic, RegExp> = {
  'standard-of-review': /\bstandard review\b|\breasonableness\b|\bcorrectness\b|\bdeferen(?:ce|tial)\b|\bpatent(?:ly)? unreasonable/,
  'procedural-fairness': /\bprocedural(?:ly)? (?:fair|unfair)|\b(?:duty|breach) of fairness\b|\bfairness letter|\bapprehension of bias\b|\bright to respond\b|\bopportunity to (?:respond|answer)\b|\bextrinsic evidence\b/,
  'h-and-c': /\bhumanitarian\b|\bcompassionate\b|\bbest interests?\b|\bhardship\b/,
  'spousal-bona-fides': /\bspouse\b|\bmarriage\b|\bgenuine (?:relationship|marriage)|\bprimary purpose\b|\bbad faith\b|\bsponsor(?:ship|ed|s)?\b/,
  'study-permit': /\bstud(?:y|ent|ents|ies)\b|\bschool\b|\buniversity\b|\bcollege\b|\btuition\b/,
  'dual-intent': /\bdual intent\b|\bleave canada\b|\bdepart\w*\b|\bend of (?:the|their|his|her) (?:authorized )?stay\b|\bhome ties\b|\bties to\b/,
  'financial-capacity': /\bfunds\b|\bfinancial\b|\bbank (?:statement|balance)s?\b|\bsufficient means\b|\bsavings\b/,
  'visitor-visa': /\bvisitor\b|\btemporary resident visa\b|\btrv\b|\betas?\b|\belectronic travel/,
  'work-permit': /\bwork permit\b|\bemploy(?:ment|er)\b|\blmia\b|\bpgwp\b|\bjob offer\b/,
  misrepresentation: /\bmisrepresent\w*|\bmaterial(?:ity)? (?:facts?|information|circumstances?)|\bfail\w* to disclose\b|\bnon-?disclosure\b|\bduty of candou?r\b|\binnocent mistake\b|\bfalse (?:statement|declaration|document)/,
  inadmissibility: /\binadmissib\w*|\bexcessive demand\b|\bserious criminality\b|\bremoval order\b/,
  credibility: /\bcredib\w*|\bimplausib\w*|\binconsisten\w*|\bcontradict\w*/,
};

/** The topics a text talks about, by the cues above. */
export function topicsOf(text: string): Topic[] {
  const normalized = normalizeText(text);
  return (Object.keys(TOPIC_CUES) as Topic[]).filter((topic) => TOPIC_CUES[topic].test(normalized));
}

/** Plain words for each topic tag, added to an authority's text so a proposition naming the topic overlaps. */
export const TOPIC_WORDS: Record<Topic, string> = {
  'standard-of-review': 'standard of review',
  'procedural-fairness': 'procedural fairness',
  'h-and-c': 'humanitarian compassionate',
  'spousal-bona-fides': 'spouse marriage genuine relationship',
  'study-permit': 'study permit student',
  'dual-intent': 'dual intent leave',
  'financial-capacity': 'financial funds',
  'visitor-visa': 'visitor visa',
  'work-permit': 'work permit',
  misrepresentation: 'misrepresentation',
  inadmissibility: 'inadmissibility inadmissible',
  credibility: 'credibility',
};
