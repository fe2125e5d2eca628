import { NeutralCourt } from '../citationSchema';
import { courtOfCode, NEUTRAL_COURTS } from '../citationSeries';
import { firstProblem, futureYear, numberOutside, yearOutside } from '../citationValidity';
import { caseHit, type CaseHit } from './caseHit';

export function formatNeutral(year: number, court: NeutralCourt, number: number): string {
  return `${year} ${court} ${number}`;
}

/**
 * Every code, longest first (`FCA` before `FC`). The index's own courts are also read with dots
 * (`S.C.C.`) and in lower case (`2019 scc 65`), so no spelling of theirs slips past the verifier.
 */
function codeAlternatives(): Array<{ pattern: string; letters: number }> {
  const codes = NEUTRAL_COURTS.flatMap((court) =>
    court.codes.map((code) => ({
      pattern: court.inIndexScope ? code.split('').map((c) => `[${c}${c.toLowerCase()}]\\.?`).join('') : code,
      letters: code.length,
    })),
  );
  return codes.sort((a, b) => b.letters - a.letters);
}

const IN_SCOPE = new Set<string>(NeutralCourt.options);
const isNeutralCourt = (id: string): id is NeutralCourt => IN_SCOPE.has(id);

// Spacing is at most one space: the reader runs on text whose whitespace is already collapsed. What
// may not come before the year is checked after the match (a leading lookbehind slows the scan).
const NEUTRAL = new RegExp(`(\\d{4}) ?(${codeAlternatives().map((c) => c.pattern).join('|')}) ?(\\d{1,5})(?![\\p{L}\\p{N}])`, 'gu');
const BEFORE_YEAR = /[\p{L}\p{N}.]/u;

/**
 * Finds neutral citations: `2019 SCC 65`, `2023 CF 123`, `2010 FCA 250`, `2002 CFPI 123`, and those
 * of other courts and tribunals (`2020 ONCA 123`), which come back as `other-court` hits.
 */
export function findNeutralCitations(text: string, now: Date): CaseHit[] {
  const hits: CaseHit[] = [];
  for (const m of text.matchAll(NEUTRAL)) {
    if (m.index > 0 && BEFORE_YEAR.test(text[m.index - 1])) continue;
    const year = Number(m[1]);
    const code = m[2].replace(/\./g, '').toUpperCase();
    const court = courtOfCode(code);
    if (!court) continue;
    const number = Number(m[3]);
    const french = court.frenchCodes !== undefined && court.frenchCodes.includes(code);
    const form = french ? ('neutral-french' as const) : ('neutral' as const);
    const end = m.index + m[0].length;
    if (court.inIndexScope && isNeutralCourt(court.id)) {
      const problem = firstProblem(
        futureYear(year, now),
        yearOutside(year, `${court.id} neutral citations`, court.firstYear, court.lastYear, year < (court.firstYear ?? year) ? court.firstYearNote : court.lastYearNote),
        numberOutside(number, `${court.id} decision number`, court.maxNumber),
      );
      const citation = formatNeutral(year, court.id, number);
      hits.push(caseHit(m.index, end, form, { kind: 'neutral', citation, year, court: court.id, number }, citation, problem, [court.id], `neutral:${court.id}`, false));
      continue;
    }
    const citation = `${year} ${court.id} ${number}`;
    const problem = firstProblem(futureYear(year, now), numberOutside(number, `${court.id} decision number`, court.maxNumber));
    const data = { kind: 'other-court' as const, citation, year, court: court.id, courtName: court.name, number, canlii: false };
    hits.push(caseHit(m.index, end, form, data, citation, problem, [court.id], `neutral:${court.id}`, false));
  }
  return hits;
}
