/**
 * A scan read by OCR often gives a digit for a letter of the same shape: "T0 WH0M IT MAY C0NCERN",
 * "emp1oyment", "sa1ary". In a word made of letters and only the digits 0 and 1, those digits are
 * the letters o and l: typing reads the word as written. A word with any other digit ("C12", "T4",
 * "A01984455"), a single letter beside a 1 ("T1", "B1": form and visa codes) or an ordinal ("1st",
 * "10th") is left as it is; a single letter before a 0 is a short word ("T0", "n0"). Only the text the typing lexicons are matched on is changed, never the text read
 * for facts or layout.
 */
const MIXED_WORD = /(?<![\p{L}\p{N}])[\p{L}01]*[01][\p{L}01]*(?![\p{L}\p{N}])/gu;
/** "1st", "10th", "1er", and numbers with a unit ("10am", "10h", "10kg"). */
const ORDINAL = /^[01]+(?:st|nd|rd|th|er|re|e|eme|ere|am|pm|h|kg|km|m|min|mm|cm)$/iu;
const MIN_LETTERS = 2;
const SHORT_WORD = /^\p{L}0$/u;

export function readOcrDigits(text: string): string {
  return text.replace(MIXED_WORD, (w) => {
    const letters = w.match(/\p{L}/gu)?.length ?? 0;
    if ((letters < MIN_LETTERS && !SHORT_WORD.test(w)) || ORDINAL.test(w)) return w;
    const capitals = w === w.toUpperCase();
    return w.replace(/0/g, capitals ? 'O' : 'o').replace(/1/g, capitals ? 'I' : 'l');
  });
}
