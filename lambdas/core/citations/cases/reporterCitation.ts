import { Reporter } from '../citationSchema';
import { abbreviationPattern, REPORT_SERIES, reportSeries, seriesOfSpelling, type ReportSeriesRow } from '../citationSeries';
import { firstProblem, futureYear, numberOutside, yearOutside } from '../citationValidity';
import { caseHit, type CaseData, type CaseHit } from './caseHit';

/** Alternation of every spelling of the series with the given layout, longest first. Two-letter abbreviations need their dots. */
function spellings(layout: ReportSeriesRow['layout']): string {
  const all = REPORT_SERIES.filter((s) => s.layout === layout).flatMap((s) => s.spellings);
  return all
    .sort((a, b) => b.replace(/[. ]/g, '').length - a.replace(/[. ]/g, '').length)
    .map((spelling) => (spelling.replace(/[. ]/g, '').length <= 2 && layout === 'volume' ? spelling.replace(/\./g, '\\. ?').replace(/ \?$/, '') : abbreviationPattern(spelling)))
    .join('|');
}

const YEAR = String.raw`[[(](\d{4})[\])]`;
/** `[1999] 2 S.C.R. 817`, `[1959] S.C.R. 121`, `[2002] 2 F.C. 413`, `[2009] 3 FCR 446`, `[1999] 2 R.C.S. 817`. */
const YEAR_VOLUME = new RegExp(`(?<![\\p{L}\\p{N}])${YEAR} ?(?:(\\d{1,2}) )?(${spellings('year-volume')}) ?(\\d{1,5})(?![\\p{L}\\p{N}])`, 'gu');
/** `(1999), 174 D.L.R. (4th) 193`, `441 DLR (4th) 1`, `31 Imm. L.R. (3d) 1`, `243 N.R. 22`. */
const VOLUME = new RegExp(
  `(?:\\((\\d{4})\\),? ?)?(?<![\\p{L}\\p{N}.])(\\d{1,4}) ?(${spellings('volume')}) ?(?:\\((2d|2nd|3d|3rd|4th|5th)\\) ?)?(\\d{1,5})(?![\\p{L}\\p{N}])`,
  'gu',
);
const MARKER = String.raw`QL|LN\/QL|QL\/Lexis|Lexis|CanLII|F\.?C\.?A\.?|C\.?A\.?|T\.?D\.?|F\.?C\.?T\.?D\.?|F\.?C\.?|C\.?A\.?F\.?|1re inst\.|C\.?F\.?`;
/** `[1999] S.C.J. No. 39 (QL)`, `[2002] F.C.J. No. 1234 (T.D.) (QL)`, `[2002] A.C.F. no 1234`. */
const QUICKLAW = new RegExp(
  `(?<![\\p{L}\\p{N}])${YEAR} ?(${spellings('quicklaw')}) ?(?:No|no|NO|n[°º])\\.? ?(\\d{1,5})(?![\\p{L}\\p{N}])((?: ?\\((?:${MARKER})\\)){0,2})`,
  'gu',
);

const EDITIONS: Record<string, string> = { '2d': '2d', '2nd': '2d', '3d': '3d', '3rd': '3d', '4th': '4th', '5th': '5th' };

/** The series a year-volume citation belongs to in that year (`[2009] 3 F.C. 446` is F.C.R.). */
function seriesForYear(series: ReportSeriesRow, year: number): ReportSeriesRow {
  if (series.laterSeries && series.lastYear !== undefined && year > series.lastYear) return reportSeries(series.laterSeries) ?? series;
  if (series.earlierSeries && series.firstYear !== undefined && year < series.firstYear) return reportSeries(series.earlierSeries) ?? series;
  return series;
}

const REPORTERS = new Set<string>(Reporter.options);

function reporterOf(series: ReportSeriesRow): Reporter | undefined {
  return REPORTERS.has(series.id) ? (series.id as Reporter) : undefined;
}

export function formatReporter(year: number, volume: number | undefined, reporter: Reporter, page: number): string {
  return volume === undefined ? `[${year}] ${reporter} ${page}` : `[${year}] ${volume} ${reporter} ${page}`;
}

