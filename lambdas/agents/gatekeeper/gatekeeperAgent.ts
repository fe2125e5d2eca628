import type { Agent } from '../../core/stage/stageContract';
import { MissingStageOutput } from '../../core/stage/stageErrors';
import { logger } from '../../core/observability/logger';
import type { IntakeOutput } from '../intake/intakeAgent';
import { checkDocuments, type DocumentChecklist } from './documentChecklist';
import type { InjectionAttempt } from './injection/injectionSchema';
import { scanExtractedText } from './injection/scanExtractedText';

export interface GatekeeperOutput {
  checklist: DocumentChecklist;
  /** Text in the documents aimed at the audit's language models (DESIGN §3); empty when none was found. */
  injectionAttempts: InjectionAttempt[];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Gatekeeper: compliance review. Today: the document checklist and the prompt-injection scan. */
export const gatekeeperAgent: Agent<GatekeeperOutput> = {
  name: 'gatekeeper',
  async run(ctx) {
    const intake = await ctx.outputOf<IntakeOutput>('intake');
    if (!intake) throw new MissingStageOutput(ctx.stage.id, 'intake');
    const checklist = checkDocuments(intake.applicationType, intake.documents);
    const requiredMissing = checklist.missing.filter((m) => m.required).length;
    const scan = await scanExtractedText(ctx.blobs, intake);
    const injectionAttempts = scan.attempts;

    // Ids and counts only: never the excerpts, document names or any other text from the file.
    const byCategory: Record<string, number> = {};
    for (const a of injectionAttempts) byCategory[a.category] = (byCategory[a.category] ?? 0) + 1;
    logger.info('prompt-injection scan finished', {
      auditId: ctx.session.auditId,
      stage: ctx.stage.id,
      documentsScanned: scan.documentsScanned,
      injectionAttempts: injectionAttempts.length,
      byCategory,
    });

    const notes: string[] = [];
    if (requiredMissing || checklist.problem.length) notes.push(`${requiredMissing} required missing, ${checklist.problem.length} problem`);
    if (injectionAttempts.length) notes.push(plural(injectionAttempts.length, 'prompt-injection attempt'));
    return {
      output: { checklist, injectionAttempts },
      status: notes.length ? `ok:${notes.join(', ')}` : 'ok',
    };
  },
  fallback(_ctx, error) {
    return {
      checklist: {
        applicationType: 'unknown',
        present: [],
        missing: [],
        problem: [{ item: 'checklist', label: 'Document checklist', required: true, documents: [], reason: `the checklist could not be run (${error.name}); review the documents manually` }],
        otherDocuments: [],
      },
      injectionAttempts: [],
    };
  },
};
