/**
 * A trigger inside the quoted label of a form's field: "The field "Previous marriage … - date of
 * divorce" was left blank", « La case « Mariage antérieur de votre époux — date du divorce » est restée
 * vide ». The writer names the field, or the question, to say how it was answered: the quoted words
 * are its label, no event. Words: eventMentions.json `fieldWords`.
 */
import lexicon from '../lexicons/eventMentions.json';

/** A field word, then at most a few words, then an opening quotation mark, at the end of the text. */
const FIELD_THEN_QUOTE = new RegExp(`(?<![\\p{L}])(?:${lexicon.fieldWords.join('|')})(?![\\p{L}])[^.;!?\\n"“”«»]{0,25}["“«][ \\u00a0]*$`, 'iu');
/** Quotation marks, opening or closing. */
const QUOTES = /["“”«»]/gu;

/** Whether the trigger at `index` is inside a quoted field label (the quote opened after a field word, not closed before the trigger). */
export function inFieldLabel(text: string, index: number): boolean {
  const before = text.slice(Math.max(0, index - 160), index);
  const marks = [...before.matchAll(QUOTES)];
  const open = marks[marks.length - 1];
  if (!open || open[0] === '”' || open[0] === '»') return false;
  // A plain " opens a quote when an even number of plain quotes stands before it.
  if (open[0] === '"' && marks.filter((m) => m[0] === '"').length % 2 === 0) return false;
  return FIELD_THEN_QUOTE.test(before.slice(0, (open.index ?? 0) + 1));
}
