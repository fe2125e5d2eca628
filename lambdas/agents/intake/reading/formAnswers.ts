/**
 * Form questions answered on a page, in the ways a PDF form or a transcription renders them:
 * "…? No", "…? [X] Yes", "…?\nAnswer: Non", "…? ☒ Oui", "…?  Sponsor: Yes   Applicant: No", each
 * with the details that follow on its line ("Yes - Bundeswehr, 2009-2010"; "If yes, give details: …").
 */
import type { DeclarationTopic, PartyRole } from '../../../contracts/caseFacts';
import { DECLARATION_TOPICS, YES } from './lexicon';
import { householdColumns, roleOf } from './declarationLexicon';

export interface FormAnswer {
  topic: DeclarationTopic;
  answer: 'yes' | 'no';
  /** The question's text, as the page gives it. */
  question: string;
  start: number;
  end: number;
  details?: string;
  /** Whose answer, when the form says it ("Sponsor: Yes"). */
  person?: PartyRole;
  confidence: number;
}

const MARK = String.raw`(?:\[[ \t]*[xX✓✔][ \t]*\]|☒|■|☑|[✓✔]|\([ \t]*[xX✓✔][ \t]*\))`;
/** A dotted or ruled leader between a question and its answer ("? ........ N", "? ____ Yes"). */
const LEADER = String.raw`(?:\.{3,}|…+|_{3,})`;
/** A box left empty after an answer word ("Oui ☐", "Yes ( )"): that word is not the answer. */
const UNCHECKED = String.raw`(?:\[[ \t]*\]|\([ \t]*\)|[☐□])`;
/** "X Oui      Non": a bare X before the word chosen. */
const BARE_X = String.raw`(?:[xX][ \t]+(?=(?:yes|no|oui|non)(?![\p{L}])))`;
/** "? No", "? — NO", "? [X] Yes", "?  Answer: Non", "? ☒ Oui", "? ........ No", "?\n— Non", and a transcription's "Q. …?\nA. No" ("Q. … ?\nR. Non"). */
const INLINE_ANSWER = new RegExp(String.raw`\?[ \t]*(?:(?:[-–—:]|${LEADER})[ \t]*)?(?:\n[ \t]*(?:[-–—][ \t]*)?)?(?:(?:answer|response|reply|réponse|r[ée]p\.?)[ \t]*:[ \t]*|[AR]\.[ \t]+)?(?:${MARK}[ \t]*|${BARE_X})?(yes|no|oui|non)(?![\p{L}])(?![ \t]*${UNCHECKED})`, 'giu');
/** "?\n☐ Oui   ☒ Non": both boxes printed after the question, one ticked (on one line or one a line). */
const BOX = String.raw`(?:\[[ \t]*[xX✓✔]?[ \t]*\]|\([ \t]*[xX✓✔]?[ \t]*\)|[☐□☒■])`;
const BOX_PAIR = new RegExp(String.raw`\?[ \t]*(?:\n[ \t]*)?((?:${BOX}[ \t]*(?:yes|no|oui|non)(?![\p{L}])[ \t]*)(?:\n[ \t]*)?(?:${BOX}[ \t]*(?:yes|no|oui|non)(?![\p{L}])[ \t]*))`, 'giu');
/** "?\nOui ☐   Non ☒", "Yes ( )  No (X)": both boxes printed after their words (on one line or one a line: "Yes [X]\nNo [ ]"). */
const WORD_BOX_PAIR = new RegExp(String.raw`\?[ \t]*(?:\n[ \t]*)?((?:(?:yes|no|oui|non)[ \t]*${BOX}[ \t]*)(?:\n[ \t]*)?(?:(?:yes|no|oui|non)[ \t]*${BOX}[ \t]*))`, 'giu');
/** "?\n    X Yes      No": both words printed, a bare X before the one chosen. */
const BARE_PAIR = new RegExp(String.raw`\?[ \t]*(?:\n[ \t]*)?((?:(?:[xX][ \t]+)?(?:yes|no|oui|non)(?![\p{L}])[ \t]*){2}(?:[xX][ \t]*)?)(?=\n|$)`, 'giu');
/** "[X] Yes [ ] No   Have you ever been refused…?": the boxes printed before the question on its line. */
const LEADING_PAIR = new RegExp(String.raw`^[ \t]*((?:${BOX}[ \t]*(?:yes|no|oui|non)(?![\p{L}])[ \t]*){2}|(?:(?:yes|no|oui|non)[ \t]*${BOX}[ \t]*){2})[ \t]*([\p{L}\d(][^\n]*\?)[ \t]*$`, 'gimu');
/** "Answer: No" on a line of its own under a question printed without a question mark ("Question 6(d): refused refugee status…"). */
const ANSWER_LINE = /^[ \t]*(?:answer|response|reply|réponse|rép\.?)[ \t]*[:：][ \t]*(yes|no|oui|non)(?![\p{L}])[^\n]*$/gimu;
/**
 * A one-letter answer where nothing else can stand: after an answer label under the question
 * ("?\nAnswer: N", "?\nRéponse : O") or at the end of a leader ("? ........ Y"). Y and O are yes, N is no.
 */
