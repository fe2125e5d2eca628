import { loopCanHelp, noLoopReason } from './loopCanHelp';
import { loadResearchIndex, type ResearchIndex } from '../../core/caselaw/loadIndex';
import { assist, assistNote, withStatusNote } from '../../core/model/modelAssist';
import { logger } from '../../core/observability/logger';
import type { ExtractedDocument } from '../../contracts/intakeOutput';
import { withCanliiApiKey } from '../../core/research/canliiApiKey';
import type { ResearchSettings } from '../../core/research/researchSources';
import type { CaseLookupSource } from '../../core/research/canliiSource';
import { LOOP_BACK_RESERVE } from '../../core/research/researchBudget';
import { ResearchBudget } from '../../core/research/researchBudget';
import type { DetectiveOutput } from '../../contracts/detectiveOutput';
import type { VerifierOutput } from '../../contracts/verifierOutput';
import type { Agent, AgentContext } from '../../core/stage/stageContract';
import { confirmExternally } from './verification/externalConfirmation';
import type { CitationInput } from './verification/verificationSchema';
import { citationsToLookUp, collectAgentCitations, collectDocumentCitations, verifyCitations } from './verification/verifyCitations';
import { caseLookupSourceFrom } from '../../core/research/researchSources';
import type { IntakeOutput } from '../../contracts/intakeOutput';
import { propositionCandidates, reviewPropositions } from './propositionReview';
import { verifierGate } from './verifierGate';

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
 * The audit's research-call budget as this run finds it (DESIGN §2: the limit is per audit): the
 * calls the latest Detective run and the earlier verification runs recorded, whichever is more.
 * Before the last verification run, it leaves the Detective's loop-back reserve unspent.
 */
async function auditBudget(ctx: AgentContext, iteration: number, previous: readonly VerifierOutput[]) {
  const detective = await ctx.outputOf<DetectiveOutput>('detective');
  const limit = ctx.tierFeatures.maxResearchCalls;
  const used = Math.max(detective?.researchCalls.used ?? 0, ...previous.map((run) => run.researchCalls?.used ?? 0));
  const maxRuns = ctx.stage.loop?.max_iterations[ctx.session.tier];
  const keep = maxRuns !== undefined && iteration < maxRuns ? LOOP_BACK_RESERVE : 0;
  return { budget: new ResearchBudget(limit, Math.min(used, limit)), keep };
}

/** Asks CanLII about the well-formed decisions the index lacks, within the audit's budget; earlier answers are reused. */
async function confirmOnCanlii(ctx: AgentContext, source: CaseLookupSource, inputs: CitationInput[], index: ResearchIndex, iteration: number, previous: VerifierOutput[]) {
  const { budget, keep } = await auditBudget(ctx, iteration, previous);
  const confirmation = await confirmExternally(citationsToLookUp(inputs, index, ctx.now()), {
    source,
    budget,
    keep,
    previous: previous.flatMap((run) => run.externalLookups ?? []),
  });
  return { ...confirmation, researchCalls: { used: budget.used, limit: budget.limit } };
}

/**
 * The CanLII lookup when configured (its key set directly, or read from the Secrets Manager secret the
 * deployment names); a bad setting or an unreadable secret is reported (status and log) and
 * verification goes on offline.
 */
async function canliiFromSettings(research: ResearchSettings): Promise<{ source?: CaseLookupSource; problem?: string }> {
  const settings = await withCanliiApiKey(research);
  try {
    const source = caseLookupSourceFrom(settings.env);
    return source ? { source } : settings.problem ? { problem: settings.problem } : {};
  } catch (error) {
    const problem = error instanceof Error ? error.message : 'invalid CanLII settings';
    logger.error('CanLII settings are invalid; verifying offline only', { setting: 'CASE_AUDIT_CANLII_ENDPOINT', problem });
    return { problem };
  }
}

/**
 * Verifier: checks every citation the agents produced (and, in final-review and refusal-analysis,
 * every citation in the client's documents) against the research index, and, when CanLII is
 * configured (CASE_AUDIT_CANLII_API_KEY, or CASE_AUDIT_CANLII_API_KEY_SECRET in AWS), asks CanLII about
 * well-formed decisions the index lacks.
 * FAILED sends the audit back to the detective until the tier's iterations are spent (the loop is in
 * the state machine).
 */
export const verifierAgent: Agent<VerifierOutput> = {
  name: 'verifier',
  gate: verifierGate,
  async run(ctx) {
    const iteration = ctx.session.verificationIterations + 1;
    const index = loadResearchIndex();
    const inputs = collectAgentCitations(await agentOutputs(ctx));
    if (CHECKS_CLIENT_DOCUMENTS.has(ctx.session.workflowType)) inputs.push(...collectDocumentCitations(await clientDocuments(ctx)));
    const previous = await previousRuns(ctx);
    const canlii = await canliiFromSettings(ctx.settings.research);
    const confirmed = canlii.source ? await confirmOnCanlii(ctx, canlii.source, inputs, index, iteration, previous) : undefined;
    const verified = verifyCitations(inputs, index, { iteration, previous, now: ctx.now(), ...(confirmed ? { external: confirmed.answers } : {}) });
    const rules: VerifierOutput = confirmed
      ? { ...verified, externalLookups: confirmed.lookups, researchCalls: confirmed.researchCalls }
      : verified;
    // The model may only tighten: it sees the propositions of citations the rules verified, nothing else.
    const candidates = ctx.model?.enabled ? propositionCandidates(rules, inputs, index, ctx.now()) : [];
    const review = candidates.length ? await assist(ctx, 'proposition review', (model) => reviewPropositions(model, rules, candidates, index, previous)) : ({ kind: 'off' } as const);
    const output: VerifierOutput = review.kind === 'used' ? review.value.output : rules;
    const reviewNote = assistNote(review, review.kind === 'used' ? `${review.value.reviewed} proposition${review.value.reviewed === 1 ? '' : 's'} reviewed, ${review.value.tightened} found unsupported` : '');
    const lookups =
      confirmed && confirmed.calls > 0
        ? `, ${confirmed.calls} CanLII lookup${confirmed.calls === 1 ? '' : 's'}`
        : canlii.problem
          ? `, CanLII not used (${canlii.problem})`
          : '';
    const canHelp = loopCanHelp(output, previous);
    const why = output.status === 'FAILED' && !canHelp ? `; not looped back: ${noLoopReason(output)}` : '';
    return {
      output,
      loopConditionMet: output.status === 'FAILED',
      loopCanHelp: canHelp,
      status: withStatusNote(
        output.status === 'PASS'
          ? `ok:${output.checked.length} citations verified${lookups}`
          : `ok:${output.failed.length} of ${output.checked.length} citations failed${lookups}${why}`,
        reviewNote,
      ),
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
          issue: 'unverified',
          attempts: 1,
          detail: `verification could not run (${error.name}); no citation in this report could be verified`,
          foundIn: 'verifier',
          recommendedAction: 'verify every citation in this report on CanLII or Justice Laws before relying on it',
        },
      ],
    };
  },
};
