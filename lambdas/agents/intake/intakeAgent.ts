import { runIntake, type UnreadableFile } from './documents/runIntake';
import { mapWithConcurrency } from '../../core/concurrency/mapWithConcurrency';
import type { DocumentFile } from './documents/extractDocument';
import type { IntakeOutput } from '../../contracts/intakeOutput';
import { loadManifest, sha256Hex, type ManifestEntry } from '../../core/audit/documentManifest';
import { BlobNotFound, BlobTooLarge } from '../../core/storage/blobErrors';
import { MAX_DOCUMENT_BYTES } from '../../core/audit/documentLimits';
import { extractedTextKey } from '../../core/storage/objectKeys';
import type { Agent } from '../../core/stage/stageContract';
import { assist, assistNote, withStatusNote } from '../../core/model/modelAssist';
import { logger } from '../../core/observability/logger';
import { readCaseFactsWithModel } from './reading/modelCaseFacts';
import { extractFreeTextFacts } from './freeTextFacts';
import { documentTooLargeDetail } from './documents/sizeLimitDetail';
import { injectionScreener } from '../../core/injection/injectionScreener';
import { intakeGate } from './intakeGate';
import { DeterministicError } from '../../core/errors/deterministicError';
import { ocrContextFor, type OcrSetupOptions } from './documents/ocr/ocrSetup';


export class NoDocuments extends DeterministicError {
  override readonly name = 'NoDocuments';
  constructor() {
    super('the audit has no documents; add the case\'s files before starting an audit');
  }
}

/**
 * Documents pinned when the audit started have changed or vanished since. The audit stops rather
 * than read anything else: resuming it could otherwise audit another client's files.
 */
export class PinnedDocumentsChanged extends DeterministicError {
  override readonly name = 'PinnedDocumentsChanged';
  constructor(readonly changes: Array<{ name: string; change: 'changed' | 'missing' }>) {
    const shown = changes.slice(0, 5).map((c) => `${c.name} (${c.change})`).join(', ');
    super(
      `${changes.length} document(s) pinned when this audit started changed or vanished since: ${shown}` +
        `${changes.length > 5 ? ', …' : ''}; this audit will not read other files — start a new audit of the case`,
    );
  }
}

const READ_CONCURRENCY = 4;

export interface IntakeAgentOptions {
  /** Documents larger than this are reported `too-large` without being read (default MAX_DOCUMENT_BYTES, 50 MB). */
  maxDocumentBytes?: number;
  /** OCR limits or engine other than the defaults (tests); the mode comes from the audit's settings. */
  ocr?: OcrSetupOptions;
}

/**
 * Intake: extraction and normalisation only, no legal analysis (DESIGN §3). Reads exactly the pinned
 * documents. With a model configured, facts stated in free text are added to the profile; each one's
 * quote is checked verbatim against the quarantined text, and a fact that fails the check is dropped.
 */