const LETTER_ANSWER = new RegExp(String.raw`\?[ \t]*(?:${LEADER}[ \t]*|\n[ \t]*(?:answer|response|reply|réponse|rép\.?)[ \t]*[:：][ \t]*)([YNO])(?![\p{L}\d])`, 'giu');
/** "Label: Yes" pairs of a line: each person's answer under its label ("Principal applicant: No   Spouse: Yes"). */
const LABEL_PAIR = /([\p{L}][\p{L} '’()-]{1,30}?)[ \t]*[:：][ \t]*(yes|no|oui|non)(?![\p{L}])/giu;
/** "Répondant : [X] Oui  [ ] Non" on a line of its own under the question: that person's answer. */
const ROLE_BOX_LINE = new RegExp(String.raw`^[ \t]*([\p{L}][\p{L} '’-]{2,30}?)[ \t]*[:：][ \t]*((?:(?:${BOX}[ \t]*)?(?:yes|no|oui|non)(?:[ \t]*${BOX})?[ \t]*){2})$`, 'gimu');
/** "[X] Yes", "No ☒" anywhere on a form line. */
export const CHECKED = new RegExp(String.raw`${MARK}[ \t]*(yes|no|oui|non)(?![\p{L}])|(yes|no|oui|non)[ \t]*${MARK}`, 'iu');
/** A choice's tokens: an answer word, a ticked mark (a box ticked, a tick, a bare X) or an empty box. */
const CHOICE_TOKEN = new RegExp(String.raw`(?<![\p{L}])(yes|no(?![.]?[ \t]*\d)|oui|non)(?![\p{L}])|(${MARK}|☑|(?<![\p{L}\d])[xX](?![\p{L}\d]))|(${UNCHECKED})`, 'giu');

/** Spaces as French typography writes them (no-break before ":", "?", "☒"): one space each, so offsets hold. */
export const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f\u2007]/g, ' ');

/**
 * The word a printed choice stands for ("[ ] Yes   [X] No", "Oui : ☐   Non : ☒", "Yes  No ✔",
 * "Oui  X   Non"): a form prints every mark on the same side of its word, so the side the first mark
 * or box stands on says which word each one belongs to, and the ticked one is the answer. Undefined
 * when both words are not printed with a mark, or none or both are ticked.
 */
