import * as z from 'zod';

/** Courts that issue neutral citations in the index's scope. FCT = former Federal Court Trial Division (2001–2003). */
export const NeutralCourt = z.enum(['SCC', 'FCA', 'FC', 'FCT']);
export type NeutralCourt = z.infer<typeof NeutralCourt>;

/**
 * Law reports, by normalised abbreviation: Supreme Court Reports, Federal Court Reports (F.C. to
 * 2003, F.C.R. from 2004), Dominion Law Reports, Immigration Law Reporter, Administrative Law
 * Reports, All Canada Weekly Summaries, Federal Trial Reports, National Reporter, Canadian Rights
 * Reporter, Immigration Appeal Cases, and the Quicklaw series of Supreme Court, Federal Court and
 * Immigration Appeal Board decisions (`S.C.J. No.`, `F.C.J. No.`, `I.A.B.D. No.`; French `A.C.S. no`,
 * `A.C.F. no`).
 */
export const Reporter = z.enum(['SCR', 'FC', 'FCR', 'DLR', 'ImmLR', 'AdminLR', 'ACWS', 'FTR', 'NR', 'CRR', 'IAC', 'SCJ', 'FCJ', 'IABD']);
export type Reporter = z.infer<typeof Reporter>;

export const Instrument = z.enum(['IRPA', 'IRPR']);
export type Instrument = z.infer<typeof Instrument>;

/** Which spelling or pattern an occurrence was read from. */
export const CitationForm = z.enum([
  /** `2019 SCC 65`, `2008 S.C.C. 9` */
  'neutral',
  /** `2019 CSC 65`, `2010 CAF 250`, `2002 CFPI 123` */
  'neutral-french',
  /** `2019 CanLII 12345 (CA IRB)` */
  'canlii',
  /** `RAD File No. TB7-19351`, `TB7-19351 (RAD)` */
  'tribunal-file',
  /** `[1999] 2 S.C.R. 817`, `174 D.L.R. (4th) 193`, `31 Imm. L.R. (3d) 1` */
  'report',
  /** `[1999] 2 R.C.S. 817`, `[1999] 1 C.F. 605` */
  'report-french',
  /** `[1999] S.C.J. No. 39 (QL)`, `[2002] F.C.J. No. 1234` */
  'quicklaw',
  /** `[2002] A.C.F. no 1234` */
  'quicklaw-french',
  /** `Baker v. Canada (Minister of Citizenship and Immigration)`, `X (Re)` */
  'style-of-cause',
  /** `Canada (Citoyenneté et Immigration) c. Vavilov` */
  'style-of-cause-french',
  /** `Vavilov` (a known short name, or the name of a decision cited in full earlier) */
  'short-name',
  /** `Ibid`, `ibid.`, `Id.` (the citation just before) */
  'ibid',
  /** `Baker, supra note 3 at para 22`, `Baker, précité`, `Baker, above, at para 22` */
  'supra',
  /** `IRPA 40(1)(a)`, `s. 40(1)(a) of IRPA`, `IRPR s 216(1)(b)` */
  'statute-abbreviation',
  /** `section 16 of the Act`, `paragraph 216(1)(b) of the Regulations`, `s. 179(b)` in context */
  'statute-keyword',
  /** `Immigration and Refugee Protection Act, SC 2001, c 27, s 40(1)(a)` */
  'statute-title',
  /** `A40(1)(a)`, `R216(1)(b)` (GCMS notes) */
  'statute-compact',
  /** `alinéa 40(1)a) de la LIPR`, `l'article 16 de la Loi`, `RIPR 216(1)b)` */
  'statute-french',
  /** a further provision in a list: `… and (b)`, `sections 179 and 216 …` */
  'statute-list',
]);
export type CitationForm = z.infer<typeof CitationForm>;

/** Layout and OCR noise the reader read through inside an occurrence. */
export const CitationNoise = z.enum(['line-break', 'page-break', 'hyphenation', 'ocr-digit', 'look-alike-letter', 'invisible-character']);
export type CitationNoise = z.infer<typeof CitationNoise>;

const offset = z.number().int().nonnegative();

/** One place in the text where a citation appears (`text.slice(start, end) === raw`). */
export const CitationOccurrence = z.strictObject({
  raw: z.string(),
  start: offset,
  end: offset,
  pinpoint: z.string().optional(),
  /** The spelling or pattern read here; short forms (`ibid`, `supra`, `short-name`) point back to a full citation. */
  form: CitationForm,
  /** Noise read through inside this occurrence (absent when there was none). */
  noise: z.array(CitationNoise).optional(),
});
export type CitationOccurrence = z.infer<typeof CitationOccurrence>;

