import { createHash } from 'node:crypto';
import { CASE_ID_PATTERN } from './auditRequest';

/** Longest readable part of a derived caseId; the hash suffix comes on top. */
const MAX_SLUG_LENGTH = 64;
/** Hex digits of the name's sha256 that keep derived caseIds apart. */
const HASH_LENGTH = 8;
/** The readable part when nothing of the name can be spelled in ASCII. */
const FALLBACK_SLUG = 'case';

/**
 * Letters that lose what makes them distinct when decomposed (й would become и, ё would become е),
 * so they are spelled out before decomposition. Keys are lower case.
 */
const BEFORE_DECOMPOSITION: Readonly<Record<string, string>> = {
  й: 'y', ё: 'yo', ї: 'yi',
};

/** Lower-case letters with no ASCII decomposition, spelled in ASCII. */
const SPELLED_IN_ASCII: Readonly<Record<string, string>> = {
  // Latin
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ħ: 'h', ı: 'i', ŋ: 'ng', ſ: 's', ƒ: 'f',
  // Greek (after accents are removed)
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm',
  ν: 'n', ξ: 'x', ο: 'o', π: 'p', ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'f', χ: 'ch', ψ: 'ps', ω: 'o',
  // Cyrillic (Russian, Ukrainian, Belarusian, Serbian, Macedonian)
  а: 'a', б: 'b', в: 'v', г: 'g', ґ: 'g', д: 'd', ђ: 'dj', ѓ: 'gj', е: 'e', є: 'ye', ж: 'zh', з: 'z', ѕ: 'dz',
  и: 'i', і: 'i', ј: 'j', к: 'k', л: 'l', љ: 'lj', м: 'm', н: 'n', њ: 'nj', о: 'o', п: 'p', р: 'r', с: 's',
  т: 't', ћ: 'c', ќ: 'kj', у: 'u', ў: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', џ: 'dz', ш: 'sh', щ: 'shch',
  ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};

/** Greek letter pairs read as one sound. */
const GREEK_PAIRS: ReadonlyArray<[RegExp, string]> = [[/ου/g, 'ou']];

/**
 * A caseId for a case folder that has none in its audit.json. A name that already is a valid caseId
 * is kept as it is. Any other name is spelled in lower-case ASCII (accents removed, Greek and Cyrillic
 * transliterated, everything else a separator), cut to a readable length, and followed by `-` and
 * eight hex digits of the sha256 of the name in NFC, so two different names never share a caseId and
 * the same name gives the same caseId on every machine. A name with nothing spellable gives `case-<hash>`.
 */
export function caseIdFromFolderName(name: string): string {
  const composed = name.normalize('NFC');
  if (CASE_ID_PATTERN.test(composed)) return composed;
  const slug = slugify(composed) || FALLBACK_SLUG;
  return `${slug}-${nameHash(composed)}`;
}

function slugify(composed: string): string {
  let text = Array.from(composed.toLowerCase(), (c) => BEFORE_DECOMPOSITION[c] ?? c).join('');
  text = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  for (const [pair, spelled] of GREEK_PAIRS) text = text.replace(pair, spelled);
  const ascii = Array.from(text, (c) => (/[a-z0-9._-]/.test(c) ? c : SPELLED_IN_ASCII[c] ?? '-')).join('');
  const tidy = (s: string) =>
    s
      .replace(/[._-]*-[._-]*/g, '-') // any run of separators holding a dash reads as one dash
      .replace(/^[^a-z0-9]+/, '')
      .replace(/[^a-z0-9]+$/, '');
  return tidy(tidy(ascii).slice(0, MAX_SLUG_LENGTH));
}

function nameHash(composed: string): string {
  return createHash('sha256').update(composed, 'utf8').digest('hex').slice(0, HASH_LENGTH);
}
