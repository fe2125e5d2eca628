/**
 * A document's language from its function words (documents/typing/lexicon/functionWords.json):
 * English, French, another language (its own function words outnumber those only English or only
 * French use), or unknown (too little text to say).
 */
import type { Language } from '../../../contracts/caseFacts';
import functionWords from '../documents/typing/lexicon/functionWords.json';

const EN = new Set(functionWords.english);
const FR = new Set(functionWords.french);
const DISTINCT_EN = new Set(functionWords.distinctive.en);
const DISTINCT_FR = new Set(functionWords.distinctive.fr);
const OTHERS = Object.values(functionWords.otherLanguages).map((list) => new Set(list));

const MIN_WORDS = 8;
const MAX_WORDS = 4000;
/** Fewer words of another language than this is a name or a quotation, not the document's language. */
const MIN_OTHER = 3;

export function documentLanguage(text: string): Language {
  const words = (text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().match(/\p{L}+/gu) ?? []).slice(0, MAX_WORDS);
  if (words.length < MIN_WORDS) return 'unknown';
  const count = (set: ReadonlySet<string>) => words.reduce((n, w) => n + (set.has(w) ? 1 : 0), 0);
  const other = Math.max(...OTHERS.map(count));
  if (other >= MIN_OTHER && other > Math.max(count(DISTINCT_EN), count(DISTINCT_FR))) return 'other';
  const en = count(EN);
  const fr = count(FR);
  // Lists and tables have few function words: without any, the language is not known (and still read).
  if (en + fr < 2) return 'unknown';
  return fr > en ? 'fr' : 'en';
}