export function createIntakeAgent(options: IntakeAgentOptions = {}): Agent<IntakeOutput> {
  return {
    name: 'intake',
    gate: intakeGate,
    async run(ctx) {
      const { auditId } = ctx.session;
      const manifest = await loadManifest(ctx.blobs, auditId, ctx.session.manifest);
      if (!manifest.documents.length) throw new NoDocuments();
      const changes: PinnedDocumentsChanged['changes'] = [];
      const files = await mapWithConcurrency(manifest.documents, READ_CONCURRENCY, async (entry: ManifestEntry): Promise<DocumentFile | UnreadableFile | undefined> => {
        const { docId, name } = entry;
        if (entry.problem || !entry.key) {
          return { docId, name, problem: entry.problem ?? { status: 'unreadable', detail: 'the file was not stored' } };
        }
        try {
          // Never more than the pinned size is read: an object replaced by a larger one (or one pinned
          // by an older version without a size check) is not held whole in memory.
          const bytes = await ctx.blobs.get(entry.key, entry.versionId, { maxBytes: Math.min(entry.size, options.maxDocumentBytes ?? MAX_DOCUMENT_BYTES) });
          if (bytes.byteLength !== entry.size || (entry.sha256 && sha256Hex(bytes) !== entry.sha256)) changes.push({ name, change: 'changed' });
          // Where it is stored, for Textract's asynchronous API (it reads multi-page PDFs from S3).
          return { docId, name, bytes, location: { bucket: ctx.blobs.bucket, key: entry.key, ...(entry.versionId ? { versionId: entry.versionId } : {}) } };
        } catch (err) {
          if (err instanceof BlobTooLarge) {
            // Pinned within the limit but larger now: changed. Pinned over it (older manifests): too large.
            if (err.size > entry.size || entry.size <= (options.maxDocumentBytes ?? MAX_DOCUMENT_BYTES)) changes.push({ name, change: 'changed' });
            else return { docId, name, problem: { status: 'too-large', detail: documentTooLargeDetail(entry.size, options.maxDocumentBytes ?? MAX_DOCUMENT_BYTES) } };
            return undefined;
          }
          if (!(err instanceof BlobNotFound)) throw err;
          changes.push({ name, change: 'missing' });
          return undefined;
        }
      });
      if (changes.length) throw new PinnedDocumentsChanged(changes);
      // Sentences addressed to the audit's models are quarantined here, before any later stage reads the text.
      const { result: rules, extracted } = await runIntake(
        files.filter((f): f is DocumentFile | UnreadableFile => f !== undefined),
        {
          screenPassages: injectionScreener(),
          ...(options.maxDocumentBytes !== undefined ? { maxDocumentBytes: options.maxDocumentBytes } : {}),
          // One OCR budget (pages and time) per run of the stage.
          ocr: ocrContextFor(ctx.settings.ocr, options.ocr),
        },
      );
      const facts = await assist(ctx, 'free-text facts', (model) => extractFreeTextFacts(model, extracted, rules));
      const read = rules.caseFacts ? await assist(ctx, 'case facts', (model) => readCaseFactsWithModel(model, extracted, rules.caseFacts!)) : undefined;
      const withProfile = facts.kind === 'used' ? { ...rules, profile: facts.value.profile } : rules;
      const result = read?.kind === 'used' ? { ...withProfile, caseFacts: read.value.facts } : withProfile;
      if (read?.kind === 'used') {
        // Counts only: never a value or a quote.
        logger.info('intake merged the model reading', { auditId, stage: ctx.stage.id, added: read.value.added, droppedUnverified: read.value.droppedUnverified, conflicts: read.value.conflicts });
      }
      if (facts.kind === 'used') {
        // Counts only: never a value or a quote.
        logger.info('intake added free-text facts', { auditId, stage: ctx.stage.id, added: facts.value.added, droppedUnverified: facts.value.droppedUnverified, droppedDuplicate: facts.value.droppedDuplicate });
      }
      const extractedText: Record<string, string> = {};
      await mapWithConcurrency(extracted, READ_CONCURRENCY, async (doc) => {
        const key = extractedTextKey(auditId, doc.docId);
        await ctx.blobs.putJson(key, doc);
        extractedText[doc.docId] = key;
      });
      const unreadable = result.documents.filter((d) => d.status !== 'ok' && d.status !== 'mislabeled').length;
      const added = facts.kind === 'used' ? `${facts.value.added} fact${facts.value.added === 1 ? '' : 's'} added from free text${facts.value.droppedUnverified ? ` (${facts.value.droppedUnverified} dropped: quote not verbatim)` : ''}` : '';
      return {
        output: { ...result, extractedText, skipped: manifest.skipped },
        status: withStatusNote(withStatusNote(unreadable ? `ok:${unreadable} of ${result.documents.length} documents could not be read` : 'ok', assistNote(facts, added)), read?.kind === 'failed' && read.error.name !== (facts.kind === 'failed' ? facts.error.name : undefined) ? assistNote(read, '') : undefined),
      };
    },
  };
}

/** The Intake agent the Lambda and the local runtime run: the 50 MB limit for one document. */
export const intakeAgent: Agent<IntakeOutput> = createIntakeAgent();
