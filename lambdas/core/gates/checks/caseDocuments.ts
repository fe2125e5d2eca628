import { ExtractedDocument } from '../../../contracts/intakeOutput';
import { BlobNotFound, BlobNotJson } from '../../storage/blobErrors';
import type { BlobStore } from '../../storage/blobStore';
import { isRecord } from '../gateIssues';

/** What a gate can learn about one document: its extracted text, or why it could not be read. */
export type DocumentLookup =
  | { found: true; doc: ExtractedDocument }
  | { found: false; reason: 'unknown-document' | 'text-unreadable' };

/**
 * Reads documents' extracted text through the intake output's `extractedText` keys, each at most once,
 * and only those a check asks for. Tolerates an intake output of any shape (it may be the output under test).
 */
export class CaseDocuments {
  private readonly keys: Record<string, string>;
  private readonly cache = new Map<string, Promise<DocumentLookup>>();

  constructor(private readonly blobs: BlobStore, intakeOutput: unknown) {
    const raw = isRecord(intakeOutput) && isRecord(intakeOutput.extractedText) ? intakeOutput.extractedText : {};
    this.keys = Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'));
  }

  has(docId: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.keys, docId);
  }

  get(docId: string): Promise<DocumentLookup> {
    let pending = this.cache.get(docId);
    if (!pending) {
      pending = this.load(docId);
      this.cache.set(docId, pending);
    }
    return pending;
  }

  private async load(docId: string): Promise<DocumentLookup> {
    if (!this.has(docId)) return { found: false, reason: 'unknown-document' };
    try {
      const doc = await this.blobs.getJson(this.keys[docId], ExtractedDocument);
      return doc.docId === docId ? { found: true, doc } : { found: false, reason: 'text-unreadable' };
    } catch (err) {
      // A missing or malformed blob is a finding; any other failure (the store is down) is not ours to judge.
      if (err instanceof BlobNotFound || err instanceof BlobNotJson) return { found: false, reason: 'text-unreadable' };
      throw err;
    }
  }
}