export function choiceOf(line: string): 'yes' | 'no' | undefined {
  const tokens = [...plainSpaces(line).matchAll(CHOICE_TOKEN)].map((m) => ({ word: m[1], ticked: Boolean(m[2]), empty: Boolean(m[3]), at: m.index, end: m.index + m[0].length }));
  const words = tokens.filter((t) => t.word);
  const ticks = tokens.filter((t) => t.ticked);
  if (words.length < 2 || ticks.length === 0) return undefined;
  let chosen: string[];
  if (tokens.some((t) => t.empty)) {
    // Empty boxes show the layout: every box on the side of its word the first box stands on.
    const before = tokens.findIndex((t) => t.ticked || t.empty) < tokens.findIndex((t) => t.word);
    chosen = tokens.filter((t, i) => t.word && (before ? tokens[i - 1] : tokens[i + 1])?.ticked).map((t) => t.word!);
  } else {
    // Marks alone ("Yes ✔  No", "Oui  X   Non", "Yes    X No"): each mark is its nearest word's.
    chosen = ticks.map((tick) => words.reduce((a, b) => (Math.max(a.at - tick.end, tick.at - a.end) <= Math.max(b.at - tick.end, tick.at - b.end) ? a : b)).word!);
  }
  const distinct = [...new Set(chosen.map((w) => (YES.test(w) ? 'yes' : 'no')))];
  return distinct.length === 1 ? (distinct[0] as 'yes' | 'no') : undefined;
}

/**
 * The answer a line's marks give: the choice ticked among both printed (choiceOf), or the one word
 * printed with its mark ("☑ Non", "Yes [X]"). Undefined when the line marks nothing.
 */
export function tickedAnswer(line: string): 'yes' | 'no' | undefined {
  const plain = plainSpaces(line);
  if (printsBothChoices(plain)) return choiceOf(plain);
  const one = CHECKED.exec(plain);
  const word = one?.[1] ?? one?.[2];
  return word ? (YES.test(word) ? 'yes' : 'no') : undefined;
}

