import * as z from 'zod';
import bundled from './hiddenTextRules.json';
import { DeterministicError } from '../../../../core/errors/deterministicError';

/** `200B` or a range `2061-2064` (hexadecimal code points). */
const CODE_POINT_RANGE = /^([0-9A-F]{4,6})(?:-([0-9A-F]{4,6}))?$/;

const ControlCharacterClass = z.strictObject({
  id: z.string().regex(/^[a-z]+(?:-[a-z]+)*$/),
  label: z.string().min(1),
  codePoints: z.array(z.string().regex(CODE_POINT_RANGE, 'a hexadecimal code point such as "200B" or a range such as "2061-2064"')).min(1),
  /** Out-of-place characters of this class on one page that make it suspicious. */
  minCount: z.number().int().positive(),
  /** As few as this many inside a Latin-script word ("ig\u200Bnore") are suspicious too. */
  minCountInsideLatinWord: z.number().int().positive().optional(),
  /** Quarantine the text the character governs (to the matching pop or the end of the line), not only the character. */
  quarantineRun: z.boolean().default(false),
  /** The characters spell ASCII text (U+E0041 is "A"); record what they spell. */
  decodeAsAscii: z.boolean().default(false),
});

export const HiddenTextRulesFile = z.strictObject({
  $comment: z.string().optional(),
  pdf: z.strictObject({
    $comment: z.string().optional(),
    minFontSizePt: z.number().positive(),
    minContrastRatio: z.number().min(1).max(21),
    minOpacity: z.number().min(0).max(1),
    /** A hidden span with fewer letters or digits than this is left in the text (a white bullet, a stray dot). */
    minPassageLetters: z.number().int().positive(),
  }),
  controlCharacters: z.strictObject({
    $comment: z.string().optional(),
    classes: z.array(ControlCharacterClass).min(1),
  }),
});
export type HiddenTextRulesFile = z.infer<typeof HiddenTextRulesFile>;

export interface CompiledControlClass extends Omit<z.infer<typeof ControlCharacterClass>, 'codePoints'> {
  has(codePoint: number): boolean;
  /** Matches any character of the class: one native scan tells whether a page needs looking at. */
  pattern: RegExp;
}

export interface HiddenTextRules {
  pdf: HiddenTextRulesFile['pdf'];
  controlClasses: readonly CompiledControlClass[];
}

/** The rules file does not match its schema or two classes claim the same character. */
export class HiddenTextRulesInvalid extends DeterministicError {
  override readonly name = 'HiddenTextRulesInvalid';
  constructor(readonly problems: string[]) {
    super(`hiddenTextRules.json: ${problems.join('; ')}`);
  }
}

function ranges(codePoints: readonly string[]): Array<[number, number]> {
  return codePoints.map((c) => {
    const m = CODE_POINT_RANGE.exec(c)!;
    const from = parseInt(m[1], 16);
    return [from, m[2] ? parseInt(m[2], 16) : from];
  });
}

export function compileHiddenTextRules(raw: unknown): HiddenTextRules {
  const parsed = HiddenTextRulesFile.safeParse(raw);
  if (!parsed.success) {
    throw new HiddenTextRulesInvalid(parsed.error.issues.map((i) => `${i.path.join('.') || 'file'}: ${i.message}`));
  }
  const problems: string[] = [];
  const seen: Array<{ id: string; from: number; to: number }> = [];
  const controlClasses = parsed.data.controlCharacters.classes.map(({ codePoints, ...rest }) => {
    const spans = ranges(codePoints);
    for (const [from, to] of spans) {
      if (to < from) problems.push(`class '${rest.id}': range ${from.toString(16)}-${to.toString(16)} runs backwards`);
      const clash = seen.find((s) => from <= s.to && s.from <= to);
      if (clash) problems.push(`class '${rest.id}' and class '${clash.id}' both list U+${Math.max(from, clash.from).toString(16).toUpperCase()}`);
      seen.push({ id: rest.id, from, to });
    }
    const hex = (cp: number) => `\\u{${cp.toString(16)}}`;
    const pattern = new RegExp(`[${spans.map(([from, to]) => (from === to ? hex(from) : `${hex(from)}-${hex(to)}`)).join('')}]`, 'u');
    return { ...rest, has: (cp: number) => spans.some(([from, to]) => cp >= from && cp <= to), pattern };
  });
  if (problems.length) throw new HiddenTextRulesInvalid(problems);
  return { pdf: parsed.data.pdf, controlClasses };
}

let bundledRules: HiddenTextRules | undefined;

/** The rules shipped with Case Audit (validated once per process). */
export function bundledHiddenTextRules(): HiddenTextRules {
  bundledRules ??= compileHiddenTextRules(bundled);
  return bundledRules;
}
