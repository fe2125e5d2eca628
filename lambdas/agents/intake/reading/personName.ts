/**
 * A person's name as documents write it, read into one order: given names first. Forms and civil
 * records put the family name first, in capitals or before a comma ("VOGEL, Tobias", "KONAN Yao
 * Serge", "Nom : BAH, Aïssatou"); letters write "Mr. Tobias Vogel". Titles are dropped; the name
 * ends where the words stop being a name (a date, a next field's label, a parenthesis).
 */
import partiesJson from './lexicons/parties.json';

const HONORIFIC = new RegExp(String.raw`^(?:(?:${partiesJson.honorifics.join('|')})\.?\s+)+`, 'iu');
const PARTICLES = new Set(partiesJson.particles);
const LABEL_WORDS = new Set(partiesJson.labelWords);
const NOT_A_PERSON = new Set(partiesJson.notAPerson);
/** A word of a name: capitalised or in capitals, with inner hyphens and apostrophes (O'Connor, Jean-Baptiste, Al-Rashidi). */
const NAME_WORD = /^(?:[\p{Lu}][\p{L}\p{M}'’]*(?:-[\p{L}\p{M}'’]+)*\.?|(?:d|l)['’][\p{Lu}][\p{L}\p{M}'’-]*)$/u;
const UPPER = /^[\p{Lu}\p{M}'’.-]+$/u;
/** "CHOUDHURY/TANVIR MR": the airline order, family name, a slash, given names and a title. */
const AIRLINE_NAME = /^(\p{Lu}[\p{Lu}\p{M}'’-]+(?: \p{Lu}[\p{Lu}\p{M}'’-]+)*)\/(\p{Lu}[\p{Lu}\p{M}'’-]+(?: \p{Lu}[\p{Lu}\p{M}'’-]+)*)(?![\p{L}\/])/u;
const AIRLINE_TITLE = / (?:MR|MRS|MS|MISS|MSTR|DR|MME|MLLE)$/u;

export interface PersonName {
  /** Given names first. */
  name: string;
  /** Characters of the text the name was read from (from its start), for the evidence. */
  length: number;
}

const isUpper = (w: string) => UPPER.test(w) && /\p{Lu}{2}/u.test(w);

/** Name words at the start of `words`, stopping before anything that is not a name. */
function nameWords(words: string[]): string[] {
  const out: string[] = [];
  for (const w of words) {
    if (/:$/.test(w)) break;
    // Punctuation after a word ends the name ("Al-Rashidi)", "Almeida.").
    const bare = w.replace(/[,;)\]»"”]+$/, '').replace(/(?<=\p{L}{2})\.$/u, '');
    if (LABEL_WORDS.has(bare.toLowerCase().replace(/\.$/, '')) && out.length > 0) break;
    // A middle initial ("Rosario T. Dumalagan") belongs to the name; a leading one is a signature ("O. Khalid").
    if (NAME_WORD.test(bare) && (out.length > 0 || !/^\p{Lu}\.$/u.test(bare))) out.push(w);
    else if (out.length > 0 && PARTICLES.has(bare)) out.push(w);
    else break;
    if (bare !== w) {
      out[out.length - 1] = bare + (/^,/.test(w.slice(bare.length)) ? ',' : '');
      break;
    }
  }
  while (out.length && (PARTICLES.has(out[out.length - 1].replace(/[,;]$/, '')) || /^\p{Lu}\.$/u.test(out[out.length - 1]))) out.pop();
  return out;
}

/**
 * Reads a person's name at the start of `text` (after any title). `familyFirst` says the text is a
 * form value or a civil record, where a family name before a comma comes first ("Wanjiru, Faith").
 */
export function readPersonName(text: string, familyFirst = false): PersonName | undefined {
  const title = HONORIFIC.exec(text)?.[0] ?? '';
  // A tab or a run of spaces is a form's column gap: a name never spans one ("KOVAC   Given name(s)").
  const rest = text.slice(title.length).split('\n')[0].split(/\t|[ ]{3,}/)[0];
  // An airline's "FAMILY/GIVEN MR" (boarding passes, e-tickets): the family name before the slash.
  const airline = AIRLINE_NAME.exec(rest);
  // Two airport codes either side of the slash ("DXB/YYZ") are a route, not a name.
  if (airline && !/^\p{Lu}{3}\/\p{Lu}{3}(?!\p{L})/u.test(rest) && !NOT_A_PERSON.has(airline[1].toLowerCase())) {
    const given = airline[2].replace(AIRLINE_TITLE, '');
    return { name: `${given} ${airline[1]}`, length: title.length + airline[1].length + 1 + given.length };
  }
  const found = [...rest.matchAll(/[^ \t\n]+/g)];
  const words = found.map((m) => m[0]);
  const first = nameWords(words);
  if (first.length === 0) return undefined;
  const head = first.map((w) => w.replace(/[,;]$/, ''));
  const lengthOf = (n: number) => title.length + (n > 0 ? (found[n - 1].index ?? 0) + found[n - 1][0].length : 0);
  // "FAMILY, Given" (or, on a form, "Family, Given"): the part after the comma is the given names.
  if (first[first.length - 1].endsWith(',') && (head.every(isUpper) || (familyFirst && head.length === 1))) {
    const given = nameWords(words.slice(first.length));
    if (given.length > 0 && ![...given, ...head].some((w) => NOT_A_PERSON.has(w.replace(/[,;]$/, '').toLowerCase()))) {
      const last = given[given.length - 1];
      return { name: [...given.map((w) => w.replace(/[,;]$/, '')), ...head].join(' '), length: lengthOf(first.length + given.length) - (/[,;]$/.test(last) ? 1 : 0) };
    }
  }
  // "KONAN Yao Serge": a family name in capitals before given names that are not.
  const caps = head.findIndex((w) => !isUpper(w));
  const name = caps > 0 && head.slice(caps).every((w) => !isUpper(w) || PARTICLES.has(w)) ? [...head.slice(caps), ...head.slice(0, caps)] : head;
  if (name.length < 2 || name.some((w) => NOT_A_PERSON.has(w.toLowerCase()))) return undefined;
  return { name: name.join(' '), length: lengthOf(first.length) - (first[first.length - 1].endsWith(',') ? 1 : 0) };
}

/** The name words at the start of `text`, as written (a family name alone, "NGUEMA OBIANG"). */
export function nameRun(text: string): string | undefined {
  const line = text.replace(HONORIFIC, '').split('\n')[0];
  const all = line.split(/[ \t]+/).filter((w) => w.length > 0);
  // A family name may open with its particles ("de la Cruz", "van der Berg", "dos Santos").
  let lead = 0;
  while (lead < all.length - 1 && PARTICLES.has(all[lead])) lead++;
  const words = nameWords(all.slice(lead)).map((w) => w.replace(/[,;]$/, ''));
  return words.length ? [...all.slice(0, lead), ...words].join(' ') : undefined;
}
