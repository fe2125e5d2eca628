/**
 * The case file as the Strategist reads it: the intake's classification and profile, and the
 * extracted text of every readable document. Finders only ever see this, never the blob store.
 */
import { hasText } from '../../../core/caseText/hasText';
import type {
  ApplicantProfile,
  ApplicationType,
  DocumentStatus,
  DocumentType,
  ExtractedDocument,
  PageText,
} from '../../../contracts/intakeOutput';
import type { CaseFacts } from '../../../contracts/caseFacts';

export interface CaseDocument {
  docId: string;
  name: string;
  type: DocumentType;
  /** The extracted document itself (pages with text), as verifyEvidence expects it. */
  extracted: ExtractedDocument;
}

export interface UnreadDocument {
  docId: string;
  name: string;
  status: DocumentStatus;
}

export interface CaseFile {
  /** The kind of application; for a file that answers a refusal, the refused application's kind. */
  applicationType: ApplicationType;
  applicationTypeReason: string;
  /** Documents whose text could be read, in intake's order. */
  documents: CaseDocument[];
  /** Documents intake listed but whose text could not be read (scans, corrupt files, …). */
  unread: UnreadDocument[];
  profile: ApplicantProfile;
  /** The case-fact model Intake read (absent in audits stored before it existed). */
  facts?: CaseFacts;
  /** The day of the assessment (the audit clock), used where a document says "present" or "to date". */
  assessedOn: Date;
  /**
   * The audit answers a refusal (a refusal analysis, or intake's refusal mark): scored on the refusal
   * rubric, and its latest decision is the one under challenge.
   */
  respondsToRefusal?: boolean;
}

/** One page of one document. */
export interface PageRef {
  doc: CaseDocument;
  page: PageText;
}

/** Pages with text, of the given document types (all documents when `types` is omitted), in file order. */
export function pagesOf(file: CaseFile, types?: readonly DocumentType[]): PageRef[] {
  return file.documents
    .filter((doc) => !types || types.includes(doc.type))
    .flatMap((doc) => doc.extracted.pages.filter((p) => hasText(p.text)).map((page) => ({ doc, page })));
}

/** Pages of every document except the given types. */
export function pagesExcept(file: CaseFile, types: readonly DocumentType[]): PageRef[] {
  return file.documents
    .filter((doc) => !types.includes(doc.type))
    .flatMap((doc) => doc.extracted.pages.filter((p) => hasText(p.text)).map((page) => ({ doc, page })));
}

export function hasDocument(file: CaseFile, types: readonly DocumentType[]): boolean {
  return file.documents.some((d) => types.includes(d.type));
}

export function documentsOf(file: CaseFile, types: readonly DocumentType[]): CaseDocument[] {
  return file.documents.filter((d) => types.includes(d.type));
}

/** The whole text of a document (pages joined), for whole-document tests; never for quoting. */
export function documentText(doc: CaseDocument): string {
  return doc.extracted.pages.map((p) => p.text).join('\n');
}
