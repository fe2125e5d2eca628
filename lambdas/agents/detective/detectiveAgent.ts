import { ResearchBudget } from '../../core/research/researchBudget';
import { planResearch, refusedKind } from './research/researchPlan';
import { runDetective } from './research/detective';
import type { DetectiveOutput } from '../../contracts/detectiveOutput';
import type { VerifierOutput } from '../../contracts/verifierOutput';
import type { Agent } from '../../core/stage/stageContract';
import { MissingStageOutput } from '../../core/stage/stageErrors';
import type { IntakeOutput } from '../../contracts/intakeOutput';
import { researchSourcesFrom } from '../../core/research/researchSources';
import { detectiveGate } from './detectiveGate';
import { answersRefusal } from '../../core/caseKind/answersRefusal';

/**
 * Detective: researches statute and case law for the profile's issues, citing only what it retrieved.
 * After a failed verification (loop-back) it searches replacements for the failed citations only,
 * and the research-call budget carries over: it is per audit, not per run.
 */
export const detectiveAgent: Agent<DetectiveOutput> = {
  name: 'detective',
  gate: detectiveGate,
  async run(ctx) {
    const intake = await ctx.outputOf<IntakeOutput>('intake');
    if (!intake) throw new MissingStageOutput(ctx.stage.id, 'intake');
    const runsSoFar = ctx.session.verificationIterations;
    const previous = runsSoFar ? await ctx.outputOf<DetectiveOutput>(`detective@${runsSoFar}`) : undefined;
    const failedVerification = runsSoFar ? await ctx.outputOf<VerifierOutput>(`verifier@${runsSoFar}`) : undefined;
    const limit = ctx.tierFeatures.maxResearchCalls;
    const budget = new ResearchBudget(limit, previous?.researchCalls.used ?? 0);
    // Rank for what was refused (e.g. a visitor visa), not for "a response to a refusal".
    const refusal = answersRefusal(intake, ctx.workflow.type);
    const rankingType = refusal ? (refusedKind(intake.applicationType, intake.documents) ?? 'refusal-response') : intake.applicationType;
    const output = await runDetective({
      plan: previous?.plan ?? planResearch(intake.applicationType, intake.profile, intake.documents, { answersRefusal: refusal }),
      sources: researchSourcesFrom(ctx.settings.research),
      budget,
      tier: ctx.tierFeatures,
      applicationType: rankingType,
      ...(previous && failedVerification
        ? { previous, replacementsFor: failedVerification.failed.map((f) => ({ citation: f.citation, issue: f.issue })) }
        : {}),
    });
    const replaced = output.authorities.filter((a) => a.replaces).length;
    return {
      output,
      status: `ok:${output.authorities.length} authorities, ${output.researchCalls.used}/${limit} research calls${previous ? `, ${replaced} replacements` : ''}`,
    };
  },
  fallback(ctx, error) {
    return {
      plan: [],
      authorities: [],
      similarCases: [],
      deepResearch: { status: 'skipped', reason: 'research failed', findings: [] },
      researchCalls: { used: 0, limit: ctx.tierFeatures.maxResearchCalls },
      excluded: [],
      notes: [`research could not run (${error.name}); no authority is cited`],
    };
  },
};
