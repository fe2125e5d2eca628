import bundled from './injectionPatterns.json';
import {
  compilePatternRegex,
  InjectionPatternFile,
  type InjectionAttempt,
  type InjectionCategory,
  type InjectionPatternEntry,
} from '../../contracts/injectionAttempt';
import { DeterministicError } from '../errors/deterministicError';

/** The pattern file does not match its schema; `problems` names each bad field. */
export class InjectionPatternsInvalid extends DeterministicError {
  override readonly name = 'InjectionPatternsInvalid';
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file}: ${problems.join('; ')}`);
  }
}

export interface CompiledInjectionPattern extends Omit<InjectionPatternEntry, 'regex' | 'caseSensitive'> {
  /** Global, multiline, Unicode (and case-insensitive unless the entry says otherwise). */
  regex: RegExp;
}

/** A validated, compiled pattern set, ready for the detector. */
export interface InjectionPatternSet {
  readonly patterns: readonly CompiledInjectionPattern[];
  /** Matches a run of lead-in words at the very end of a string ("… please "). */
  readonly leadIn: RegExp;
  readonly categories: Readonly<Record<InjectionCategory, string>>;
  readonly byId: ReadonlyMap<string, CompiledInjectionPattern>;
}

/** Validates a pattern file (any JSON value) and compiles it. Throws InjectionPatternsInvalid. */
export function compileInjectionPatterns(raw: unknown, file = 'injectionPatterns.json'): InjectionPatternSet {
  const parsed = InjectionPatternFile.safeParse(raw);
  if (!parsed.success) {
    throw new InjectionPatternsInvalid(
      file,
      parsed.error.issues.map((i) => `${i.path.length ? `field '${i.path.join('.')}'` : 'file'}: ${i.message}`),
    );
  }
  const data = parsed.data;
  const patterns = data.patterns.map(({ regex, caseSensitive, ...rest }) => ({ ...rest, regex: compilePatternRegex(regex, caseSensitive) }));
  const leadIns = data.sentenceLeadIns.map((l) => `(?:${l})`).join('|');
  return {
    patterns,
    leadIn: new RegExp(String.raw`(?:(?<![\p{L}\p{N}])(?:${leadIns})[\s,:;]*)+$`, 'iu'),
    categories: data.categories,
    byId: new Map(patterns.map((p) => [p.id, p])),
  };
}

let bundledSet: InjectionPatternSet | undefined;

/** The patterns shipped with Case Audit (validated once per process). */
export function bundledInjectionPatterns(): InjectionPatternSet {
  bundledSet ??= compileInjectionPatterns(bundled, 'lambdas/core/injection/injectionPatterns.json');
  return bundledSet;
}

/**
 * A short sentence saying what an attempt tried, for a report: the matched pattern's explanation, or
 * the category's description when the pattern is no longer in the file (an audit stored earlier).
 */
export function describeInjectionAttempt(attempt: Pick<InjectionAttempt, 'pattern' | 'category'>, set: InjectionPatternSet = bundledInjectionPatterns()): string {
  const pattern = set.byId.get(attempt.pattern);
  if (pattern) return pattern.explanation;
  const category = set.categories[attempt.category];
  return category ? `This text ${category}.` : attempt.category;
}
