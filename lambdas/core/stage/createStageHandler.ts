import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { getRuntimeDeps } from '../aws/runtimeConfig';
import { logger } from '../observability/logger';
import { runStage } from './runStage';
import { StageEvent, type Agent, type StageResult } from './stageContract';

export class InvalidStageEvent extends Error {
  override readonly name = 'InvalidStageEvent';
}

/** A thin Lambda handler: parse the event with zod, run the stage, return a small result. */
export function createStageHandler(agent: Agent) {
  return middy(async (event: unknown): Promise<StageResult> => {
    const parsed = StageEvent.safeParse(event);
    if (!parsed.success) {
      throw new InvalidStageEvent(`invalid stage event: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'event'}: ${i.message}`).join('; ')}`);
    }
    return runStage(getRuntimeDeps(), agent, parsed.data);
  }).use(injectLambdaContext(logger));
}