/** Both answer words printed as choices on a line ("Oui ☐ Non ☒", "Yes  No ✔"): the mark decides, not the first word. */
function printsBothChoices(line: string): boolean {
  return [...plainSpaces(line).matchAll(CHOICE_TOKEN)].filter((m) => m[1]).length >= 2;
}
/** "? " followed by one or more "Role: answer" pairs on the same line or the next. */
const ROLE_ANSWERS = /\?[ \t]*(?:\n[ \t]*)?(?=[\p{L}][^\n?]*?[:：][ \t]*(?:yes|no|oui|non)(?![\p{L}]))/giu;
const DETAILS = /^[ \t]*(?:[-–—:;,.]|\(|if yes|details?|explain|précis|détails?|si oui)/iu;
/** A line of its own that gives an answer's details: "If yes, give details: …", "Si oui, précisez : …". */
const DETAILS_LINE = /^[ \t]*(?:if yes|if you answered|details?|explain|provide details|précis|détails?|si oui|si vous avez répondu|donnez des (?:détails|précisions))[^:\n]{0,100}[:：][ \t]*(\S[^\n]*)$/iu;
/** A details label whose answer is written on the line below ("If you answered "yes" …, provide details:"). */
const DETAILS_LABEL = /^[ \t]*(?:if yes|if you answered|details?|explain|provide details|précis|détails?|si oui|si vous avez répondu|donnez des (?:détails|précisions))[^:\n]{0,100}[:：][ \t]*$/iu;
const MAX_QUESTION = 400;
/** Where a question starts: an item label, a bullet, a "Label:" heading, or a line opening a question. */
const QUESTION_START = [
  /\n[ \t]*(?:Q?\d{1,2}[.)]|\(?[a-z]\))[ \t]/g,
  /\n[ \t]*[-•*▪–][ \t]/g,
  /\n[ \t]*[\p{L}][\p{L}\p{N} '’().-]{1,40}[:：][ \t]/gu,
  /\n[ \t]*(?=(?:have|has|had|did|were|was|are|is|do|does|will|avez|vous|êtes|etes|est-ce|a-t-on|a-t-il|a-t-elle|votre)\b)/giu,
];

/** The topic a question (or a field's label) asks about. */
export function topicOf(question: string): DeclarationTopic | undefined {
  // A question that touches two topics ("Did you serve in any military unit, or were you ever charged
  // with a war crime?") is about the one it asks first.
  let best: { topic: DeclarationTopic; at: number } | undefined;
  for (const t of DECLARATION_TOPICS) {
    const at = question.search(t.question);
    if (at >= 0 && (!best || at < best.at)) best = { topic: t.topic, at };
  }
  return best?.topic;
}

/** The question that ends at `mark`: it reaches back to the previous question, blank line or item start. */
export function questionBefore(text: string, mark: number): { start: number; question: string } {
  const from = Math.max(0, mark - MAX_QUESTION);
  const window = text.slice(from, mark);
  const cut = Math.max(window.lastIndexOf('?'), window.lastIndexOf('\n\n'), ...QUESTION_START.flatMap((re) => [...window.matchAll(re)].map((x) => x.index ?? -1)));
  return { start: from + cut + 1, question: window.slice(cut + 1) };
}

/** What follows an answer on its line, when it gives details ("- Bundeswehr, 2009"; "(United Kingdom, 2015)"). */
export function detailsAfter(text: string, at: number): string | undefined {
  const lineEnd = text.indexOf('\n', at);
  const rest = text.slice(at, lineEnd === -1 ? text.length : lineEnd);
  if (DETAILS.test(rest) && rest.replace(/[^\p{L}\p{N}]/gu, '').length > 3) return rest;
  // "[X] Yes [ ] No" then "If yes, give details: …" on the next line: the details of this answer.
  if (lineEnd === -1 || rest.replace(new RegExp(String.raw`${BOX}|(?:yes|no|oui|non)(?![\p{L}])|\s`, 'giu'), '') !== '') return undefined;
  const nextEnd = text.indexOf('\n', lineEnd + 1);
  const next = text.slice(lineEnd + 1, nextEnd === -1 ? text.length : nextEnd);
  if (DETAILS_LINE.test(next)) return `${rest}\n${next}`;
  // The label on one line, the details on the next.
  if (nextEnd === -1 || !DETAILS_LABEL.test(next)) return undefined;
  const afterEnd = text.indexOf('\n', nextEnd + 1);
  const after = text.slice(nextEnd + 1, afterEnd === -1 ? text.length : afterEnd);
  return /\p{L}{3,}/u.test(after) && !/\?[ \t]*$/.test(after) ? `${rest}\n${next}\n${after}` : undefined;
}

/** What a details line gives, without its label. */
export function detailsOf(rest: string | undefined): string | undefined {
  if (!rest) return undefined;
  const lines = rest.split('\n');
  const last = lines[lines.length - 1];
  const labelled = DETAILS_LINE.exec(last);
  // "provide details:\n United States, …": the line under the label.
  if (!labelled && lines.length > 2 && DETAILS_LABEL.test(lines[lines.length - 2])) return last.trim() || undefined;
  return (labelled ? labelled[1] : rest.replace(/^[ \t]*[-–—:;,.]?[ \t]*/, '')).trim() || undefined;
}

/** The answer at [mark, end) to the question before it, with the details written after it; none when the question is no topic. */
function answerAt(text: string, mark: number, end: number, answer: 'yes' | 'no', confidence: number): FormAnswer | undefined {
  const { start, question } = questionBefore(text, mark);
  const topic = topicOf(question);
  if (!topic) return undefined;
  const rest = detailsAfter(text, end);
  const details = detailsOf(rest);
  return { topic, answer, question, start, end: rest ? end + rest.length : end, ...(details ? { details } : {}), confidence };
}

function inlineAnswers(text: string): FormAnswer[] {
  const out: FormAnswer[] = [];
  for (const m of text.matchAll(INLINE_ANSWER)) {
    const mark = m.index ?? 0;
    // "Yes    No" printed side by side is the form's two choices, not an answer: a mark chooses ("Oui : ☐   Non : ☒", "Yes  No ✔").
    const wordAt = mark + m[0].length - m[1].length;
    const lineStart = text.lastIndexOf('\n', wordAt - 1) + 1;
    const lineEnd = text.indexOf('\n', wordAt);
    const choiceLine = text.slice(Math.max(lineStart, mark + 1), lineEnd === -1 ? text.length : lineEnd);
    const both = printsBothChoices(choiceLine);
    const answer = both ? choiceOf(choiceLine) : YES.test(m[1]) ? 'yes' : 'no';
    const read = answer && answerAt(text, mark, mark + m[0].length, answer, 0.9);
    if (read) out.push(read);
  }
  return out;
}

/** "? ........ N", "?\nAnswer: Y", "?\nRéponse : O": one letter for the answer. */
function letterAnswers(text: string): FormAnswer[] {
  const out: FormAnswer[] = [];
  for (const m of text.matchAll(LETTER_ANSWER)) {
    const mark = m.index ?? 0;
    const read = answerAt(text, mark, mark + m[0].length, /n/i.test(m[1]) ? 'no' : 'yes', 0.85);
    if (read) out.push(read);
  }
  return out;
}

/** Both boxes printed, the ticked one is the answer. */
function boxAnswers(text: string): FormAnswer[] {
  const out: FormAnswer[] = [];
  const pairs = [
    ...[...text.matchAll(BOX_PAIR)].map((m) => ({ m })),
    ...[...text.matchAll(WORD_BOX_PAIR)].map((m) => ({ m })),
    ...[...text.matchAll(BARE_PAIR)].map((m) => ({ m })),
  ];
  for (const { m } of pairs) {
    const mark = m.index ?? 0;
    // A pair followed on its line by a question ("[X] Yes [ ] No   Have you ever…?") is that question's (leadingAnswers).
    const pairEnd = mark + m[0].length;
    const lineEnd = text.indexOf('\n', pairEnd);
    if (/\p{L}[^\n]*\?[ \t]*$/u.test(text.slice(pairEnd, lineEnd === -1 ? text.length : lineEnd))) continue;
    // The boxes stand before their words ("☐ Oui ☒ Non") or after them ("Oui ☐ Non ☒"), or a bare X by the word chosen: the ticked box's word is the answer.
    const answer = choiceOf(m[1]);
    const read = answer && answerAt(text, mark, pairEnd, answer, 0.9);
    if (read) out.push(read);
  }
  return out;
}

/** "Were you married before?  Sponsor: Yes   Applicant: No": one answer per person. */
function answersByRole(text: string): FormAnswer[] {
  const out: FormAnswer[] = [];
  for (const m of text.matchAll(ROLE_ANSWERS)) {
    const mark = m.index ?? 0;
    const { start, question } = questionBefore(text, mark);
    const topic = topicOf(question);
    if (!topic) continue;
    // The pairs stand on the question's line or the next one.
    const from = mark + m[0].length;
    const lineEnd = text.indexOf('\n', from);
    const line = text.slice(from, lineEnd === -1 ? text.length : lineEnd);
    // A line that prints boxes is read by its ticks (roleBoxAnswers), not by the first word after each label.
    if (new RegExp(BOX, 'u').test(line)) continue;
    const pairs = [...line.matchAll(LABEL_PAIR)].map((a) => ({ label: a[1].trim(), answer: a[2], end: from + (a.index ?? 0) + a[0].length }));
    // A family's columns ("Principal applicant: No   Spouse: Yes   Child: No") or a sponsor's and applicant's ("Sponsor: Yes   Applicant: No").
    const household = householdColumns(pairs.map((p) => p.label));
    pairs.forEach((p, i) => {
      const person = household ? household[i] : roleOf(p.label);
      if (person) out.push({ topic, answer: YES.test(p.answer) ? 'yes' : 'no', question, start, end: p.end, person, confidence: 0.85 });
    });
  }
  return out;
}

/** "Were you married before?\nRépondant : [X] Oui [ ] Non\nDemandeur : [ ] Oui [X] Non": each person's boxes on a line under the question. */
function roleBoxAnswers(text: string): FormAnswer[] {
  const out: FormAnswer[] = [];
  for (const m of text.matchAll(ROLE_BOX_LINE)) {
    const person = roleOf(m[1]);
    // Boxes before their words ("[ ] Oui [X] Non") or after them ("Oui [ ] Non [X]"), as the line begins.
    const boxFirst = new RegExp(String.raw`^[ \t]*${BOX}`, 'u').test(m[2]);
    const ticked = (boxFirst ? new RegExp(String.raw`${MARK}[ \t]*(yes|no|oui|non)(?![\p{L}])`, 'iu') : new RegExp(String.raw`(yes|no|oui|non)[ \t]*${MARK}`, 'iu')).exec(m[2]);
    if (!person || !ticked) continue;
    // The question is the last line ending in "?" above, with only other role lines between.
    const above = text.slice(0, m.index).replace(/\n$/, '');
    const lines = above.split('\n');
    let k = lines.length - 1;
    while (k >= 0 && new RegExp(ROLE_BOX_LINE.source, 'iu').test(lines[k])) k--;
    if (k < 0 || !/\?[ \t]*$/.test(lines[k])) continue;
    const topic = topicOf(lines[k]);
    if (!topic) continue;
    const start = lines.slice(0, k).join('\n').length + (k > 0 ? 1 : 0);
    out.push({ topic, answer: YES.test(ticked[1]) ? 'yes' : 'no', question: lines[k], start, end: m.index + m[0].length, person, confidence: 0.85 });
  }
  return out;
}

/** "[X] Yes [ ] No   Have you ever been refused…?": a checklist prints its boxes before each question. */
function leadingAnswers(text: string): FormAnswer[] {
  const out: FormAnswer[] = [];
  for (const m of text.matchAll(LEADING_PAIR)) {
    const topic = topicOf(m[2]);
    const answer = tickedAnswer(m[1]);
    if (topic && answer) out.push({ topic, answer, question: m[2], start: m.index, end: m.index + m[0].length, confidence: 0.85 });
  }
  return out;
}

/** "Question 6(d): refused refugee status…\nAnswer: No": the lines above the answer, back to a blank line or the previous answer, ask. */
function answerLines(text: string): FormAnswer[] {
  const out: FormAnswer[] = [];
  const lines: Array<{ start: number; text: string }> = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    lines.push({ start: offset, text: line });
    offset += line.length + 1;
  }
  const isAnswer = (line: string) => new RegExp(ANSWER_LINE.source, 'iu').test(line);
  lines.forEach((line, i) => {
    const m = new RegExp(ANSWER_LINE.source, 'iu').exec(line.text);
    if (!m) return;
    let k = i - 1;
    while (k >= 0 && k >= i - 4 && lines[k].text.trim() !== '' && !isAnswer(lines[k].text)) k--;
    const asked = lines.slice(k + 1, i);
    // A question with its mark is read by inlineAnswers ("?\nAnswer: No").
    if (asked.length === 0 || /\?[ \t]*$/.test(asked[asked.length - 1].text)) return;
    const question = asked.map((l) => l.text.trim()).join(' ');
    const topic = topicOf(question);
    if (topic) out.push({ topic, answer: YES.test(m[1]) ? 'yes' : 'no', question, start: asked[0].start, end: line.start + line.text.length, confidence: 0.85 });
  });
  return out;
}

/** Every form question answered on the page. */
export function formAnswers(page: string): FormAnswer[] {
  // No-break spaces read as spaces, one for one: offsets (and so quotes) stay those of the page.
  const text = plainSpaces(page);
  const byRole = [...answersByRole(text), ...roleBoxAnswers(text)];
  const boxes = [...boxAnswers(text), ...leadingAnswers(text), ...answerLines(text), ...letterAnswers(text)];
  // A role-by-role answer line is not also one answer for the form's author; a box pair is read once.
  const inline = inlineAnswers(text).filter((a) => !byRole.some((r) => r.start === a.start) && !boxes.some((b) => b.start === a.start));
  return [...inline, ...boxes, ...byRole].sort((a, b) => a.start - b.start);
}
