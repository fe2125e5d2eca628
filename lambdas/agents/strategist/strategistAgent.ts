import type { StrategistOutput } from '../../core/analysis/analysisSchema';
import { logger } from '../../core/observability/logger';
import type { DetectiveOutput } from '../../core/research/researchSchema';
import type { Agent } from '../../core/stage/stageContract';
import { MissingStageOutput } from '../../core/stage/stageErrors';
import type { IntakeOutput } from '../intake/intakeAgent';
import { applicationTypeOf, fallbackOutput } from './fallbackOutput';
import { readCaseFile } from './readCaseFile';
import { scoreCaseFile } from './scoreCaseFile';

/**
 * Strategist: the Defensibility Score from the rubric of the file's application type, every factor
 * rated from what the documents say, with strengths, weaknesses, confidence and an evidence plan.
 * This is the deterministic core (rules only); a model layer may later adjust within ±10 points.
 * The detective's output, when present, is only mentioned (the issues it researched).
 */
export const strategistAgent: Agent<StrategistOutput> = {
  name: 'strategist',
  async run(ctx) {
    const intake = await ctx.outputOf<IntakeOutput>('intake');
    if (!intake) throw new MissingStageOutput(ctx.stage.id, 'intake');
    const file = await readCaseFile(ctx.blobs, intake, ctx.now());
    const detective = await ctx.outputOf<DetectiveOutput>('detective');
    const output = scoreCaseFile(file, { researchedIssues: detective?.plan?.map((issue) => issue.description) ?? [] });

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
      confidence: output.confidence,
    });
    return { output, status: `ok:score ${output.defensibilityScore}, confidence ${output.confidence}` };
  },
  fallback(ctx, error) {
    return fallbackOutput(applicationTypeOf(ctx.session), error);
  },
};
