/** Invisible format characters (zero-width spaces and joiners, soft hyphens, bidi controls, BOM). */
const FORMAT_CHARACTERS = /\p{Cf}/gu;

/**
 * Text as the detector reads it. NFKC folds look-alike forms an attacker can use to slip past a
 * pattern (full-width letters `ｉｇｎｏｒｅ`, ligatures, non-breaking spaces) into plain ones, and
 * invisible format characters are removed, so `ig\u200Bnore` reads as `ignore`. Line breaks are kept:
 * the sentence-start rule looks at them.
 */
export function normalizeForScan(text: string): string {
  return text.normalize('NFKC').replace(FORMAT_CHARACTERS, '');
}
