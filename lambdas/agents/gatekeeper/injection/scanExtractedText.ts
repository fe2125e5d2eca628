import { ExtractedDocument } from '../../../core/documents/intakeSchema';
import { mapWithConcurrency } from '../../../core/documents/mapWithConcurrency';
import type { BlobStore } from '../../../core/storage/blobStore';
import type { IntakeOutput } from '../../intake/intakeAgent';
import { detectInjectionInDocument, type DetectInjectionOptions } from './detectInjection';
import type { InjectionAttempt } from './injectionSchema';

const READ_CONCURRENCY = 4;

export interface InjectionScan {
  attempts: InjectionAttempt[];
  /** Documents whose extracted text was read and scanned. */
  documentsScanned: number;
}

/**
 * Reads every document's extracted text that intake stored (`extractedText`: docId → key of an
 * ExtractedDocument) and runs the injection detector on it. Documents are scanned in intake's order,
 * so the findings come out in the same order on every run. A stored text that is missing or not an
 * ExtractedDocument is an error (BlobNotFound, BlobNotJson): an unscanned document must not pass as clean.
 */
export async function scanExtractedText(
  blobs: Pick<BlobStore, 'getJson'>,
  intake: Pick<IntakeOutput, 'documents' | 'extractedText'>,
  options: DetectInjectionOptions = {},
): Promise<InjectionScan> {
  const listed = intake.documents.map((d) => d.docId).filter((id) => intake.extractedText[id] !== undefined);
  const unlisted = Object.keys(intake.extractedText).filter((id) => !listed.includes(id)).sort();
  const keys = [...listed, ...unlisted].map((id) => intake.extractedText[id]);
  const perDocument = await mapWithConcurrency(keys, READ_CONCURRENCY, async (key) =>
    detectInjectionInDocument(await blobs.getJson(key, ExtractedDocument), options),
  );
  return { attempts: perDocument.flat(), documentsScanned: keys.length };
}
