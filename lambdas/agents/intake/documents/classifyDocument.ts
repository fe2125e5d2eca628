/**
 * A document with the type Intake gave it (typing/readDocumentType.ts), as the application-type
 * recogniser and the applicant profile read it.
 */
import type { DocumentType, ExtractedDocument } from '../../../contracts/intakeOutput';

export interface ClassifiedDocument {
  doc: ExtractedDocument;
  type: DocumentType;
}
