import { getRuntimeDeps } from '../aws/runtimeConfig';
import { DeterministicError } from '../errors/deterministicError';
import { withObservability } from '../observability/lambdaObservability';
import { METRIC, countMetric } from '../observability/metrics';
import { traceClients } from '../observability/tracing';
import { readAuditSettings } from '../settings/auditSettings';
import { runStage, type StageDeps } from './runStage';
import { StageEvent, type Agent, type StageResult } from './stageContract';

export class InvalidStageEvent extends DeterministicError {
  override readonly name = 'InvalidStageEvent';
}

/**
 * A Lambda context that carries the stage's dependencies: the embedded local runtime passes its own
 * stores and the audit's settings this way, instead of pointing the process's environment at them.
 */
export interface StageDepsCarrier {
  stageDeps?: StageDeps;
}

/**
 * A stage's dependencies in a Lambda container: the stores for the container's configuration (clients
 * created once), and the audit settings read from the function's environment at the invocation's entry.
 */
function containerStageDeps(): StageDeps {
  const runtime = getRuntimeDeps();
  traceClients(runtime.clients.ddb, runtime.clients.s3);
  return { store: runtime.store, blobs: runtime.blobs, settings: readAuditSettings(process.env) };
}

/**
 * A thin Lambda handler: parse the event with zod, run the stage, return a small result. Powertools
 * logger, tracer and metrics come through middy (tracer and metrics only in a Lambda container).
 */
export function createStageHandler(agent: Agent) {
  return withObservability(async (event: unknown, context: object): Promise<StageResult> => {
    const parsed = StageEvent.safeParse(event);
    if (!parsed.success) {
      throw new InvalidStageEvent(`invalid stage event: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'event'}: ${i.message}`).join('; ')}`);
    }
    const deps = (context as StageDepsCarrier | undefined)?.stageDeps ?? containerStageDeps();
    const result = await runStage(deps, agent, parsed.data);
    countMetric(result.status.startsWith('failed:') ? METRIC.stageDegraded : METRIC.stageCompleted);
    return result;
  });
}
