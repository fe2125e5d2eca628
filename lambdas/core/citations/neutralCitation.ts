import type { NeutralCourt } from './citationSchema';
import { yearProblem } from './citationYear';

export interface NeutralHit {
  kind: 'neutral';
  start: number;
  end: number;
  citation: string;
  year: number;
  court: NeutralCourt;
  number: number;
  valid: boolean;
  reason?: string;
}

/** English and French court codes. CSC/CAF/CF/CFPI are the French forms of SCC/FCA/FC/FCT. */
const COURT_CODES: Record<string, NeutralCourt> = {
  SCC: 'SCC',
  CSC: 'SCC',
  FCA: 'FCA',
  CAF: 'FCA',
  FCT: 'FCT',
  CFPI: 'FCT',
  FC: 'FC',
  CF: 'FC',
};

/** First year each court used neutral citations (the Federal Court as such exists since 2003). */
const FIRST_YEAR: Record<NeutralCourt, number> = { SCC: 2000, FCA: 2001, FCT: 2001, FC: 2003 };

// Longer codes first so `FCA` is not read as `FC`. Spacing is bounded so garbled text stays linear.
const NEUTRAL = /(?<![\p{L}\p{N}])(\d{4})\s{0,3}(SCC|CSC|FCA|CAF|FCT|CFPI|FC|CF)\s{0,3}(\d{1,5})(?![\p{L}\p{N}])/gu;

export function formatNeutral(year: number, court: NeutralCourt, number: number): string {
  return `${year} ${court} ${number}`;
}

/** Finds neutral citations such as `2019 SCC 65`, `2023 CF 123`, `2010 FCA 250`. */
export function findNeutralCitations(text: string, now: Date): NeutralHit[] {
  const hits: NeutralHit[] = [];
  for (const m of text.matchAll(NEUTRAL)) {
    const year = Number(m[1]);
    const court = COURT_CODES[m[2]];
    const number = Number(m[3]);
    if (number === 0) continue;
    const reason = yearProblem(year, now, FIRST_YEAR[court], `${court} neutral citations`);
    hits.push({
      kind: 'neutral',
      start: m.index,
      end: m.index + m[0].length,
      citation: formatNeutral(year, court, number),
      year,
      court,
      number,
      valid: reason === undefined,
      ...(reason === undefined ? {} : { reason }),
    });
  }
  return hits;
}