const common = {
  /** The first occurrence; all of them are in `occurrences`. */
  raw: z.string(),
  start: offset,
  end: offset,
  /** Dedupe key within a kind, e.g. `2019 SCC 65`, `Baker v. Canada (…), [1999] 2 SCR 817`, `IRPA 40(1)(a)`. */
  normalized: z.string(),
  /** Normalised identifier without any style of cause: `2019 SCC 65`, `[1999] 2 SCR 817`, `174 DLR (4th) 193`, `IRPA 40(1)(a)`, a case name. */
  id: z.string(),
  /** Form of the first occurrence. */
  form: CitationForm,
  /** Pinpoint of the first occurrence that has one, e.g. `para 99`, `paras 85-86`, `p 841`. */
  pinpoint: z.string().optional(),
  /** False when the citation provably cannot exist (a future year, a court that did not issue such citations that year, an impossible number, volume or page); `reason` says why. */
  valid: z.boolean(),
  reason: z.string().optional(),
  occurrences: z.array(CitationOccurrence).min(1),
};

/** A style of cause or short name written right before a citation is carried on the citation itself. */
const caseName = {
  name: z.string().optional(),
  /** Set on a later citation of a parallel list (`2001 FCA 345, [2002] 2 FC 413`): the first one. */
  parallelTo: z.string().optional(),
};

export const NeutralCitation = z.strictObject({
  ...common,
  ...caseName,
  kind: z.literal('neutral'),
  citation: z.string(),
  year: z.number().int(),
  court: NeutralCourt,
  number: z.number().int().positive(),
});
export type NeutralCitation = z.infer<typeof NeutralCitation>;

/**
 * A law-report citation. Year-volume reports (`[1999] 2 SCR 817`) have year, volume (absent for the
 * single-volume years before 1975) and page; volume reports (`174 DLR (4th) 193`) have volume,
 * edition, page and the year when it is written; Quicklaw citations (`[1999] SCJ No 39`) have year
 * and document number.
 */
export const ReporterCitation = z.strictObject({
  ...common,
  ...caseName,
  kind: z.literal('reporter'),
  citation: z.string(),
  year: z.number().int().optional(),
  volume: z.number().int().positive().optional(),
  reporter: Reporter,
  /** `2d`, `3d`, `4th`, `5th` for reports in several series. */
  edition: z.string().optional(),
  page: z.number().int().positive().optional(),
  /** Quicklaw document number. */
  number: z.number().int().positive().optional(),
});
export type ReporterCitation = z.infer<typeof ReporterCitation>;

/**
 * A decision cited in a form the bundled index does not hold: another court's or a tribunal's
 * neutral citation (`2020 ONCA 123`), a CanLII identifier of any court (`2019 CanLII 12345 (CA IRB)`),
 * or an Immigration and Refugee Board file number (`RAD TB7-19351`).
 */
export const OtherCourtCitation = z.strictObject({
  ...common,
  ...caseName,
  kind: z.literal('other-court'),
  /** As normalised: `2020 ONCA 123`, `2019 CanLII 12345 (CA IRB)`, `RAD TB7-19351`. */
  citation: z.string(),
  year: z.number().int().optional(),
  /** Court or tribunal code (`ONCA`, `IRB`, `RAD`, `SCC` for a CanLII id of the Supreme Court), or `CanLII` when a CanLII id names none. */
  court: z.string(),
  /** Readable, e.g. "the Court of Appeal for Ontario". */
  courtName: z.string(),
  number: z.number().int().positive().optional(),
  /** True for a CanLII identifier. */
  canlii: z.boolean(),
  /** IRB file number, e.g. `TB7-19351`. */
  fileNumber: z.string().optional(),
});
export type OtherCourtCitation = z.infer<typeof OtherCourtCitation>;

/** A case named without a citation: a full `A v. B` style of cause, or a short name in a citation context (`In Vavilov, the Court held`). */
export const StyleOfCauseCitation = z.strictObject({
  ...common,
  kind: z.literal('style-of-cause'),
  name: z.string(),
});
export type StyleOfCauseCitation = z.infer<typeof StyleOfCauseCitation>;

export const StatuteCitation = z.strictObject({
  ...common,
  kind: z.literal('statute'),
  /** Canonical provision id, e.g. `IRPA 40(1)(a)`, `IRPR 216(1)(b)`. */
  provisionId: z.string(),
  instrument: Instrument,
  /** True when the text did not name the Act or Regulations and the instrument was inferred. */
  instrumentInferred: z.boolean(),
});
export type StatuteCitation = z.infer<typeof StatuteCitation>;

export const ParsedCitation = z.discriminatedUnion('kind', [
  NeutralCitation,
  ReporterCitation,
  OtherCourtCitation,
  StyleOfCauseCitation,
  StatuteCitation,
]);
export type ParsedCitation = z.infer<typeof ParsedCitation>;
export type CitationKind = ParsedCitation['kind'];
