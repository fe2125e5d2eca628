import type { Reporter } from './citationSchema';
import { yearProblem } from './citationYear';

export interface ReporterHit {
  kind: 'reporter';
  start: number;
  end: number;
  citation: string;
  year: number;
  volume: number;
  reporter: Reporter;
  page: number;
  valid: boolean;
  reason?: string;
}

/** Reporter abbreviations with dots and spaces removed, English and French (R.C.S., C.F., R.C.F.). */
const REPORTERS: Record<string, Reporter> = { SCR: 'SCR', RCS: 'SCR', FCR: 'FCR', RCF: 'FCR', FC: 'FC', CF: 'FC' };

/** The Supreme Court Reports start in 1876; the Federal Court Reports in 1971. */
const FIRST_YEAR: Record<Reporter, number> = { SCR: 1876, FC: 1971, FCR: 1971 };

// Three-letter series first (F.C.R. before F.C.). Each letter may carry a dot and one space.
const SERIES = String.raw`S\.? ?C\.? ?R\.?|R\.? ?C\.? ?S\.?|F\.? ?C\.? ?R\.?|R\.? ?C\.? ?F\.?|F\.? ?C\.?|C\.? ?F\.?`;
const REPORTER = new RegExp(
  String.raw`\[(\d{4})\]\s{0,3}(\d{1,2})\s{0,3}(${SERIES})\s{0,3}(\d{1,5})(?![\p{L}\p{N}])`,
  'gu',
);

export function formatReporter(year: number, volume: number, reporter: Reporter, page: number): string {
  return `[${year}] ${volume} ${reporter} ${page}`;
}

/** Finds reporter citations such as `[1999] 2 S.C.R. 817`, `[2002] 4 FC 358`, `[2009] 3 F.C.R. 446`. */
export function findReporterCitations(text: string, now: Date): ReporterHit[] {
  const hits: ReporterHit[] = [];
  for (const m of text.matchAll(REPORTER)) {
    const year = Number(m[1]);
    const volume = Number(m[2]);
    const reporter = REPORTERS[m[3].replace(/[. ]/g, '')];
    const page = Number(m[4]);
    if (volume === 0 || page === 0) continue;
    const reason = yearProblem(year, now, FIRST_YEAR[reporter], `${reporter} reports`);
    hits.push({
      kind: 'reporter',
      start: m.index,
      end: m.index + m[0].length,
      citation: formatReporter(year, volume, reporter, page),
      year,
      volume,
      reporter,
      page,
      valid: reason === undefined,
      ...(reason === undefined ? {} : { reason }),
    });
  }
  return hits;
}
