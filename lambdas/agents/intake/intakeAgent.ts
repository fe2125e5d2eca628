import { runIntake } from '../../core/documents/runIntake';
import { mapWithConcurrency } from '../../core/documents/mapWithConcurrency';
import type { IntakeResult } from '../../core/documents/intakeSchema';
import { documentsPrefix, extractedTextKey } from '../../core/storage/objectKeys';
import type { Agent } from '../../core/stage/stageContract';

/** The intake stage's output: the intake result plus where each document's extracted text was stored. */
export type IntakeOutput = IntakeResult & { extractedText: Record<string, string> };

export class NoDocuments extends Error {
  override readonly name = 'NoDocuments';
  constructor(readonly prefix: string) {
    super(`no documents found under ${prefix}; add the case's files before starting an audit`);
  }
}

const READ_CONCURRENCY = 4;

/** Intake: extraction and normalisation only, no legal analysis (DESIGN §3). */
export const intakeAgent: Agent<IntakeOutput> = {
  name: 'intake',
  async run(ctx) {
    const { owner, caseId, auditId } = ctx.session;
    const prefix = documentsPrefix(owner, caseId);
    const objects = (await ctx.blobs.list(prefix)).filter((o) => !o.key.endsWith('/'));
    if (!objects.length) throw new NoDocuments(prefix);
    const files = await mapWithConcurrency(objects, READ_CONCURRENCY, async (o) => {
      const name = o.key.slice(prefix.length);
      return { docId: name, name, bytes: await ctx.blobs.get(o.key) };
    });
    const { result, extracted } = await runIntake(files);
    const extractedText: Record<string, string> = {};
    await mapWithConcurrency(extracted, READ_CONCURRENCY, async (doc) => {
      const key = extractedTextKey(owner, caseId, auditId, doc.docId);
      await ctx.blobs.putJson(key, doc);
      extractedText[doc.docId] = key;
    });
    const unreadable = result.documents.filter((d) => d.status !== 'ok' && d.status !== 'mislabeled').length;
    return {
      output: { ...result, extractedText },
      status: unreadable ? `ok:${unreadable} of ${result.documents.length} documents could not be read` : 'ok',
    };
  },
};
