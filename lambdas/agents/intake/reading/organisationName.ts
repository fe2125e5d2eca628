/**
 * Organisation names in text: a company ends with its legal form ("… Ltd.", "… inc.", "… GmbH"),
 * a school carries an institution word ("… College", "Université …", "Centre de formation …").
 * Both are runs of capitalised words; a run stops at punctuation that ends a name (a comma, a
 * parenthesis, a dash between spaces, a bar) or at a line break, unless the line was wrapped prose.
 */
import partiesJson from './lexicons/parties.json';

export interface OrganisationName {
  name: string;
  start: number;
  end: number;
}

interface Word {
  text: string;
  start: number;
  end: number;
}

const CONNECTORS = new Set(['of', 'the', 'and', 'for', 'de', 'du', 'des', 'la', 'le', 'et', 'en', '&', 'y', 'del']);
const LEFT_CONNECTORS = new Set(['of', 'de', 'du', 'des', 'la', 'le', 'del']);
const SUFFIX = new RegExp(String.raw`^(?:${partiesJson.organisationSuffixes.join('|')})\.?$`, 'iu');
const HEADS = partiesJson.institutionHeads.map((h) => new RegExp(String.raw`^(?:${h})$`, 'iu'));
/** Capitalised words before a name that are no part of it ("For <company> Ltd.", "Pour <société> inc."). */
const LEAD_WORDS = new Set(partiesJson.organisationLeadWords);
const CAPITALISED = /^(?:[\p{Lu}][\p{L}\p{M}\d'’.&-]*|[dl]['’][\p{Lu}][\p{L}\p{M}'’-]*)$/u;

function wordsOf(text: string): Word[] {
  // A word's final full stop is punctuation; the name keeps it through the offsets, not the word.
  // A French elided article in running text ("de l'Université Laval") is not part of the name.
  return [...text.matchAll(/[\p{L}\p{M}\d&][\p{L}\p{M}\d'’&-]*(?:\.(?=[\p{L}\p{M}\d]))?[\p{L}\p{M}\d'’&-]*/gu)].map((m) => {
    const elided = /^[dl]['’](?=\p{Lu})/u.test(m[0]) ? 2 : 0;
    return { text: m[0].slice(elided), start: (m.index ?? 0) + elided, end: (m.index ?? 0) + m[0].length };
  });
}

/** Whether two neighbouring words belong to one name: only spaces (or a wrapped prose line) between them. */
function joined(text: string, a: Word, b: Word): boolean {
  const gap = text.slice(a.end, b.start);
  if (/^[ \t]{1,2}$/.test(gap)) return true;
  // "St. Georg", "J. Doe & Sons": an abbreviation's full stop does not end the name.
  if (/^\.[ \t]$/.test(gap) && /^\p{Lu}[\p{L}]{0,2}$/u.test(a.text)) return true;
  if (gap === '\n') {
    const line = text.slice(text.lastIndexOf('\n', a.end - 1) + 1, a.end);
    // A wrapped sentence continues on the next line; a letterhead in capitals does not.
    return line.length > 60 && /\p{Ll}/u.test(line) && !/^[\p{Lu}\p{M}'’.&-]+$/u.test(b.text);
  }
  return false;
}

const capitalised = (w: Word) => CAPITALISED.test(w.text);

/** The run of name words around words[from..to], extended while words are capitalised (connectors inside). */
function extend(text: string, words: Word[], from: number, to: number, left: boolean): [number, number] {
  let a = from;
  let b = to;
  for (;;) {
    if (!left || a === 0) break;
    if (LEAD_WORDS.has(words[a - 1].text.toLowerCase())) break;
    if (joined(text, words[a - 1], words[a]) && capitalised(words[a - 1])) a--;
    // "Fromagerie du Lac inc.": a name's own article joins it on the left as on the right (never "and", which joins two names).
    else if (a > 1 && LEFT_CONNECTORS.has(words[a - 1].text.toLowerCase()) && joined(text, words[a - 2], words[a - 1]) && joined(text, words[a - 1], words[a]) && capitalised(words[a - 2])) a -= 2;
    else break;
  }
  for (;;) {
    const next = words[b + 1];
    if (!next || !joined(text, words[b], next)) break;
    if (capitalised(next)) b++;
    else if (CONNECTORS.has(next.text.toLowerCase()) && words[b + 2] && joined(text, next, words[b + 2]) && capitalised(words[b + 2])) b += 2;
    // "Cégep de la Haute-Côte", "University of the Fraser Valley": two connectors before the next name word.
    else if (CONNECTORS.has(next.text.toLowerCase()) && words[b + 3] && CONNECTORS.has(words[b + 2].text.toLowerCase()) && joined(text, next, words[b + 2]) && joined(text, words[b + 2], words[b + 3]) && capitalised(words[b + 3])) b += 3;
    else break;
  }
  return [a, b];
}

const slice = (text: string, words: Word[], a: number, b: number): OrganisationName => ({ name: text.slice(words[a].start, words[b].end).replace(/\s+/g, ' '), start: words[a].start, end: words[b].end });


/** Legal forms that are also common words ("sa", "as", "co"): a legal form only when capitalised. */
const AMBIGUOUS = /^(?:sa|ag|kg|co|nv|bv|lp|group|groupe|company|limited|spa)$/u;
/** Abbreviated legal forms keep their full stop ("Inc."); others end before the sentence's ("… SA."). */
const ABBREVIATED = /^(?:inc|ltd|corp|co|pvt|enr|cie|bhd|ltée)$/iu;
const isSuffix = (w: Word) => SUFFIX.test(w.text) && !AMBIGUOUS.test(w.text);

/** Companies named by their legal form: "Rocky Peak Grill Ltd.", "HANBIT PRECISION CO., LTD.", "Verdalis Canada inc.". */
export function companiesIn(text: string): OrganisationName[] {
  const words = wordsOf(text);
  const out: OrganisationName[] = [];
  const legalFormPair = (x: Word, y: Word) => /^\.?,? $/.test(text.slice(x.end, y.start));
  for (let i = 1; i < words.length; i++) {
    if (!isSuffix(words[i])) continue;
    // "Co., Ltd.": two legal forms in a row are one name, ending at the second.
    if (words[i + 1] && isSuffix(words[i + 1]) && legalFormPair(words[i], words[i + 1])) continue;
    let j = i - 1;
    if (isSuffix(words[j]) && legalFormPair(words[j], words[i])) j--;
    // "Sunrise Textiles, Inc.": an abbreviated legal form may follow its name after a comma.
    const commaForm = j + 1 === i && j >= 0 && /^,[ \t]$/.test(text.slice(words[j].end, words[i].start)) && ABBREVIATED.test(words[i].text) && /^\p{Lu}/u.test(words[i].text);
    if (j < 0 || !capitalised(words[j]) || isSuffix(words[j]) || (!joined(text, words[j], words[j + 1]) && !commaForm && j + 1 === i)) continue;
    const [a] = extend(text, words, j, j, true);
    const end = text[words[i].end] === '.' && ABBREVIATED.test(words[i].text) ? words[i].end + 1 : words[i].end;
    out.push({ name: text.slice(words[a].start, end).replace(/\s+/g, ' '), start: words[a].start, end });
  }
  return out;
}

/** Schools and universities: "University Canada West", "Collège Boréal", "CONESTOGA COLLEGE INSTITUTE OF TECHNOLOGY…". */
export function institutionsIn(text: string): OrganisationName[] {
  const words = wordsOf(text);
  const out: OrganisationName[] = [];
  for (let i = 0; i < words.length; i++) {
    // A head of one to four words ("College", "Centre de formation professionnelle").
    let headEnd = -1;
    for (let n = 4; n >= 1 && headEnd < 0; n--) {
      if (i + n > words.length) continue;
      const phrase = words.slice(i, i + n).map((w) => w.text).join(' ');
      if (HEADS.some((h) => h.test(phrase)) && words.slice(i, i + n - 1).every((w, k) => joined(text, w, words[i + k + 1]))) headEnd = i + n - 1;
    }
    if (headEnd < 0 || !capitalised(words[i])) continue;
    const [a, b] = extend(text, words, i, headEnd, true);
    // A bare head word ("the College") names no institution.
    if (a === i && b === headEnd && headEnd === i) continue;
    out.push(slice(text, words, a, b));
    i = b;
  }
  return out;
}

/** The organisation named at the start of `text` ("Kessler Automation GmbH continuously since …"). */
export function organisationAt(text: string): OrganisationName | undefined {
  const companies = companiesIn(text.slice(0, 120));
  const company = companies.find((c) => c.start === 0);
  if (company) return company;
  // "Clinique vétérinaire des Vosges SARL": a name with lower-case words inside still ends at its legal form.
  const within = companies.find((c) => c.start > 0 && /^[\p{Lu}][\p{L}\p{M}'’&-]*(?:[ \t][\p{L}\p{M}'’&-]+){0,5}[ \t]$/u.test(text.slice(0, c.start)));
  if (within) return { name: text.slice(0, within.end).replace(/\s+/g, ' '), start: 0, end: within.end };
  const words = wordsOf(text.slice(0, 120));
  if (!words[0] || words[0].start !== 0 || !capitalised(words[0])) return undefined;
  const [, b] = extend(text, words, 0, 0, false);
  return slice(text, words, 0, b);
}
