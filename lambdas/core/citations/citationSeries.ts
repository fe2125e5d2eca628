import * as z from 'zod';
import raw from './citationSeries.json';
import { DeterministicError } from '../errors/deterministicError';

/** A court or tribunal that issues neutral citations (`2019 SCC 65`, `2020 ONCA 123`). */
const NeutralCourtRow = z.strictObject({
  id: z.string().regex(/^[A-Z]{2,7}$/),
  /** Every code it is cited by, English and French. */
  codes: z.array(z.string().regex(/^[A-Z]{2,7}$/)).min(1),
  frenchCodes: z.array(z.string()).optional(),
  name: z.string().min(1),
  /** Its neutral citations are among those the bundled case-law index covers. */
  inIndexScope: z.boolean().optional(),
  firstYear: z.number().int().optional(),
  lastYear: z.number().int().optional(),
  maxNumber: z.number().int().positive().optional(),
  firstYearNote: z.string().optional(),
  lastYearNote: z.string().optional(),
});
export type NeutralCourtRow = z.infer<typeof NeutralCourtRow>;

const IrbDivision = z.strictObject({ id: z.string(), labels: z.array(z.string()).min(1), name: z.string() });
export type IrbDivision = z.infer<typeof IrbDivision>;

const Edition = z.strictObject({ edition: z.string(), firstYear: z.number().int(), lastYear: z.number().int().optional() });

/** A law report: `[1999] 2 S.C.R. 817` (year-volume), `174 D.L.R. (4th) 193` (volume), `[1999] S.C.J. No. 39` (quicklaw). */
const ReportSeriesRow = z.strictObject({
  id: z.string(),
  /** Abbreviations as printed, with dots; the reader also accepts them without dots or with spaces. */
  spellings: z.array(z.string().min(2)).min(1),
  frenchSpellings: z.array(z.string()).optional(),
  name: z.string(),
  layout: z.enum(['year-volume', 'volume', 'quicklaw']),
  /** Courts whose decisions it reports (a parallel citation must fit the court of the first one). */
  courts: z.array(z.string()).min(1),
  firstYear: z.number().int().optional(),
  lastYear: z.number().int().optional(),
  /** Year-volume reports: a citation after lastYear is read in this series (`[2009] 3 F.C. 446` is F.C.R.). */
  laterSeries: z.string().optional(),
  /** Year-volume reports: a citation before firstYear is read in this series. */
  earlierSeries: z.string().optional(),
  maxVolumesPerYear: z.number().int().positive().optional(),
  maxVolume: z.number().int().positive().optional(),
  maxPage: z.number().int().positive().optional(),
  maxNumber: z.number().int().positive().optional(),
  editions: z.array(Edition).optional(),
});
export type ReportSeriesRow = z.infer<typeof ReportSeriesRow>;

const CitationSeries = z.object({
  neutralCourts: z.array(NeutralCourtRow).min(1),
  irbDivisions: z.array(IrbDivision).min(1),
  reportSeries: z.array(ReportSeriesRow).min(1),
});

/** citationSeries.json does not satisfy its schema or is inconsistent; `problems` names each problem. */
export class CitationSeriesInvalid extends DeterministicError {
  override readonly name = 'CitationSeriesInvalid';
  constructor(readonly problems: string[]) {
    super(`citationSeries.json: ${problems.join('; ')}`);
  }
}

function load(data: unknown) {
  const parsed = CitationSeries.safeParse(data);
  if (!parsed.success) throw new CitationSeriesInvalid(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  const problems: string[] = [];
  const codes = new Set<string>();
  for (const court of parsed.data.neutralCourts) {
    for (const code of court.codes) {
      if (codes.has(code)) problems.push(`court code ${code} is used twice`);
      codes.add(code);
    }
  }
  const series = new Set(parsed.data.reportSeries.map((s) => s.id));
  for (const s of parsed.data.reportSeries) {
    for (const other of [s.laterSeries, s.earlierSeries]) if (other !== undefined && !series.has(other)) problems.push(`${s.id} names unknown series ${other}`);
  }
  if (problems.length > 0) throw new CitationSeriesInvalid(problems);
  return parsed.data;
}

const series = load(raw);

export const NEUTRAL_COURTS: readonly NeutralCourtRow[] = series.neutralCourts;
export const IRB_DIVISIONS: readonly IrbDivision[] = series.irbDivisions;
export const REPORT_SERIES: readonly ReportSeriesRow[] = series.reportSeries;

const courtByCode = new Map<string, NeutralCourtRow>();
for (const court of NEUTRAL_COURTS) for (const code of court.codes) courtByCode.set(code, court);

/** The court cited by `code` (`CSC` → the Supreme Court of Canada row), if any. */
export function courtOfCode(code: string): NeutralCourtRow | undefined {
  return courtByCode.get(code);
}

const seriesById = new Map(REPORT_SERIES.map((s) => [s.id, s]));

export function reportSeries(id: string): ReportSeriesRow | undefined {
  return seriesById.get(id);
}

/** Regex source matching a printed abbreviation with or without its dots, one optional space after each dot. */
export function abbreviationPattern(spelling: string): string {
  const parts = spelling
    .split('.')
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  return parts
    .map((part, i) => {
      const escaped = part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, ' ?');
      return i < parts.length - 1 ? `${escaped}\\.? ?` : `${escaped}\\.?`;
    })
    .join('');
}

/** The series an abbreviation as written belongs to, and whether it was the French spelling. */
export function seriesOfSpelling(written: string): { series: ReportSeriesRow; french: boolean } | undefined {
  const key = written.replace(/[.\s]/g, '').toUpperCase();
  for (const s of REPORT_SERIES) {
    for (const spelling of s.spellings) {
      if (spelling.replace(/[.\s]/g, '').toUpperCase() === key) return { series: s, french: (s.frenchSpellings ?? []).includes(spelling) };
    }
  }
  return undefined;
}
