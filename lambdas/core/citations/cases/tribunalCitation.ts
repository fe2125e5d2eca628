import { courtOfCode, IRB_DIVISIONS } from '../citationSeries';
import { firstProblem, futureYear, numberOutside } from '../citationValidity';
import { caseHit, type CaseHit } from './caseHit';

/** `2019 CanLII 12345 (CA IRB)`, `2021 CanLII 5 (ON CA)`, `1999 CanLII 699 (SCC)`: CanLII's own identifiers. */
const CANLII = /(?<![\p{L}\p{N}])(\d{4}) ?CanLII ?(\d{1,7})(?![\p{L}\p{N}])(?: ?\(([A-Z]{2,5}(?: [A-Z]{2,6}){0,2})\))?/gu;

const LABELS = [...new Set(IRB_DIVISIONS.flatMap((d) => d.labels))].sort((a, b) => b.length - a.length).join('|');
const FILE = String.raw`[A-Z]{2}\d-\d{5}`;
/** `RAD File No. TB7-19351`, `SPR dossier no MB8-01234`, `TB7-19351 (RAD)`: a division label is required. */
const IRB_FILE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(${LABELS}) (?:(?:[Ff]ile|[Cc]ase|[Dd]ossier|[Dd]ecision|[Dd]écision) )?(?:(?:[Nn]o\\.?|[Nn]umber|n[°º]|#) ?)?(${FILE})|(${FILE}) ?\\((${LABELS})\\))(?![\\p{L}\\p{N}])`,
  'gu',
);

function division(label: string) {
  return IRB_DIVISIONS.find((d) => d.labels.includes(label));
}

/** The court a CanLII tag names (`CA IRB` → IRB, `ON CA` → ONCA), if the reader knows it. */
function canliiCourt(tag: string | undefined): { court: string; courtName: string } {
  if (!tag) return { court: 'CanLII', courtName: 'a court or tribunal reported only on CanLII' };
  const words = tag.split(' ');
  const known = courtOfCode(words.join('')) ?? courtOfCode(words[words.length - 1]);
  if (known) return { court: known.id, courtName: known.name };
  return { court: tag, courtName: `the court or tribunal "${tag}" (a CanLII-only citation)` };
}

/** Finds CanLII identifiers and IRB file numbers. */
export function findTribunalCitations(text: string, now: Date): CaseHit[] {
  const hits: CaseHit[] = [];
  for (const m of text.matchAll(CANLII)) {
    const year = Number(m[1]);
    const number = Number(m[2]);
    const tag = m[3];
    const { court, courtName } = canliiCourt(tag);
    const id = `${year} CanLII ${number}`;
    const data = { kind: 'other-court' as const, citation: tag ? `${id} (${tag})` : id, year, court, courtName, number, canlii: true };
    const problem = firstProblem(futureYear(year, now), numberOutside(number, 'CanLII number'));
    hits.push(caseHit(m.index, m.index + m[0].length, 'canlii', data, id, problem, court === 'CanLII' ? ['*'] : [court], 'canlii', false));
  }
  for (const m of text.matchAll(IRB_FILE)) {
    const label = m[1] ?? m[4];
    const fileNumber = m[2] ?? m[3];
    const found = division(label);
    if (!found) continue;
    const citation = `${found.id} ${fileNumber}`;
    const data = { kind: 'other-court' as const, citation, court: found.id, courtName: found.name, canlii: false, fileNumber };
    hits.push(caseHit(m.index, m.index + m[0].length, 'tribunal-file', data, citation, undefined, [found.id], `irb-file:${found.id}`, false));
  }
  return hits;
}
