import { loadResearchIndex } from '../../core/caselaw/loadIndex';
import type { ExtractedDocument } from '../../core/documents/intakeSchema';
import type { DetectiveOutput, VerifierOutput } from '../../core/research/researchSchema';
import type { Agent, AgentContext } from '../../core/stage/stageContract';
import { collectAgentCitations, collectDocumentCitations, verifyCitations } from '../../core/verification/verifyCitations';
import type { IntakeOutput } from '../intake/intakeAgent';

/** Workflows in which the client's own documents are checked too (DESIGN §3). */
const CHECKS_CLIENT_DOCUMENTS = new Set(['final-review', 'refusal-analysis']);

/** Agent stages whose outputs may carry citations (structured authorities or free text). */
const CITING_STAGES = ['detective', 'strategist', 'gatekeeper', 'judge'] as const;

async function agentOutputs(ctx: AgentContext) {
  const outputs: Array<{ stage: string; authorities?: DetectiveOutput['authorities']; text?: string }> = [];
  for (const stage of CITING_STAGES) {
    if (!ctx.session.completedStages.includes(stage)) continue;
    const out = await ctx.outputOf<Record<string, unknown>>(stage);
    if (!out) continue;
    if (stage === 'detective') {
      const d = out as unknown as DetectiveOutput;
      // Policy passages (deep research) are not citations of law; they are not presented as authority.
      outputs.push({ stage, authorities: [...d.authorities, ...d.similarCases] });
    } else {
      outputs.push({ stage, text: JSON.stringify(out) });
    }
  }
  return outputs;
}

async function clientDocuments(ctx: AgentContext) {
  const intake = await ctx.outputOf<IntakeOutput>('intake');
  if (!intake) return [];
  const docs = await Promise.all(
    Object.values(intake.extractedText).map((key) => ctx.blobs.getJson<ExtractedDocument>(key)),
  );
  return docs.filter((d) => d.pages.length).map((d) => ({ docId: d.docId, pages: d.pages }));
}

async function previousRuns(ctx: AgentContext): Promise<VerifierOutput[]> {
  const runs: VerifierOutput[] = [];
  for (let i = 1; i <= ctx.session.verificationIterations; i++) {
    const run = await ctx.outputOf<VerifierOutput>(`verifier@${i}`);
    if (run) runs.push(run);
  }
  return runs;
}

/**
 * Verifier: checks every citation the agents produced (and, in final-review and refusal-analysis,
 * every citation in the client's documents) against the research index. FAILED sends the audit back
 * to the detective until the tier's iterations are spent (the loop is in the state machine).
 */
export const verifierAgent: Agent<VerifierOutput> = {
  name: 'verifier',
  async run(ctx) {
    const iteration = ctx.session.verificationIterations + 1;
    const inputs = collectAgentCitations(await agentOutputs(ctx));
    if (CHECKS_CLIENT_DOCUMENTS.has(ctx.session.workflowType)) inputs.push(...collectDocumentCitations(await clientDocuments(ctx)));
    const output = verifyCitations(inputs, loadResearchIndex(), { iteration, previous: await previousRuns(ctx), now: ctx.now() });
    return {
      output,
      loopConditionMet: output.status === 'FAILED',
      status: output.status === 'PASS' ? `ok:${output.checked.length} citations verified` : `ok:${output.failed.length} of ${output.checked.length} citations failed`,
    };
  },
  fallback(ctx, error) {
    // Fail closed: nothing is presented as verified when verification itself could not run.
    return {
      status: 'FAILED',
      iteration: ctx.session.verificationIterations + 1,
      checked: [],
      failed: [
        {
          citation: '(all citations)',
          issue: 'not-found',
          attempts: 1,
          detail: `verification could not run (${error.name})`,
          foundIn: 'verifier',
          recommendedAction: 'verify every citation in this report manually before relying on it',
        },
      ],
    };
  },
};
