/**
 * When a bare name (`Baker`, `Vavilov`) is a case and when it is a person or a business. A name
 * counts only in a citation context: a signal before it (`See`, `Applying`, `In`, `l'arrêt`), a
 * court or holding after it (`the Court held`, `factors`, `framework`), a pinpoint or `supra` after
 * it, or italics in a sentence about a court. A name with an honorific or a given name before it,
 * another capitalised word after it (`Baker Hughes`), or a relationship word before it (`my
 * employer`, `her cousin`) is a person or an organisation, never a case.
 */
import { HONORIFIC } from './styleOfCause';

/** Words that introduce an authority right before its name. Case matters for `In`/`in` only in being both listed. */
const SIGNAL_BEFORE =
  /(?:^|[\s(;,"“*_])(?:[Ss]ee(?: also| e\.g\.,?| generally)?|[Cc]f\.|[Cc]ompare|[Cc]ontra|[Bb]ut see|[Aa]ccord|[Pp]er|[Cc]iting|[Aa]pplying|[Ff]ollowing|[Uu]nder|[Uu]nlike|[Aa]s (?:held |stated |explained |noted )?in|[Rr]el(?:ying|ied|ies) (?:up)?on|[Aa]pplied|[Ff]ollowed|[Dd]istinguish(?:ed|ing)|[Ii]n|[Vv]oir(?: aussi| également)?|[Dd]ans|[Ss]elon|[Ss]uivant|l['’]arrêt|arrêt|la décision|l['’]affaire|[Cc]onformément à|[Cc]ontrairement à)[ ,]{1,2}[*_]?$/u;

/** A holding verb right after a name: a court's act, but also a person's (`Baker confirmed that I am fit`). */
const VERB_AFTER = /^[*_]?,? ?(?:also |clearly |expressly |squarely )?(?:held|holds|found|established|establishes|confirmed|confirms|clarified|clarifies|decided|ruled|recogni[sz]ed|affirmed|instructs|teaches|reiterated|emphasi[sz]ed|requires|(?:a|avait) (?:conclu|statué|jugé|décidé|établi|confirmé|précisé|rappelé|souligné|reconnu))(?![\p{L}\p{N}])/u;

/** Signals that introduce only a decision, never a person (`l'arrêt Baker`, `as held in Baker`). */
const DECISION_SIGNAL = /(?:^|[\s(;,"“*_])(?:l['’]arrêt|[Ll]es arrêts|l['’]affaire|[Aa]s (?:held|stated|explained) in|[Tt]he (?:decision|judgment) in)[ ,]{1,2}[*_]?$/u;

/** A court, a holding or a legal device named right after the name. */
const AFTER =
  /^[*_]?(?:['’]s)?,? ?(?:(?:the|this|la) (?:Supreme |Federal |federal )?(?:Court|court|Cour|majority|judge|panel|Board)(?![\p{L}\p{N}])|(?:the )?(?:SCC|FCA|CSC|CAF)(?![\p{L}\p{N}])|Justice \p{Lu}|\p{Lu}[\p{L}'’-]+ J\.(?!\p{L})|(?:also |clearly |expressly |squarely )?(?:held|holds|found|established|establishes|confirmed|confirms|clarified|clarifies|decided|ruled|recogni[sz]ed|affirmed|instructs|teaches|reiterated|emphasi[sz]ed|requires)(?![\p{L}\p{N}])(?: that|,)|(?:stands? for|sets? out|is (?:the )?(?:leading |governing )?authority)(?![\p{L}\p{N}])|(?:factors|framework|test|analysis|principles?|criteria|standard|reasoning|approach|line of (?:cases|authority)|decision|holding)(?![\p{L}\p{N}])|(?:a|avait) (?:conclu|statué|jugé|décidé|établi|confirmé|précisé|rappelé|souligné|reconnu)(?![\p{L}\p{N}])|(?:précitée?s?|supra)(?![\p{L}\p{N}]))/u;

/** Relationship or role words that make the following name a person or business. */
const ROLE_BEFORE =
  /(?:^|[\s(])(?:my|his|her|their|our|your|the|a|an|with|for|from|by|to|at|dear|Dear|attn|Attn|c\/o)?\s?(?:employer|employee|company|firm|business|store|shop|restaurant|landlord|landlady|tenant|client|applicant|sponsor|spouse|husband|wife|partner|fianc[ée]e?|son|daughter|child|brother|sister|mother|father|parent|friend|cousin|uncle|aunt|nephew|niece|grandmother|grandfather|colleague|coworker|co-worker|manager|supervisor|owner|director|family|witness|deponent|affiant|officer|agent|consultant|counsel|lawyer|doctor|Dr|Dear|Attention|Attn|signed|Signed|name|Name|surname|Surname|employeur|époux|épouse|conjoint|conjointe|frère|sœur|mère|père|ami|amie|cousin|cousine|locateur|locataire)[\s,:]{1,3}[*_]?$/u;

/** Capitalised words that start a sentence or introduce an authority: not a given name before a surname. */
const NOT_GIVEN_NAMES = new Set([
  'In', 'See', 'Also', 'As', 'Per', 'The', 'Following', 'Applying', 'Unlike', 'Like', 'Under', 'Citing', 'Compare', 'Cf.', 'But',
  'And', 'Or', 'Thus', 'Similarly', 'While', 'Whereas', 'Although', 'Where', 'When', 'Since', 'Because', 'However', 'Moreover',
  'Furthermore', 'Indeed', 'Notably', 'Here', 'There', 'This', 'That', 'These', 'Those', 'Both', 'Recall', 'Accordingly',
  'Therefore', 'Hence', 'On', 'At', 'By', 'From', 'With', 'Before', 'After', 'Then', 'Yet', 'Relying', 'Quoting', 'Distinguishing',
  'Contrary', 'Whether', 'If', 'Contra', 'Accord', 'Voir', 'Dans', 'Selon', 'Comme', 'Ainsi', 'Aussi', 'Suivant', 'Consider',
  'Applied', 'Followed', 'Distinguished', 'Affirmed', 'Reversed', 'Overruled', 'Rejecting', 'Adopting', 'Endorsing',
]);

/** Words after which a surname is an organisation's name (`Baker & Sons`, `Khosa Trucking`). */
const ORGANISATION_AFTER = /^(?:['’]s )?(?:&|and Sons|et Fils|Inc\b|Ltd\b|Ltée\b|Corp\b|LLP\b|LLC\b|Co\.|Group\b|Holdings\b)/u;
const CAPITALISED_AFTER = /^ (?:[*_])?(\p{Lu}[\p{L}\p{M}'’-]*)/u;
/** Capitalised words after a name that still leave it a case name (a court code). */
const ALLOWED_AFTER = new Set(['FC', 'FCA', 'SCC', 'CSC', 'CAF', 'CF']);

const GIVEN_NAME_BEFORE = /(?:^|[\s("“])(\p{Lu}[\p{L}\p{M}'’-]*\.?) $/u;
const ITALIC_COURT = /\b(?:[Cc]ourt|[Cc]our|held|holds|decision|judgment|jugement|arrêt|tribunal|Board|SCC|FCA|FC|CSC|CAF|Justice)\b/u;

/** How far before and after a name its context is read. */
const REACH = 64;

function before(text: string, start: number): string {
  return text.slice(Math.max(0, start - REACH), start);
}

function after(text: string, end: number): string {
  return text.slice(end, end + REACH);
}

/** Whether the name at [start, end) is a person or an organisation by the words around it. */
export function personOrOrganisation(text: string, start: number, end: number): boolean {
  const left = before(text, start);
  const right = after(text, end);
  if (HONORIFIC.test(left.replace(/[*_]$/, ''))) return true;
  if (ROLE_BEFORE.test(left)) return true;
  const given = GIVEN_NAME_BEFORE.exec(left);
  if (given && !NOT_GIVEN_NAMES.has(given[1])) return true;
  if (ORGANISATION_AFTER.test(right.replace(/^[*_]/, '').trimStart())) return true;
  const next = CAPITALISED_AFTER.exec(right);
  if (next && !ALLOWED_AFTER.has(next[1])) return true;
  // `Baker's wife`, `Singh's employer`: a possessive counts only before a legal word (`Baker's factors`).
  if (/^['’]s /.test(right) && !AFTER.test(right)) return true;
  return false;
}

/** Whether italics mark the name (`*Vavilov*`, `_Baker_`) in a sentence about a court. */
function italicInCourtSentence(text: string, start: number, end: number): boolean {
  const open = text[start - 1];
  if ((open !== '*' && open !== '_') || text[end] !== open || text[start - 2] === open || text[end + 1] === open) return false;
  // The sentence around the name, at most 200 characters either side.
  const left = text.slice(Math.max(0, start - 200), start);
  const right = text.slice(end, end + 200);
  const stop = right.indexOf('. ');
  return ITALIC_COURT.test(left.slice(left.lastIndexOf('. ') + 1) + right.slice(0, stop === -1 ? right.length : stop));
}

/**
 * Whether the bare name at [start, end) stands in a citation context. `known` names (a short name the
 * index knows, or the name of a decision cited in full earlier) need a signal before or a legal
 * word after; other names need both a signal and a court or holding after, or italics in a sentence
 * about a court.
 */
export function inCitationContext(text: string, start: number, end: number, known: boolean, indexName = false): boolean {
  if (personOrOrganisation(text, start, end)) return false;
  const left = before(text, start);
  const right = after(text, end);
  const signal = SIGNAL_BEFORE.test(left);
  const legalAfter = AFTER.test(right);
  if (known) return signal || legalAfter || italicInCourtSentence(text, start, end);
  // An index name not cited in full in this document: a signal, or a legal noun after it (`the Baker
  // factors`); a verb after it (`Baker confirmed that`) is what people do too, so it needs a signal.
  if (indexName) return signal || (legalAfter && !VERB_AFTER.test(right)) || italicInCourtSentence(text, start, end);
  // `l'arrêt Baker`, `as held in Baker`: words that name a decision and nothing else.
  if (DECISION_SIGNAL.test(left)) return true;
  return (signal && legalAfter) || italicInCourtSentence(text, start, end);
}

/** Capitalised words that are not case names even in `In X, the Court held …`. */
const NOT_CASE_NAMES = new Set([
  'Canada', 'Ontario', 'Quebec', 'Québec', 'Alberta', 'Manitoba', 'Saskatchewan', 'Nova', 'New', 'British', 'Newfoundland', 'Prince',
  'Yukon', 'Nunavut', 'Toronto', 'Montreal', 'Montréal', 'Vancouver', 'Ottawa', 'Calgary', 'Edmonton', 'Winnipeg', 'Halifax',
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
  'Janvier', 'Février', 'Mars', 'Avril', 'Mai', 'Juin', 'Juillet', 'Août', 'Septembre', 'Octobre', 'Novembre', 'Décembre',
  'Addition', 'Particular', 'Fact', 'Short', 'Sum', 'Summary', 'Contrast', 'Response', 'Reply', 'Light', 'Accordance', 'General',
  'Practice', 'Principle', 'Brief', 'Conclusion', 'Essence', 'Effect', 'Other', 'That', 'This', 'These', 'Those', 'Each', 'Both',
  'Such', 'My', 'Our', 'Its', 'His', 'Her', 'Their', 'Any', 'Some', 'All', 'Another', 'Part', 'Section', 'Paragraph', 'Appeal',
  'Review', 'Judicial', 'English', 'French', 'Spring', 'Summer', 'Fall', 'Autumn', 'Winter', 'Court', 'Federal', 'Supreme',
  'Parliament', 'Chambers', 'Reasons', 'Note', 'Footnote', 'Annex', 'Appendix', 'Schedule', 'Today', 'Yesterday', 'Practice',
  'Importance', 'Order', 'Judgment', 'Decision', 'Application', 'Applications', 'Addition', 'Doing', 'So', 'Turn', 'Result',
  'Cases', 'Case', 'Law', 'Both', 'Re', 'Canadian', 'Immigration', 'Refugee', 'Citizenship', 'Quebec', 'Ce', 'Cette', 'Cet',
  'Ces', 'Outre', 'Bref', 'Somme', 'Effet', 'Fait', 'Vertu', 'Matière', 'Espèce', 'Appel', 'Révision', 'Contrôle',
]);

export function mayBeCaseName(name: string): boolean {
  const first = name.split(' ')[0];
  return !NOT_CASE_NAMES.has(first) && name.length >= 2;
}

const NOT_SHORT_NAMES = new Set([
  'Canada', 'R', 'R.', 'Canadian', 'National', 'Royal', 'United', 'First', 'New', 'The', 'Le', 'La', 'Les', 'Association',
  'Council', 'Society', 'Union', 'Bank', 'City', 'Town', 'Province', 'Attorney', 'Minister', 'Ministre', 'Commissioner',
  'Director', 'Board', 'Office', 'Public', 'General', 'Great', 'North', 'South', 'East', 'West', 'International', 'Federal',
  'Alliance', 'Coalition', 'Syndicat', 'Compagnie', 'Company', 'Corporation', 'Government', 'Gouvernement', 'Her', 'His',
  'Queen', 'King', 'Sa', 'Majesté', 'Procureur', 'Société', 'Ville', 'Conseil', 'X', 'Y', 'Z', 'A', 'B', 'AB', 'XY',
]);

const CROWN = /^(?:Canada|R\.?|The Queen|Her Majesty the Queen|His Majesty the King|Sa Majesté la Reine|Sa Majesté le Roi|Attorney General(?: of Canada)?|Procureur général(?: du Canada)?|Minister of .*|Ministre .*|M\.?C\.?I\.?)$/u;

/**
 * The short names a decision with this style of cause may later be called by: each private party
 * (`Vavilov` in `Canada (…) v. Vavilov`), and its first one or two words (`Hernandez` of
 * `Hernandez Bonilla`) when they are not common words.
 */
export function shortNamesOf(styleOfCause: string): string[] {
  const names = new Set<string>();
  for (const part of styleOfCause.split(/;| v\. /)) {
    const party = part
      .replace(/\([^()]*\)/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[,.]$/, '');
    if (party === '' || CROWN.test(party)) continue;
    const words = party.split(' ');
    if (words.length <= 4 && !NOT_SHORT_NAMES.has(party)) names.add(party);
    if (words.length > 1 && words.length <= 3 && !NOT_SHORT_NAMES.has(words[0]) && /^\p{Lu}[\p{L}\p{M}'’-]{2,}$/u.test(words[0])) names.add(words[0]);
  }
  return [...names].filter((n) => /^\p{Lu}/u.test(n));
}

/** The short names of each style of cause, worked out once per distinct name. */
export class ShortNames {
  private readonly cache = new Map<string, string[]>();

  of(name: string): string[] {
    let names = this.cache.get(name);
    if (!names) {
      names = shortNamesOf(name);
      this.cache.set(name, names);
    }
    return names;
  }
}
