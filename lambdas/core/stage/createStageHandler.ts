import { getRuntimeDeps } from '../aws/runtimeConfig';
import { withObservability } from '../observability/lambdaObservability';
import { METRIC, countMetric } from '../observability/metrics';
import { traceClients } from '../observability/tracing';
import { runStage } from './runStage';
import { StageEvent, type Agent, type StageResult } from './stageContract';

export class InvalidStageEvent extends Error {
  override readonly name = 'InvalidStageEvent';
}

/**
 * A thin Lambda handler: parse the event with zod, run the stage, return a small result. Powertools
 * logger, tracer and metrics come through middy (tracer and metrics only in a Lambda container).
 */
export function createStageHandler(agent: Agent) {
  return withObservability(async (event: unknown): Promise<StageResult> => {
    const parsed = StageEvent.safeParse(event);
    if (!parsed.success) {
      throw new InvalidStageEvent(`invalid stage event: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'event'}: ${i.message}`).join('; ')}`);
    }
    const deps = getRuntimeDeps();
    traceClients(deps.clients.ddb, deps.clients.s3);
    const result = await runStage(deps, agent, parsed.data);
    countMetric(result.status.startsWith('failed:') ? METRIC.stageDegraded : METRIC.stageCompleted);
    return result;
  });
}
