import type { Agent } from '../../core/stage/stageContract';
import { MissingStageOutput } from '../../core/stage/stageErrors';
import type { IntakeOutput } from '../intake/intakeAgent';
import { checkDocuments, type DocumentChecklist } from './documentChecklist';

export interface GatekeeperOutput {
  checklist: DocumentChecklist;
}

/** Gatekeeper: compliance review. Today: the document checklist for the application type. */
export const gatekeeperAgent: Agent<GatekeeperOutput> = {
  name: 'gatekeeper',
  async run(ctx) {
    const intake = await ctx.outputOf<IntakeOutput>('intake');
    if (!intake) throw new MissingStageOutput(ctx.stage.id, 'intake');
    const checklist = checkDocuments(intake.applicationType, intake.documents);
    const requiredMissing = checklist.missing.filter((m) => m.required).length;
    return {
      output: { checklist },
      status: requiredMissing || checklist.problem.length
        ? `ok:${requiredMissing} required missing, ${checklist.problem.length} problem`
        : 'ok',
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
    };
  },
};
