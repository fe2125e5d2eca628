import * as z from 'zod';
import { QuarantinedPassage } from './quarantinedPassage';
import { DocumentType } from './documentTypes';
import { Evidence, Fact } from './evidence';
import { CaseFacts } from './caseFacts';

export { DOCUMENT_TYPES, DocumentType } from './documentTypes';
export { Evidence, Fact } from './evidence';

/** Why a document could or could not be read (DESIGN §3, Standards: bad input yields a typed status). */
export const DocumentStatus = z.enum([
  'ok', // text extracted
  'empty', // zero bytes, or a readable file with no text at all
  'corrupt', // claims a format but its bytes are broken
  'encrypted', // password-protected PDF or DOCX
  'needs-ocr', // a scanned PDF or an image whose text OCR did not read (off, over a cap, low confidence)
  'unsupported', // a format Case Audit does not read (images, spreadsheets, ...)
  'mislabeled', // the extension says one thing, the bytes another; text was still read when possible
  'too-large', // the file, or what an archive expands to, is over a safety limit (e.g. a ZIP bomb); not read
  'unreadable', // the file could not be read from disk (permission denied, vanished, I/O error)
]);
export type DocumentStatus = z.infer<typeof DocumentStatus>;

export const APPLICATION_TYPES = [
  'spousal-sponsorship',
  'study-permit',
  'work-permit',
  'visitor-visa',
  'permanent-residence',
  /**
   * Read back from audits stored before a refusal file kept the refused application's kind (see
   * `IntakeResult.refusal`); nothing produces it now (docs/design-notes.md).
   */
  'refusal-response',
  'unknown',
] as const;
export const ApplicationType = z.enum(APPLICATION_TYPES);
export type ApplicationType = z.infer<typeof ApplicationType>;

/**
 * One page of extracted text (1-based page numbers; TXT/MD/DOCX have a single page 1). A page read by
 * OCR (a scan, an image file) says so, with the mean confidence of its words (0–1): its text may
 * hold OCR noise, so facts read from it carry that confidence and quotes are matched with tolerance.
 */
export const PageText = z.strictObject({
  page: z.number().int().positive(),
  text: z.string(),
  source: z.literal('ocr').optional(),
  ocrConfidence: z.number().min(0).max(1).optional(),
});
export type PageText = z.infer<typeof PageText>;

export const ExtractedDocument = z.strictObject({
  docId: z.string(),
  name: z.string(),
  /** Detected format from the bytes, not the extension. */
  format: z.enum(['pdf', 'docx', 'text', 'image', 'zip', 'ole', 'unknown']),
  status: DocumentStatus,
  /** Human-readable, e.g. "no text layer — needs OCR" or "corrupt PDF: no cross-reference table". */
  statusDetail: z.string(),
  pages: z.array(PageText),
  pageCount: z.number().int().nonnegative(),
  /**
   * Text taken out of `pages` at intake because a reader would not see it (white, tiny or off-page
   * PDF text, invisible characters) or because it addresses the audit's language models; kept here
   * for the gatekeeper's report and never read by later stages. Absent when nothing was taken out.
   */
  quarantined: z.array(QuarantinedPassage).optional(),
});
export type ExtractedDocument = z.infer<typeof ExtractedDocument>;

export const DocumentSummary = z.strictObject({
  docId: z.string(),
  name: z.string(),
  status: DocumentStatus,
  statusDetail: z.string(),
  type: DocumentType,
  /** Why the classifier chose the type (e.g. "form number IMM 5257 on page 1"). */
  typeReason: z.string(),
  pages: z.number().int().nonnegative(),
  characters: z.number().int().nonnegative(),
  /** Pages whose text OCR read from a scan or an image, and their mean word confidence (0–1); absent when none. */
  ocr: z.strictObject({ pages: z.array(z.number().int().positive()), confidence: z.number().min(0).max(1) }).optional(),
});
export type DocumentSummary = z.infer<typeof DocumentSummary>;

/** The structured profile. Every fact carries verbatim evidence. No legal analysis. */
export const ApplicantProfile = z.strictObject({
  applicantName: Fact.optional(),
  sponsorName: Fact.optional(),
  dateOfBirth: Fact.optional(),
  citizenship: Fact.optional(),
  countryOfResidence: Fact.optional(),
  maritalStatus: Fact.optional(),
  relationship: z
    .strictObject({
      marriageDate: Fact.optional(),
      relationshipStart: Fact.optional(),
    })
    .optional(),
  purposeOfTravel: Fact.optional(),
  program: Fact.optional(),
  institution: Fact.optional(),
  employer: Fact.optional(),
  jobTitle: Fact.optional(),
  funds: z.array(Fact),
  priorRefusals: z.array(Fact),
  /** Statements about the applicant's history, e.g. "never been refused a visa". */
  declarations: z.array(Fact),
  /** Other dated events found in the file (travel, education, employment). */
  otherFacts: z.array(z.strictObject({ label: z.string(), fact: Fact })),
});
export type ApplicantProfile = z.infer<typeof ApplicantProfile>;

/**
 * Marks a file that answers a refusal (a refusal letter with no new application, or with a request to
 * reconsider or challenge it): `applicationType` is then the kind of application that was refused.
 */
export const RefusalFile = z.strictObject({ reason: z.string() });
export type RefusalFile = z.infer<typeof RefusalFile>;

export const IntakeResult = z.strictObject({
  /** The kind of application; for a file that answers a refusal, the refused application's kind. */
  applicationType: ApplicationType,
  applicationTypeReason: z.string(),
  /** Present when the file answers a refusal; absent otherwise and in audits stored before it existed. */
  refusal: RefusalFile.optional(),
  documents: z.array(DocumentSummary),
  profile: ApplicantProfile,
  /** The case-fact model (lambdas/contracts/caseFacts.ts); absent in audits stored before it existed. */
  caseFacts: CaseFacts.optional(),
});
export type IntakeResult = z.infer<typeof IntakeResult>;

/** A file of the case folder that was left out of the audit, and why (hidden, a symbolic link, audit.json, …). */
export const SkippedFile = z.strictObject({ name: z.string(), reason: z.string() });
export type SkippedFile = z.infer<typeof SkippedFile>;

/** The Intake stage's output: the intake result, where each document's extracted text was stored, and what was left out. */
export const IntakeOutput = IntakeResult.extend({
  /** docId → the blob key of the document's extracted pages. */
  extractedText: z.record(z.string(), z.string().min(1)),
  skipped: z.array(SkippedFile),
});
export type IntakeOutput = z.infer<typeof IntakeOutput>;
