/**
 * What the signal finders' lexicons are made of (DESIGN §9: words a lawyer may read or change are
 * data). A lexicon file names phrase lists and word lists:
 *
 * - a phrase list is JavaScript regexes, any one of which is a match (each carries its own `\b`);
 * - a word list is regex fragments (`sons?`, `Montr[ée]al`) that a phrase names as `{listName}`.
 *
 * The finder decides the flags of each list (case-insensitive, Unicode); the lexicon file's schema
 * says which. Each phrase is checked on its own, so an error names the list and the phrase's index.
 */
import * as z from 'zod';
import { DeterministicError } from '../../../../core/errors/deterministicError';

/** A lexicon file that does not match its schema; `problems` names each bad field. */
export class LexiconInvalid extends DeterministicError {
  override readonly name = 'LexiconInvalid';
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`lexicon ${file} is invalid: ${problems.join('; ')}`);
  }
}

/** A non-empty list of regex sources; one listed twice is a mistake. */
const listOfRegexSources = () =>
  z
    .array(z.string().trim().min(1))
    .min(1)
    .superRefine((entries, ctx) => {
      entries.forEach((entry, i) => {
        if (entries.indexOf(entry) !== i) ctx.addIssue({ code: 'custom', path: [i], message: `'${entry}' is listed twice` });
      });
    });

/** Regex fragments filled into phrases at `{name}`. */
export const WordList = listOfRegexSources();

/** Regexes, any one of which is a match. */
export const PhraseList = listOfRegexSources();

/** `{name}` in a phrase: a word list. Quantifiers (`{0,3}`) never start with a letter; `\p{Lu}` is a Unicode class. */
const PLACEHOLDER = /(?<!\\[pPk])\{([A-Za-z]\w*)\}/g;

/** Why a regex does not compile, without the regex (the message names the phrase already). */
const compileError = (err: unknown): string => (err as Error).message.replace(/^Invalid regular expression: \/.*\/\w*: /s, '');

/** Where to report a problem in the file, and how to report it. */
interface IssueSink {
  addIssue(issue: { code: 'custom'; path: PropertyKey[]; message: string }): void;
}

/**
 * One regex matching any phrase of `list`, each `{name}` replaced by the alternation of the word list
 * `name`. A phrase that names no known word list, does not compile with `flags` or matches the empty
 * string is reported at `path`.`index`; the result is then not to be used.
 */
export function compilePhrases(list: readonly string[], flags: string, words: Readonly<Record<string, readonly string[]>>, ctx: IssueSink, path: PropertyKey[]): RegExp {
  const filled = list.map((phrase, i) => {
    const source = phrase.replace(PLACEHOLDER, (whole, name: string) => {
      if (!Object.hasOwn(words, name)) {
        const known = Object.keys(words);
        ctx.addIssue({ code: 'custom', path: [...path, i], message: `${whole} names no word list (${known.length ? `word lists: ${known.join(', ')}` : 'this lexicon has none'})` });
        return '';
      }
      return `(?:${words[name].join('|')})`;
    });
    try {
      if (new RegExp(source, flags).test('')) ctx.addIssue({ code: 'custom', path: [...path, i], message: `regex /${phrase}/ matches the empty string` });
    } catch (err) {
      ctx.addIssue({ code: 'custom', path: [...path, i], message: `regex /${phrase}/ does not compile with flags '${flags}' (${compileError(err)})` });
    }
    return source;
  });
  try {
    return new RegExp(filled.join('|'), flags);
  } catch {
    return /(?!)/; // already reported phrase by phrase
  }
}

/** Parses a lexicon file's data with its schema; throws LexiconInvalid naming the file and each bad field. */
export function parseLexicon<T extends z.ZodType>(schema: T, file: string, data: unknown): z.output<T> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new LexiconInvalid(file, parsed.error.issues.map((i) => `${i.path.length ? `field '${i.path.map(String).join('.')}'` : 'file'}: ${i.message}`));
  return parsed.data;
}
