import { localContext } from '../../../local/handlerRegistry';

type Modules = {
  observability: typeof import('../../../lambdas/core/observability/lambdaObservability');
  metrics: typeof import('../../../lambdas/core/observability/metrics');
};

const savedEnv = { ...process.env };

/** Loads the observability modules afresh under an environment (their instances are per container). */
function load(env: Record<string, string | undefined>): Modules {
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  let modules: Modules | undefined;
  jest.isolateModules(() => {
    modules = {
      observability: require('../../../lambdas/core/observability/lambdaObservability'),
      metrics: require('../../../lambdas/core/observability/metrics'),
    };
  });
  return modules!;
}

describe('Powertools through middy', () => {
  let stdout: jest.SpyInstance;
  beforeEach(() => {
    stdout = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  });
  afterEach(() => {
    stdout.mockRestore();
    process.env = { ...savedEnv };
  });
  const written = () => stdout.mock.calls.map((c) => String(c[0])).join('');

  it('outside Lambda (the local runtime, the CLI) adds no tracer or metrics and writes nothing to stdout', async () => {
    const { observability, metrics } = load({ AWS_LAMBDA_FUNCTION_NAME: undefined });
    expect(metrics.lambdaMetrics()).toBeUndefined();
    const handler = observability.withObservability(async (event: { n: number }) => {
      metrics.countMetric(metrics.METRIC.stageCompleted);
      return event.n + 1;
    });
    expect(await handler({ n: 1 }, localContext('Test', 1000) as never)).toBe(2);
    expect(written()).toBe('');
  });

  it('in a Lambda container flushes the invocation’s metrics as CloudWatch EMF in the CaseAudit namespace', async () => {
    const { observability, metrics } = load({ AWS_LAMBDA_FUNCTION_NAME: 'CaseAudit-intake', POWERTOOLS_METRICS_DISABLED: 'false', POWERTOOLS_DEV: undefined });
    expect(metrics.lambdaMetrics()).toBeDefined();
    const handler = observability.withObservability(async () => {
      metrics.countMetric(metrics.METRIC.stageCompleted);
      return 'done';
    });
    expect(await handler({}, localContext('Intake', 1000) as never)).toBe('done');
    const emf = written()
      .split('\n')
      .filter((line) => line.includes('"_aws"'))
      .map((line) => JSON.parse(line) as { _aws: { CloudWatchMetrics: Array<{ Namespace: string; Metrics: Array<{ Name: string }> }> }; service: string; StageCompleted?: number });
    expect(emf).toHaveLength(1);
    expect(emf[0]._aws.CloudWatchMetrics[0]).toMatchObject({ Namespace: 'CaseAudit', Metrics: [{ Name: 'StageCompleted' }] });
    expect(emf[0]).toMatchObject({ service: 'case-audit', StageCompleted: 1 });
  });
});