function yearVolumeHits(text: string, now: Date): CaseHit[] {
  const hits: CaseHit[] = [];
  for (const m of text.matchAll(YEAR_VOLUME)) {
    const written = seriesOfSpelling(m[3]);
    if (!written) continue;
    const year = Number(m[1]);
    const volume = m[2] === undefined ? undefined : Number(m[2]);
    const page = Number(m[4]);
    const series = seriesForYear(written.series, year);
    const reporter = reporterOf(series);
    if (!reporter) continue;
    const problem = firstProblem(
      futureYear(year, now),
      yearOutside(year, `${series.name}`, series.firstYear),
      volume === undefined ? undefined : numberOutside(volume, `${series.id} volume`, series.maxVolumesPerYear),
      numberOutside(page, `${series.id} page`, series.maxPage),
    );
    const citation = formatReporter(year, volume, reporter, page);
    const data: CaseData = { kind: 'reporter', citation, year, reporter, page };
    if (volume !== undefined) data.volume = volume;
    hits.push(caseHit(m.index, m.index + m[0].length, written.french ? 'report-french' : 'report', data, citation, problem, series.courts, series.id, true));
  }
  return hits;
}

function editionProblem(series: ReportSeriesRow, edition: string | undefined, year: number | undefined): string | undefined {
  if (edition === undefined || year === undefined) return undefined;
  const row = series.editions?.find((e) => e.edition === edition);
  if (!row) return undefined;
  // A decision can be reported a year or two after it was given, so the bounds get that much room.
  return yearOutside(year, `${series.id} (${edition}) reports`, row.firstYear - 2, row.lastYear === undefined ? undefined : row.lastYear + 1);
}

function volumeHits(text: string, now: Date): CaseHit[] {
  const hits: CaseHit[] = [];
  for (const m of text.matchAll(VOLUME)) {
    const written = seriesOfSpelling(m[3]);
    const reporter = written ? reporterOf(written.series) : undefined;
    if (!written || !reporter) continue;
    const year = m[1] === undefined ? undefined : Number(m[1]);
    const volume = Number(m[2]);
    const edition = m[4] === undefined ? undefined : EDITIONS[m[4]];
    const page = Number(m[5]);
    const series = written.series;
    const problem = firstProblem(
      year === undefined ? undefined : futureYear(year, now),
      editionProblem(series, edition, year),
      numberOutside(volume, `${series.id} volume`, series.maxVolume),
      numberOutside(page, `${series.id} page`, series.maxPage),
    );
    const id = `${volume} ${reporter}${edition ? ` (${edition})` : ''} ${page}`;
    const data: CaseData = { kind: 'reporter', citation: id, reporter, volume, page };
    if (year !== undefined) data.year = year;
    if (edition !== undefined) data.edition = edition;
    hits.push(caseHit(m.index, m.index + m[0].length, 'report', data, id, problem, series.courts, series.id, true));
  }
  return hits;
}

function quicklawHits(text: string, now: Date): CaseHit[] {
  const hits: CaseHit[] = [];
  for (const m of text.matchAll(QUICKLAW)) {
    const written = seriesOfSpelling(m[2]);
    const reporter = written ? reporterOf(written.series) : undefined;
    if (!written || !reporter) continue;
    const year = Number(m[1]);
    const number = Number(m[3]);
    const series = written.series;
    const problem = firstProblem(futureYear(year, now), numberOutside(number, `${series.id} number`, series.maxNumber));
    const citation = `[${year}] ${reporter} No ${number}`;
    const data: CaseData = { kind: 'reporter', citation, year, reporter, number };
    hits.push(caseHit(m.index, m.index + m[0].length, written.french ? 'quicklaw-french' : 'quicklaw', data, citation, problem, series.courts, series.id, false));
  }
  return hits;
}

/**
 * Finds law-report citations: `[1999] 2 S.C.R. 817`, `[2002] 4 FC 358`, `[2009] 3 F.C.R. 446`,
 * `174 D.L.R. (4th) 193`, `31 Imm. L.R. (3d) 1`, `[1999] S.C.J. No. 39 (QL)`, `[2002] A.C.F. no 1234`.
 */
export function findReporterCitations(text: string, now: Date): CaseHit[] {
  return [...yearVolumeHits(text, now), ...volumeHits(text, now), ...quicklawHits(text, now)];
}
