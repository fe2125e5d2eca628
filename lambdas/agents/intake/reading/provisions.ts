/**
 * Provisions of the Immigration and Refugee Protection Act and Regulations as decisions cite
 * them, English and French, normalised to the canonical id ("IRPR 216(1)(b)", "IRPA 40(1)(a)"):
 * "paragraph 216(1)(b) of the Immigration and Refugee Protection Regulations", "R216(1)(b)",
 * "IRPR 216(1)(b)", "A40(1)(a)", "l'alinéa 40(1)a) de la LIPR", "RIPR 179b)".
 */

const WORD = String.raw`(?:sections?|subsections?|paragraphs?|subparagraphs?|articles?|alinéas?|paragraphes?|sous-alinéas?|art\.|s\.|ss\.|para\.|par\.)`;
const NUMBER = String.raw`(\d{1,3}(?:\.\d)?)((?:\s?\(\d{1,2}(?:\.\d)?\))*(?:\s?\(?[a-z]\)|\s?\([ivx]+\))*)`;
const NAMED = String.raw`Immigration and Refugee Protection (?:Act|Regulations)|IRPA|IRPR|LIPR|RIPR|Act|Regulations|Loi(?: sur l['’]immigration et la protection des réfugiés)?|Règlement(?: sur l['’]immigration et la protection des réfugiés)?`;
/** Number first, statute after: "paragraph 216(1)(b) of the Regulations", "R216(1)(b)", "(R179(b))"; a bare number in brackets is a subdivision. */
const NUMBER_FIRST = new RegExp(String.raw`(?:${WORD}\s*)?(?:(?<!\w)([RA])|(?<![\w(]))${NUMBER}(?:\s+(?:of\s+the\s+|de\s+la\s+|du\s+|of\s+)?(${NAMED}))?`, 'gu');
/** Statute first: "IRPR 216(1)(b)", "LIPR, art. 40(1)a)", "IRPR R216(1)(b)". */
const STATUTE_FIRST = new RegExp(String.raw`(?<![\p{L}])(IRPA|IRPR|LIPR|RIPR)\s*,?\s*(?:${WORD}\s*)?(?:[RA](?=\d))?${NUMBER}`, 'gu');
/** Subdivisions required after a spaced or dotted prefix ("R. 216(1)(b)", "r. 179(b)", "A. 40(1)(a)"), so that "A 40-year-old" is no provision. */
const SUBDIVIDED = String.raw`(\d{1,3}(?:\.\d)?)((?:\s?\(\d{1,2}(?:\.\d)?\))+(?:\s?\(?[a-z]\)|\s?\([ivx]+\))*|(?:\s?\(?[a-z]\)|\s?\([ivx]+\))+)`;
const SPACED_PREFIX = new RegExp(String.raw`(?<![\p{L}\d])(?:([RrA])\.[ \t]?|(R)[ \t])${SUBDIVIDED}`, 'gu');
/** "Regulation 179(b)", "Reg. 216(1)(b)", "regulation 220": the Regulations named before the number. */
const REGULATION_FIRST = new RegExp(String.raw`(?<![\p{L}])(?:regulations?|reg\.|règlement|règl\.)[ \t]+${NUMBER}`, 'giu');

/** Bare numbers in reasons: the grounds officers cite most. */
const REGULATIONS = new Set([4, 117, 124, 130, 133, 179, 183, 185, 200, 203, 204, 205, 216, 220]);
const ACT = new Set([11, 16, 20, 22, 29, 34, 35, 36, 37, 38, 39, 40, 41, 42]);

function statuteOf(prefix: string | undefined, named: string | undefined, number: number): 'IRPA' | 'IRPR' | undefined {
  if (prefix === 'R') return 'IRPR';
  if (prefix === 'A') return 'IRPA';
  if (named) return /regulations|irpr|ripr|règlement/i.test(named) ? 'IRPR' : 'IRPA';
  if (REGULATIONS.has(number)) return 'IRPR';
  if (ACT.has(number)) return 'IRPA';
  return undefined;
}

// "b)" and "(b)" alike; "(iii)" whole, not its last letter.
const subdivisionsOf = (written: string | undefined) => (written ?? '').replace(/\s/g, '').replace(/\(?([a-z]+)\)/g, '($1)');

/** Normalised provision ids in the text, in order, each once. */
export function provisionsIn(text: string): string[] {
  const found: Array<{ at: number; id: string }> = [];
  for (const m of text.matchAll(STATUTE_FIRST)) {
    found.push({ at: m.index, id: `${/irpr|ripr/i.test(m[1]) ? 'IRPR' : 'IRPA'} ${m[2]}${subdivisionsOf(m[3])}` });
  }
  for (const m of text.matchAll(SPACED_PREFIX)) {
    found.push({ at: m.index, id: `${/r/i.test(m[1] ?? m[2]) ? 'IRPR' : 'IRPA'} ${m[3]}${subdivisionsOf(m[4])}` });
  }
  for (const m of text.matchAll(REGULATION_FIRST)) {
    // Another country's regulation ("Regulation 810/2009") is not Canada's: a bare number must be one officers cite.
    if (text.slice(m.index + m[0].length).startsWith('/') || (!m[2] && !REGULATIONS.has(Number(m[1])))) continue;
    found.push({ at: m.index, id: `IRPR ${m[1]}${subdivisionsOf(m[2])}` });
  }
  for (const m of text.matchAll(NUMBER_FIRST)) {
    const hasWord = new RegExp(`^${WORD}`, 'i').test(m[0]);
    if (!hasWord && !m[1] && !m[4]) continue;
    // "IRPR 216(1)(b)" is read statute first; its number alone is not a second provision.
    if (/(?:IRPA|IRPR|LIPR|RIPR)\s*,?\s*$/u.test(text.slice(Math.max(0, m.index - 8), m.index))) continue;
    const statute = statuteOf(m[1], m[4], Number(m[2]));
    if (statute) found.push({ at: m.index, id: `${statute} ${m[2]}${subdivisionsOf(m[3])}` });
  }
  return [...new Set(found.sort((a, b) => a.at - b.at).map((f) => f.id))];
}
