import { ExtractedDocument } from '../../contracts/intakeOutput';
import { mapWithConcurrency } from '../concurrency/mapWithConcurrency';
import type { BlobStore } from '../storage/blobStore';
import type { IntakeOutput } from '../../contracts/intakeOutput';
import { detectInjectionInDocument, type DetectInjectionOptions, MAX_ATTEMPTS_PER_DOCUMENT } from './detectInjection';
import type { InjectionAttempt } from '../../contracts/injectionAttempt';
import { attemptsFromQuarantine } from './quarantineAttempts';

const READ_CONCURRENCY = 4;

export interface InjectionScan {
  attempts: InjectionAttempt[];
  /** Documents whose extracted text was read and scanned. */
  documentsScanned: number;
  /** Attempts that intake had already quarantined (out of the text later stages read). */
  quarantined: number;
}

/**
 * Reads every document's extracted text that intake stored (`extractedText`: docId → key of an
 * ExtractedDocument), in intake's order, so findings come out in the same order on every run. A stored
 * text that is missing or not an ExtractedDocument is an error (BlobNotFound, BlobNotJson): an
 * unscanned document must not pass as clean.
 */
export async function loadExtractedDocuments(
  blobs: Pick<BlobStore, 'getJson'>,
  intake: Pick<IntakeOutput, 'documents' | 'extractedText'>,
): Promise<ExtractedDocument[]> {
  const listed = intake.documents.map((d) => d.docId).filter((id) => intake.extractedText[id] !== undefined);
  const unlisted = Object.keys(intake.extractedText).filter((id) => !listed.includes(id)).sort();
  const keys = [...listed, ...unlisted].map((id) => intake.extractedText[id]);
  return mapWithConcurrency(keys, READ_CONCURRENCY, (key) => blobs.getJson(key, ExtractedDocument));
}

/**
 * Prompt-injection attempts in documents: what intake quarantined (hidden text, invisible characters,
 * sentences the patterns matched) and whatever the patterns still find in the text later stages read
 * (documents extracted before intake quarantined anything). One attempt per passage, at most
 * MAX_ATTEMPTS_PER_DOCUMENT per document.
 */
export function scanDocuments(documents: readonly ExtractedDocument[], options: DetectInjectionOptions = {}): InjectionScan {
  const limit = options.maxPerDocument ?? MAX_ATTEMPTS_PER_DOCUMENT;
  let quarantined = 0;
  const attempts = documents.flatMap((doc) => {
    const fromQuarantine = attemptsFromQuarantine(doc);
    const seen = new Set(fromQuarantine.map((a) => `${a.page}\u0000${a.excerpt}`));
    const inText = detectInjectionInDocument(doc, options).filter((a) => !seen.has(`${a.page}\u0000${a.excerpt}`));
    const all = [...fromQuarantine, ...inText].sort((a, b) => a.page - b.page).slice(0, limit);
    quarantined += all.filter((a) => fromQuarantine.includes(a)).length;
    return all;
  });
  return { attempts, documentsScanned: documents.length, quarantined };
}

/** Loads the documents intake stored and scans them (see scanDocuments). */
export async function scanExtractedText(
  blobs: Pick<BlobStore, 'getJson'>,
  intake: Pick<IntakeOutput, 'documents' | 'extractedText'>,
  options: DetectInjectionOptions = {},
): Promise<InjectionScan> {
  return scanDocuments(await loadExtractedDocuments(blobs, intake), options);
}
