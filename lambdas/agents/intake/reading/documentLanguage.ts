/**
 * A document's language from its function words: English, French, another language (text, but
 * neither's function words), or unknown (too little text to say).
 */
import type { Language } from '../../../contracts/caseFacts';

const EN = new Set(['the', 'and', 'of', 'to', 'in', 'is', 'that', 'for', 'was', 'with', 'on', 'as', 'have', 'has', 'by', 'my', 'this', 'are', 'from', 'at', 'be', 'your', 'you', 'we', 'our', 'not', 'an', 'or', 'date', 'name']);
const FR = new Set(['le', 'la', 'les', 'et', 'de', 'des', 'du', 'un', 'une', 'est', 'que', 'qui', 'pour', 'dans', 'par', 'sur', 'au', 'aux', 'avec', 'nous', 'vous', 'mon', 'ma', 'mes', 'votre', 'sont', 'été', 'pas', 'ce', 'cette', 'nom']);

/** Function words of other languages written in Latin script (Spanish, Portuguese, Italian, German, Dutch, Tagalog, …). */
const OTHER = new Set(['el', 'los', 'las', 'del', 'y', 'con', 'una', 'para', 'por', 'em', 'da', 'dos', 'das', 'não', 'della', 'che', 'di', 'gli', 'der', 'und', 'ist', 'mit', 'het', 'een', 'ng', 'ang', 'mga', 'ay']);

export function documentLanguage(text: string): Language {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.length < 8) return 'unknown';
  let en = 0;
  let fr = 0;
  let other = 0;
  for (const w of words.slice(0, 4000)) {
    if (EN.has(w)) en++;
    if (FR.has(w)) fr++;
    if (OTHER.has(w)) other++;
  }
  if (other > Math.max(en, fr)) return 'other';
  // Lists and tables have few function words: without any, the language is not known (and still read).
  if (en + fr < 2) return 'unknown';
  return fr > en ? 'fr' : 'en';
}
