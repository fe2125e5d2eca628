/**
 * Reads the case file from the intake output: each readable document's extracted text from the
 * blob store (as intake stored it). A stored text that is missing or malformed is an error: the
 * stage then falls back to its safe default rather than score a file it could not read.
 */
import type { IntakeResult } from '../../contracts/intakeOutput';
import { ExtractedDocument } from '../../contracts/intakeOutput';
import { answersRefusal } from '../../core/caseKind/answersRefusal';
import { mapWithConcurrency } from '../../core/concurrency/mapWithConcurrency';
import type { BlobStore } from '../../core/storage/blobStore';
import type { CaseDocument, CaseFile, UnreadDocument } from './text/caseFile';

const READ_CONCURRENCY = 4;
const READABLE = new Set(['ok', 'mislabeled']);

export type StrategistIntake = Pick<IntakeResult, 'applicationType' | 'applicationTypeReason' | 'refusal' | 'documents' | 'profile' | 'caseFacts'> & {
  /** docId → key of the stored ExtractedDocument. */
  extractedText: Record<string, string>;
};

/**
 * `respondsToRefusal`: the workflow says the audit answers a refusal (a refusal analysis); intake's
 * refusal mark (or an audit stored as 'refusal-response') says so too, whatever the workflow.
 */
export async function readCaseFile(blobs: Pick<BlobStore, 'getJson'>, intake: StrategistIntake, assessedOn: Date, options: { respondsToRefusal?: boolean } = {}): Promise<CaseFile> {
  const unread: UnreadDocument[] = [];
  const toRead = intake.documents.filter((d) => {
    const readable = READABLE.has(d.status) && intake.extractedText[d.docId] !== undefined;
    if (!readable) unread.push({ docId: d.docId, name: d.name, status: d.status });
    return readable;
  });
  const read = await mapWithConcurrency(toRead, READ_CONCURRENCY, async (summary): Promise<CaseDocument> => {
    const extracted = await blobs.getJson(intake.extractedText[summary.docId], ExtractedDocument);
    return { docId: summary.docId, name: summary.name, type: summary.type, extracted };
  });
  return {
    applicationType: intake.applicationType,
    applicationTypeReason: intake.applicationTypeReason,
    documents: read.filter((d) => d.extracted.pages.some((p) => /\S/.test(p.text))),
    unread,
    profile: intake.profile,
    ...(intake.caseFacts ? { facts: intake.caseFacts } : {}),
    assessedOn,
    ...(options.respondsToRefusal || answersRefusal(intake) ? { respondsToRefusal: true } : {}),
  };
}
