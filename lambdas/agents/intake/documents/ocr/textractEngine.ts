/**
 * OCR in AWS with Amazon Textract: `DetectDocumentText` for an image or a one-page PDF (sent as
 * bytes), the asynchronous `StartDocumentTextDetection` / `GetDocumentTextDetection` for a PDF of
 * several pages, which Textract reads from the document bucket itself (with the intake function's
 * permissions: s3:GetObject and kms:Decrypt, granted in lib/compute/agentFunctions.ts).
 *
 * Polling is bounded (maxPolls × pollMs); throttling is retried with full-jitter backoff a bounded
 * number of times; a failed job, a job still running at the bound, or throttling that does not stop
 * leaves the pages needs-ocr with the reason, never fails the audit.
 */
import {
  type Block,
  DetectDocumentTextCommand,
  GetDocumentTextDetectionCommand,
  StartDocumentTextDetectionCommand,
  type TextractClient,
} from '@aws-sdk/client-textract';
import type { DocumentOcr, OcrEngine, OcrImage, OcrPage, StoredLocation } from './ocrTypes';

export interface TextractOptions {
  /** Waits between two GetDocumentTextDetection calls (default 2 s). */
  pollMs?: number;
  /** GetDocumentTextDetection calls before the job is given up (default 150: 5 minutes). */
  maxPolls?: number;
  /** Attempts of one call that Textract throttles (default 5). */
  maxAttempts?: number;
  /** First backoff after throttling (default 500 ms), doubled each attempt, full jitter. */
  backoffMs?: number;
  /** How to wait (tests pass one that does not). */
  sleep?: (ms: number) => Promise<void>;
}

/** DetectDocumentText takes at most 10 MB of bytes. */
const MAX_SYNC_BYTES = 10 * 1024 * 1024;
const THROTTLING = new Set(['ThrottlingException', 'ProvisionedThroughputExceededException', 'LimitExceededException']);

/** Textract gave no usable answer; the sentence goes to the pages' status. */
class TextractUnusable extends Error {
  override readonly name = 'TextractUnusable';
}

/** Each page's lines, in reading order, and the mean confidence of its words. */
export function pagesOfBlocks(blocks: readonly Block[]): Map<number, OcrPage> {
  const lines = new Map<number, string[]>();
  const words = new Map<number, number[]>();
  for (const block of blocks) {
    const page = block.Page ?? 1;
    if (block.BlockType === 'LINE' && block.Text) lines.set(page, [...(lines.get(page) ?? []), block.Text]);
    if (block.BlockType === 'WORD' && block.Confidence !== undefined) words.set(page, [...(words.get(page) ?? []), block.Confidence]);
  }
  const pages = new Map<number, OcrPage>();
  for (const page of new Set([...lines.keys(), ...words.keys()])) {
    const confidences = words.get(page) ?? [];
    const mean = confidences.length ? confidences.reduce((a, b) => a + b, 0) / confidences.length / 100 : 0;
    pages.set(page, { text: (lines.get(page) ?? []).join('\n'), confidence: Math.max(0, Math.min(1, mean)) });
  }
  return pages;
}

export function createTextractEngine(client: TextractClient, options: TextractOptions = {}): OcrEngine {
  const pollMs = options.pollMs ?? 2_000;
  const maxPolls = options.maxPolls ?? 150;
  const maxAttempts = options.maxAttempts ?? 5;
  const backoffMs = options.backoffMs ?? 500;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  /** One call, retried while Textract throttles it. */
  async function call<T>(send: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await send();
      } catch (error) {
        const name = error instanceof Error ? error.name : 'Error';
        if (!THROTTLING.has(name)) throw new TextractUnusable(`Textract could not read it (${name})`);
        if (attempt >= maxAttempts) throw new TextractUnusable(`Textract throttled the requests (${name} after ${attempt} attempts); try again later`);
        await sleep(Math.random() * backoffMs * 2 ** (attempt - 1));
      }
    }
  }

  async function detect(document: { Bytes: Uint8Array } | { S3Object: { Bucket: string; Name: string; Version?: string } }): Promise<Map<number, OcrPage>> {
    const answer = await call(() => client.send(new DetectDocumentTextCommand({ Document: document })));
    return pagesOfBlocks(answer.Blocks ?? []);
  }

  async function detectAsync(location: StoredLocation): Promise<Map<number, OcrPage>> {
    const started = await call(() =>
      client.send(new StartDocumentTextDetectionCommand({ DocumentLocation: { S3Object: { Bucket: location.bucket, Name: location.key, ...(location.versionId ? { Version: location.versionId } : {}) } } })),
    );
    const jobId = started.JobId;
    if (!jobId) throw new TextractUnusable('Textract did not start a job');
    for (let poll = 1; poll <= maxPolls; poll++) {
      const first = await call(() => client.send(new GetDocumentTextDetectionCommand({ JobId: jobId, MaxResults: 1000 })));
      if (first.JobStatus === 'IN_PROGRESS') {
        await sleep(pollMs);
        continue;
      }
      if (first.JobStatus === 'FAILED') throw new TextractUnusable(`the Textract job failed${first.StatusMessage ? ` (${first.StatusMessage})` : ''}`);
      const blocks = [...(first.Blocks ?? [])];
      let next = first.NextToken;
      while (next) {
        const token = next;
        const more = await call(() => client.send(new GetDocumentTextDetectionCommand({ JobId: jobId, MaxResults: 1000, NextToken: token })));
        blocks.push(...(more.Blocks ?? []));
        next = more.NextToken;
      }
      return pagesOfBlocks(blocks);
    }
    throw new TextractUnusable(`the Textract job did not finish within ${Math.round((maxPolls * pollMs) / 1000)} s`);
  }

  return {
    name: 'textract',
    async readImage(image: OcrImage): Promise<OcrPage> {
      try {
        return (await detect({ Bytes: image.bytes })).get(1) ?? { text: '', confidence: 0 };
      } catch (error) {
        if (error instanceof TextractUnusable) throw error;
        throw new TextractUnusable(`Textract could not read it (${error instanceof Error ? error.name : 'Error'})`);
      }
    },
    async readPdf({ bytes, pageCount, location }): Promise<DocumentOcr> {
      try {
        if (pageCount === 1 && bytes.length <= MAX_SYNC_BYTES) return { pages: await detect({ Bytes: bytes }) };
        if (!location) return { pages: new Map(), failure: 'Textract reads a PDF of several pages from S3, and this one has no stored location' };
        return { pages: await detectAsync(location) };
      } catch (error) {
        return { pages: new Map(), failure: error instanceof TextractUnusable ? error.message : `Textract could not read it (${error instanceof Error ? error.name : 'Error'})` };
      }
    },
  };
}
