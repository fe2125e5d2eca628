import { z } from 'zod';

/** Courts that issue neutral citations in the index's scope. FCT = former Federal Court Trial Division (2001–2003). */
export const NeutralCourt = z.enum(['SCC', 'FCA', 'FC', 'FCT']);
export type NeutralCourt = z.infer<typeof NeutralCourt>;

/** Printed law reports: Supreme Court Reports, Federal Court Reports (F.C. before 2003, F.C.R. after). */
export const Reporter = z.enum(['SCR', 'FC', 'FCR']);
export type Reporter = z.infer<typeof Reporter>;

export const Instrument = z.enum(['IRPA', 'IRPR']);
export type Instrument = z.infer<typeof Instrument>;

const offset = z.number().int().nonnegative();

/** One place in the text where a citation appears (`text.slice(start, end) === raw`). */
export const CitationOccurrence = z.strictObject({
  raw: z.string(),
  start: offset,
  end: offset,
  pinpoint: z.string().optional(),
});
export type CitationOccurrence = z.infer<typeof CitationOccurrence>;

const common = {
  /** The first occurrence; all of them are in `occurrences`. */
  raw: z.string(),
  start: offset,
  end: offset,
  /** Dedupe key within a kind, e.g. `2019 SCC 65`, `Baker v. Canada (…), [1999] 2 SCR 817`, `IRPA 40(1)(a)`. */
  normalized: z.string(),
  /** Pinpoint of the first occurrence that has one, e.g. `para 99`, `paras 85-86`. */
  pinpoint: z.string().optional(),
  /** False when the citation cannot exist (e.g. a year after the current one); `reason` says why. */
  valid: z.boolean(),
  reason: z.string().optional(),
  occurrences: z.array(CitationOccurrence).min(1),
};

/** A style of cause or short name written right before a citation is carried on the citation itself. */
const caseName = {
  name: z.string().optional(),
  /** Set on the second citation of a parallel pair (`2001 FCA 345, [2002] 2 FC 413`): the first one. */
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

export const ReporterCitation = z.strictObject({
  ...common,
  ...caseName,
  kind: z.literal('reporter'),
  citation: z.string(),
  year: z.number().int(),
  volume: z.number().int().positive(),
  reporter: Reporter,
  page: z.number().int().positive(),
});
export type ReporterCitation = z.infer<typeof ReporterCitation>;

/** A case named without a citation: a full `A v. B` style of cause, or a known short name (`Vavilov`). */
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
  StyleOfCauseCitation,
  StatuteCitation,
]);
export type ParsedCitation = z.infer<typeof ParsedCitation>;
export type CitationKind = ParsedCitation['kind'];
