export interface Pinpoint {
  /** Normalised: `para 99`, `paras 85-86`, `paras 85, 86`, `p 12`, `pp 12-14`. */
  pinpoint: string;
  /** Offset just after the pinpoint. */
  end: number;
}

// The reader runs on text whose whitespace is collapsed to single spaces.
const S = ' ?';
/** A further number in a list must not start the next citation (`para 99, 2019 SCC 65`, `para 9, 174 DLR (4th) 1`). */
const MORE = String.raw`${S}(?:-|–|—|to|and|&|,|et|à)${S}\d{1,4}(?!\d|${S}(?:[A-Z]\.? ?[A-Z]|CanLII|Imm|Admin|\[\d{4}\]|\(\d{4}\)))`;
const NUMBER_LIST = String.raw`\d{1,4}(?:${MORE}){0,8}`;
const PARAGRAPH = String.raw`paragraphs?|paragraphes?|paras?\.?|par\.?|¶¶?`;
const PAGE = String.raw`pages?|pp?\.|p`;
// English: `, at para 99`, ` at paras 85-86`, `, para. 23`, ` at ¶ 12`, ` at p. 5`, ` at 841` (a bare page, printed reports only).
// French: `, au par. 22`, ` aux par. 22-25`, ` aux paragraphes 85 et 86`, ` à la p. 841`, `, p. 841`.
const PINPOINT = new RegExp(
  String.raw`${S}(,)?${S}(at |aux? |à la |à )?(?:(${PARAGRAPH})|(${PAGE}))?${S}(${NUMBER_LIST})(?![\p{L}\p{N}])`,
  'uy',
);

function isLead(m: RegExpExecArray): boolean {
  return m[1] !== undefined || m[2] !== undefined;
}

/**
 * Reads a pinpoint that starts at `from` (right after a citation or case name), if there is one.
 * A comma or `at`/`au`/`aux`/`à la` is required; a bare number after `at` (`at 841`) counts only
 * when `pagesAllowed` (a printed report, `supra`, `ibid`), and is a page.
 */
export function readPinpoint(text: string, from: number, pagesAllowed = false): Pinpoint | undefined {
  PINPOINT.lastIndex = from;
  const m = PINPOINT.exec(text);
  if (!m || !isLead(m)) return undefined;
  const [, , at, paragraph, page] = m;
  if (paragraph === undefined && page === undefined && !(pagesAllowed && at?.trim() === 'at')) return undefined;
  // `p` alone is a page only as `p.`, or right after `at`/`à la`.
  if (page === 'p' && at === undefined) return undefined;
  const numbers = m[5]
    .replace(/\s*(?:-|–|—|to|à)\s*/g, '-')
    .replace(/\s*(?:and|&|,|et)\s*/g, ', ')
    .trim();
  const several = /[-,]/.test(numbers);
  const isPage = paragraph === undefined;
  const unit = isPage ? (several ? 'pp' : 'p') : several ? 'paras' : 'para';
  return { pinpoint: `${unit} ${numbers}`, end: m.index + m[0].length };
}
