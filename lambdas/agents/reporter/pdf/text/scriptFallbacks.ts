/**
 * The faces the PDF report falls back to for scripts DejaVu has no glyphs for, and the code points each
 * is consulted for: data read by pdfFonts.ts, which loads a face only when a report has such a character.
 */

/** Code points from the first to the last, inclusive. */
export type Range = readonly [number, number];

/** A face for scripts DejaVu has no glyphs for, and the code points it is consulted for. */
export interface ScriptFallback {
  file: string;
  scripts: string;
  ranges: readonly Range[];
}

/** Indic signs several of the Noto faces carry: the Devanagari stress signs and the dandas. */
const STRESS: Range = [0x0951, 0x0952];
const DANDA: Range = [0x0964, 0x0965];

/**
 * Faces for the scripts DejaVu lacks (Noto Sans, SIL OFL 1.1; Droid Sans Fallback, Apache 2.0: see
 * fonts/README.md), tried in this order after the DejaVu faces of every role. They come in one
 * weight: bold or italic text in these scripts is set in the regular face. Each is consulted only for
 * a character in its ranges (its script's blocks, and the Indic signs it shares), so its file is read,
 * parsed and embedded only when a report has such a character: a report of Latin names never opens
 * one. A test checks that every character a file has and DejaVu lacks is inside that file's ranges.
 */
export const SCRIPT_FALLBACKS: readonly ScriptFallback[] = [
  { file: 'NotoSansDevanagari-Regular.ttf', scripts: 'Devanagari (Hindi, Marathi, Nepali)', ranges: [[0x0900, 0x097f], [0x1cd0, 0x1cff], [0x20f0, 0x20f0], [0xa830, 0xa83f], [0xa8e0, 0xa8ff]] },
  { file: 'NotoSansBengali-Regular.ttf', scripts: 'Bengali (Bangla, Assamese)', ranges: [STRESS, DANDA, [0x0980, 0x09ff], [0x1cd0, 0x1cff], [0xa8f1, 0xa8f1]] },
  { file: 'NotoSansGurmukhi-Regular.ttf', scripts: 'Gurmukhi (Punjabi)', ranges: [STRESS, DANDA, [0x0a00, 0x0a7f], [0xa830, 0xa83f]] },
  { file: 'NotoSansGujarati-Regular.ttf', scripts: 'Gujarati', ranges: [STRESS, DANDA, [0x0a80, 0x0aff], [0xa830, 0xa83f]] },
  { file: 'NotoSansOriya-Regular.ttf', scripts: 'Odia', ranges: [DANDA, [0x0b00, 0x0b7f]] },
  { file: 'NotoSansTamil-Regular.ttf', scripts: 'Tamil', ranges: [STRESS, DANDA, [0x0b80, 0x0bff], [0x1cda, 0x1cda], [0xa8f3, 0xa8f3], [0x11300, 0x1137f]] },
  { file: 'NotoSansTelugu-Regular.ttf', scripts: 'Telugu', ranges: [STRESS, DANDA, [0x0c00, 0x0c7f], [0x1cda, 0x1cda], [0x1cf2, 0x1cf2]] },
  { file: 'NotoSansKannada-Regular.ttf', scripts: 'Kannada', ranges: [STRESS, DANDA, [0x0c80, 0x0cff], [0x1cd0, 0x1cff], [0xa830, 0xa83f]] },
  { file: 'NotoSansMalayalam-Regular.ttf', scripts: 'Malayalam', ranges: [STRESS, DANDA, [0x0d00, 0x0d7f], [0x1cda, 0x1cda], [0xa830, 0xa83f]] },
  { file: 'NotoSansSinhala-Regular.ttf', scripts: 'Sinhala', ranges: [DANDA, [0x0d80, 0x0dff], [0x111e0, 0x111ff]] },
  { file: 'NotoSansThai-Regular.ttf', scripts: 'Thai', ranges: [[0x0e00, 0x0e7f]] },
  { file: 'NotoSansKhmer-Regular.ttf', scripts: 'Khmer', ranges: [[0x1780, 0x17ff], [0x19e0, 0x19ff]] },
  {
    file: 'NotoSansArabic-Regular.ttf',
    scripts: 'Arabic-script letters DejaVu lacks (Urdu ہ ے ۓ, and others of Pashto, Sindhi, Kurdish)',
    ranges: [[0x0600, 0x06ff], [0x0750, 0x077f], [0x0870, 0x08ff], [0xfb50, 0xfdff], [0xfe70, 0xfeff], [0x2e41, 0x2e41]],
  },
  { file: 'NotoSansEthiopic-Regular.ttf', scripts: 'Ethiopic (Amharic, Tigrinya)', ranges: [[0x1200, 0x139f], [0x2d80, 0x2ddf], [0xab00, 0xab2f]] },
  {
    file: 'DroidSansFallback.ttf',
    scripts: 'Chinese, Japanese and Korean (ideographs, kana, hangul)',
    ranges: [
      [0x1100, 0x11ff], [0x3000, 0x33ff], [0x3400, 0x4dbf], [0x4e00, 0x9fff], [0xac00, 0xd7af],
      [0xf900, 0xfaff], [0xfe10, 0xfe1f], [0xfe30, 0xfe6f], [0xff00, 0xffef], [0x10400, 0x1044f],
    ],
  },
];

/** Whether the code point is in one of the ranges. */
export const inRanges = (cp: number, ranges: readonly Range[]): boolean => ranges.some(([from, to]) => cp >= from && cp <= to);
