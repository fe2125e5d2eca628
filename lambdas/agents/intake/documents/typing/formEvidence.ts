/**
 * Evidence that a document is an IRCC form: its number (IMM 5257, IMM5257E, IMM 5257 (10-2023) F)
 * heading the document or standing in its title zone, the form's English or French title there, and
 * a form's layout. A number that follows "attachment to", "annexe à l'" and the like, or is followed by
 * "attachment", "annexe", is a mention of another form, as are the numbers of a letter that lists
 * several forms. A form's title heading the document counts more than one among its first lines (a
 * form's section title, "Previous travel", is not the document's). A form's title in a letter's subject line ("Re: Application for a temporary resident
 * visa") names the application the letter is about, not the document. A document headed by the
 * number of a form the audit does not list is such a form: typed `other`, with its number as reason.
 */
import type { DocumentText } from './documentText';
import type { LayoutCue } from './layoutCues';
import { addEvidence, type TypingCandidate } from './typingCandidate';
import { foldText } from './foldText';
import { FORM_LAYOUT, FORM_MENTION, FORM_MENTION_AFTER, FORM_PROFILES, SUBJECT_LINE, type FormProfile } from './typingLexicon';

/** On folded text: "imm 5257", "imm5257e", "imm-5257 (10-2023) f", "imm 1294 (f)". */
const FORM_NUMBER = /(?<![\p{L}\p{N}])imm ?-? ?(\d{4})(?: ?\((?:\d{2}[-/]\d{2,4}|[ef])\))?(?: ?[ef](?![\p{L}\p{N}]))?/gu;
const MENTION_WINDOW = 40;

const WEIGHT = { heading: 20, title: 12, body: 3, mention: 1 } as const;
type Place = keyof typeof WEIGHT;
/** A letter or checklist naming this many forms is about them, not one of them. */
const LISTING = 3;
const TITLE_WEIGHT = 8;
/** The form's title as the document's heading (its first lines), not one line among the first: the form names itself. */
const TITLE_HEADING_WEIGHT = 12;
const FILE_NAME_WEIGHT = 2;

function placeOf(text: DocumentText, index: number, end: number): Place {
  if (FORM_MENTION.test(text.folded.slice(Math.max(0, index - MENTION_WINDOW), index).trimEnd())) return 'mention';
  if (FORM_MENTION_AFTER.test(text.folded.slice(end, end + MENTION_WINDOW).trimStart())) return 'mention';
  if (index < text.headingEnd.folded) return 'heading';
  return index < text.titleEnd.folded ? 'title' : 'body';
}

function numbersIn(text: DocumentText): Map<string, Place> {
  const best = new Map<string, Place>();
  for (const m of text.folded.matchAll(FORM_NUMBER)) {
    const place = placeOf(text, m.index ?? 0, (m.index ?? 0) + m[0].length);
    const seen = best.get(m[1]);
    if (!seen || WEIGHT[place] > WEIGHT[seen]) best.set(m[1], place);
  }
  return best;
}

const PLACE_WORDS: Record<Place, string> = {
  heading: 'heading the document',
  title: 'in its title lines',
  body: 'in its body',
  mention: 'mentioned as another form',
};

/** The listed form whose number a file name carries ("IMM5257_form.pdf"). */
export function formNamedBy(fileName: string): FormProfile | undefined {
  const number = /(?<![\p{L}\p{N}])imm ?(\d{4})/u.exec(fileName)?.[1];
  return FORM_PROFILES.find((f) => f.number === number);
}

/** The title zone without the subject lines of a letter. */
function titleZoneOf(text: DocumentText): string {
  let zone = text.folded.slice(0, text.titleEnd.folded);
  for (const line of text.raw.split('\n')) {
    const folded = foldText(line);
    if (folded && SUBJECT_LINE.test(folded)) zone = zone.replace(folded, ' ');
  }
  return zone;
}

export function formEvidence(text: DocumentText, layout: ReadonlyMap<LayoutCue, string>, fileName: string): TypingCandidate[] {
  const numbers = numbersIn(text);
  const listing = numbers.size >= LISTING;
  const candidates: TypingCandidate[] = [];
  const titleZone = titleZoneOf(text);
  for (const form of FORM_PROFILES) {
    const place = numbers.get(form.number);
    const titledAt = titleZone.search(form.title);
    const titled = titledAt >= 0;
    const headed = titled && titledAt < text.headingEnd.folded;
    const named = formNamedBy(fileName) === form;
    if (!place && !titled && !named) continue;
    const candidate: TypingCandidate = { kind: form.type, type: form.type, name: `form IMM ${form.number}`, score: 0, signals: [] };
    if (place) addEvidence(candidate, listing && place !== 'heading' ? WEIGHT.mention : WEIGHT[place], `form number IMM ${form.number} ${listing && place !== 'heading' ? 'among several forms listed' : PLACE_WORDS[place]}`);
    if (titled) addEvidence(candidate, headed ? TITLE_HEADING_WEIGHT : TITLE_WEIGHT, headed ? 'the form\'s title heading the document' : 'the form\'s title in its title lines');
    if (named) addEvidence(candidate, FILE_NAME_WEIGHT, 'file name');
    for (const [cue, why] of layout) if (FORM_LAYOUT[cue]) addEvidence(candidate, FORM_LAYOUT[cue]!, why);
    candidates.push(candidate);
  }
  for (const [number, place] of numbers) {
    if (FORM_PROFILES.some((f) => f.number === number) || (place !== 'heading' && place !== 'title') || listing) continue;
    const candidate: TypingCandidate = { kind: `imm-${number}`, type: 'other', name: `form IMM ${number} (not a form the audit types)`, score: 0, signals: [] };
    addEvidence(candidate, WEIGHT[place], `form number IMM ${number} ${PLACE_WORDS[place]}`);
    for (const [cue, why] of layout) if (FORM_LAYOUT[cue]) addEvidence(candidate, FORM_LAYOUT[cue]!, why);
    candidates.push(candidate);
  }
  return candidates;
}
