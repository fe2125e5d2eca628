import type { StrategistOutput } from '../../contracts/strategistOutput';
import { assist, assistNote, withStatusNote } from '../../core/model/modelAssist';
import { logger } from '../../core/observability/logger';
import type { DetectiveOutput } from '../../contracts/detectiveOutput';
import type { Agent } from '../../core/stage/stageContract';
import { MissingStageOutput } from '../../core/stage/stageErrors';
import type { IntakeOutput } from '../../contracts/intakeOutput';
import { applicationTypeOf, fallbackOutput } from './fallbackOutput';
import { readCaseFile } from './readCaseFile';
import { answersRefusal } from '../../core/caseKind/answersRefusal';
import { scoreCaseFile } from './scoreCaseFile';
import { applyScoreReview, reviewScore } from './scoreReview';
import { strategistGate } from './strategistGate';

/**
 * Strategist: the Defensibility Score from the rubric of the file's application type, every factor
 * rated from what the documents say, with strengths, weaknesses, confidence and an evidence plan.
 * The deterministic core (rules only) computes the rubric score; with a model configured, the model
 * may then adjust it within ±10 points with a stated reason (and credibility notes), recorded in
 * `modelAdjustment`. If the model cannot help, the rules-only result stands and the status says so.
 * The detective's output, when present, is only mentioned (the issues it researched).
 */
export const strategistAgent: Agent<StrategistOutput> = {
  name: 'strategist',
  gate: strategistGate,
  async run(ctx) {
    const intake = await ctx.outputOf<IntakeOutput>('intake');
    if (!intake) throw new MissingStageOutput(ctx.stage.id, 'intake');
    const file = await readCaseFile(ctx.blobs, intake, ctx.now(), { respondsToRefusal: answersRefusal(intake, ctx.session.workflowType) });
    const detective = await ctx.outputOf<DetectiveOutput>('detective');
    const rules = scoreCaseFile(file, { researchedIssues: detective?.plan?.map((issue) => issue.description) ?? [] });
    const review = rules.factors.length ? await assist(ctx, 'score review', (model) => reviewScore(model, file, rules)) : ({ kind: 'off' } as const);
    const output = review.kind === 'used' ? applyScoreReview(rules, review.value) : rules;

    // Ids, counts and the score only: never document text, names or quotes.
    const byRating: Record<string, number> = {};
    for (const f of output.factors) byRating[f.rating] = (byRating[f.rating] ?? 0) + 1;
    logger.info('strategist scored the file', {
      auditId: ctx.session.auditId,
      stage: ctx.stage.id,
      applicationType: output.applicationType,
      rubric: `${output.rubric.id}@${output.rubric.version}`,
      documentsRead: file.documents.length,
      documentsUnread: file.unread.length,
      factors: output.factors.length,
      byRating,
      rubricScore: output.rubricScore,
      ...(output.modelAdjustment ? { modelAdjustment: output.modelAdjustment.points } : {}),
      confidence: output.confidence,
    });
    const adjusted = output.modelAdjustment ? `adjusted ${output.modelAdjustment.points > 0 ? '+' : ''}${output.modelAdjustment.points}` : 'no adjustment';
    return { output, status: withStatusNote(`ok:score ${output.defensibilityScore}, confidence ${output.confidence}`, assistNote(review, adjusted)) };
  },
  fallback(ctx, error) {
    return fallbackOutput(applicationTypeOf(ctx.session), error);
  },
};
