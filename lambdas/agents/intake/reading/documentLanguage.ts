/**
 * A document's language from its function words (documents/typing/lexicon/functionWords.json):
 * English, French, another language (its own function words outnumber those only English or only
 * French use, or its words in letters or a script neither English nor French writes outnumber its
 * English and French function words), or unknown (too little text to say).
 */
import type { Language } from '../../../contracts/caseFacts';
import functionWords from '../documents/typing/lexicon/functionWords.json';

const EN = new Set(functionWords.english);
const FR = new Set(functionWords.french);
const DISTINCT_EN = new Set(functionWords.distinctive.en);
const DISTINCT_FR = new Set(functionWords.distinctive.fr);
const OTHERS = Object.values(functionWords.otherLanguages).map((list) => new Set(list));
/** A word written with a letter English and French do not use, or in a script other than Latin (checked before accents are removed). */
const FOREIGN_WORD = new RegExp(`[${functionWords.foreignLetters}]|[^\\p{Script=Latin}\\p{M}]`, 'iu');

const MIN_WORDS = 8;
const MAX_WORDS = 4000;
/** Fewer words of another language than this is a name or a quotation, not the document's language. */
const MIN_OTHER = 3;
/** Names in an English or French table carry such letters too: a fifth of the words is a language. */
const FOREIGN_SHARE = 0.2;

export function documentLanguage(text: string): Language {
  const written = (text.normalize('NFC').match(/\p{L}[\p{L}\p{M}]*/gu) ?? []).slice(0, MAX_WORDS);
  const words = written.map((w) => w.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase());
  if (words.length < MIN_WORDS) return 'unknown';
  const count = (set: ReadonlySet<string>) => words.reduce((n, w) => n + (set.has(w) ? 1 : 0), 0);
  const other = Math.max(...OTHERS.map(count));
  if (other >= MIN_OTHER && other > Math.max(count(DISTINCT_EN), count(DISTINCT_FR))) return 'other';
  const en = count(EN);
  const fr = count(FR);
  // Polish, Turkish, Russian, Arabic…: no function-word list, but letters or a script English and French never write.
  const foreign = written.filter((w) => FOREIGN_WORD.test(w)).length;
  if (foreign >= MIN_OTHER && foreign >= FOREIGN_SHARE * words.length && foreign > en + fr) return 'other';
  // Lists and tables have few function words: without any, the language is not known (and still read).
  if (en + fr < 2) return 'unknown';
  return fr > en ? 'fr' : 'en';
}
