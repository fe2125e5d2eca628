export interface Pinpoint {
  /** Normalised: `para 99`, `paras 85-86`, `paras 85, 86`, `p 12`, `pp 12-14`. */
  pinpoint: string;
  /** Offset just after the pinpoint. */
  end: number;
}

const H = '[ \\t\\u00a0]';
const NUMBER_LIST = String.raw`\d{1,4}(?:${H}{0,2}(?:-|–|—|to|and|&|,)${H}{0,2}\d{1,4}){0,8}`;
// `, at para 99`, ` at paras 85-86`, `, para. 23`, ` at ¶ 12`, ` at p. 5`: a comma or `at` is required.
const PINPOINT = new RegExp(
  String.raw`${H}{0,3}(,)?${H}{0,3}(at${H}{1,3})?(paragraphs?|paras?\.?|¶¶?|pages?|pp?\.)${H}{0,3}(${NUMBER_LIST})(?![\p{L}\p{N}])`,
  'uy',
);

/** Reads a pinpoint that starts at `from` (right after a citation or case name), if there is one. */
export function readPinpoint(text: string, from: number): Pinpoint | undefined {
  PINPOINT.lastIndex = from;
  const m = PINPOINT.exec(text);
  if (!m || (m[1] === undefined && m[2] === undefined)) return undefined;
  const isPage = /^p(?:ages?|p?\.)$/.test(m[3]);
  const numbers = m[4]
    .replace(/\s*(?:-|–|—|to)\s*/g, '-')
    .replace(/\s*(?:and|&|,)\s*/g, ', ')
    .trim();
  const several = /[-,]/.test(numbers);
  const unit = isPage ? (several ? 'pp' : 'p') : several ? 'paras' : 'para';
  return { pinpoint: `${unit} ${numbers}`, end: m.index + m[0].length };
}
