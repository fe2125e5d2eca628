/** Characters after which the next word opens a sentence, a list item, a quotation or a heading. */
const OPENERS_BEFORE = new Set(['.', '!', '?', ':', ';', '"', "'", '“', '”', '‘', '’', '«', '»', '‹', '›', '(', ')', '[', ']', '{', '}', '<', '>', '*', '#', '|', '•', '·', '…', '—', '–', '-', '=', '~', '`']);

/** How far back (characters) lead-in words are looked for. */
const LEAD_IN_LOOKBACK = 120;

/**
 * Whether `text[index]` begins a sentence: it is the first thing in the text, it follows sentence
 * punctuation, a bracket or a quote, or it starts a new line with a capital letter. A lower-case word
 * at the start of a wrapped line ("the officer chose to\nignore …") continues a sentence.
 */
function atBoundary(text: string, index: number): boolean {
  let i = index - 1;
  let newLine = false;
  while (i >= 0 && /\s/.test(text[i])) {
    if (text[i] === '\n' || text[i] === '\r' || text[i] === '\f') newLine = true;
    i--;
  }
  if (i < 0) return true;
  if (OPENERS_BEFORE.has(text[i])) return true;
  return newLine && /\p{Lu}/u.test(text[index] ?? '');
}

/**
 * Whether the phrase at `index` is said as an order of its own, not inside a longer sentence:
 * it opens a sentence, or only lead-in words ("Please", "Now, you must", "Assistant,") stand between
 * it and the start of one. `leadIn` matches a run of such words at the end of a string.
 */
export function opensSentence(text: string, index: number, leadIn: RegExp): boolean {
  if (atBoundary(text, index)) return true;
  const before = text.slice(Math.max(0, index - LEAD_IN_LOOKBACK), index);
  const lead = leadIn.exec(before);
  return lead !== null && lead[0].length > 0 && atBoundary(text, index - lead[0].length);
}
