import { MAX_REVIEWS, MAX_REVIEW_SECONDS, REVIEW_STATES } from '../../statemachines/compileWorkflow';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { WORKFLOW_TYPES } from '../../workflows/schema';
import { nonRetryableStageErrors } from '../../statemachines/compileWorkflow';
import type { CaseAuditStack } from '../../lib/caseAuditStack';
import { AGENT_FUNCTIONS } from '../../lib/compute/agentCatalog';
import { roleOf, statementsOfRole } from './iamStatements';
import { synthCaseAuditStack } from './synthStack';

type Resource = { Type: string; Properties: Record<string, unknown> };

const committedAsl = (type: string): string => readFileSync(join(__dirname, '..', '..', 'statemachines', `${type}.asl.json`), 'utf8');

describe('Step Functions: one state machine per workflow type, from the committed ASL', () => {
  let template: Template;
  let stack: CaseAuditStack;
  let machines: Array<[string, Resource]>;
  let resources: Record<string, Resource>;

  let nonRetryable: string[];

  // Every DeterministicError, found by scanning the sources: a second or two, longer on a busy machine.
  beforeAll(() => {
    nonRetryable = nonRetryableStageErrors();
  }, 120_000);

  beforeAll(() => {
    ({ template, stack } = synthCaseAuditStack());
    resources = template.toJSON().Resources as Record<string, Resource>;
    machines = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::StepFunctions::StateMachine');
  });

  const machineFor = (type: string): [string, Resource] => {
    const found = machines.find(([, r]) => r.Properties.StateMachineName === `CaseAudit-${type}`);
    if (!found) throw new Error(`no state machine named CaseAudit-${type}`);
    return found;
  };

  it('deploys exactly six standard state machines named <stack>-<workflow type>', () => {
    expect(machines.map(([, r]) => r.Properties.StateMachineName).sort()).toEqual(WORKFLOW_TYPES.map((t) => `CaseAudit-${t}`).sort());
    for (const [, r] of machines) expect(r.Properties.StateMachineType).toBe('STANDARD');
  });

  it.each(WORKFLOW_TYPES)('defines %s with the committed ASL, byte for byte', (type) => {
    const [, machine] = machineFor(type);
    expect(machine.Properties.DefinitionString).toBe(committedAsl(type));
  });

  it.each(WORKFLOW_TYPES)('substitutes every Lambda placeholder of %s with the ARN of that agent’s function', (type) => {
    const [, machine] = machineFor(type);
    const substitutions = machine.Properties.DefinitionSubstitutions as Record<string, { 'Fn::GetAtt': [string, string] }>;
    const asl = committedAsl(type);
    const placeholders = [...new Set([...asl.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]))].sort();
    expect(Object.keys(substitutions).sort()).toEqual(placeholders);

    // After substitution the definition is the committed ASL with each placeholder naming its function.
    let substituted = machine.Properties.DefinitionString as string;
    for (const [name, value] of Object.entries(substitutions)) {
      const functionId = value['Fn::GetAtt'][0];
      expect(value['Fn::GetAtt'][1]).toBe('Arn');
      expect(resources[functionId].Type).toBe('AWS::Lambda::Function');
      const key = name.replace(/FunctionArn$/, '');
      const expectedFunction = stack.getLogicalId(stack.agents.invokeTarget(key).node.defaultChild as never);
      expect(functionId).toBe(expectedFunction);
      substituted = substituted.split(`\${${name}}`).join(`arn:${functionId}`);
    }
    const expected = JSON.parse(asl.replace(/\$\{(\w+)FunctionArn\}/g, (_m, key: string) => `arn:${stack.getLogicalId(stack.agents.invokeTarget(key).node.defaultChild as never)}`));
    expect(JSON.parse(substituted)).toEqual(expected);
  });

  it('deploys, for every function key, the handler module the local runtime calls for that key', () => {
    // local/handlerRegistry.ts maps each `${<Key>FunctionArn}` to `require('../lambdas/…/handler')`.
    const registry = readFileSync(join(__dirname, '..', '..', 'local', 'handlerRegistry.ts'), 'utf8');
    const local = Object.fromEntries([...registry.matchAll(/^\s*(\w+): \(\) => \(require\('\.\.\/([^']+)'\)/gm)].map((m) => [m[1], `${m[2]}.ts`]));
    const deployed = Object.fromEntries(AGENT_FUNCTIONS.map((spec) => [spec.key, spec.entry]));
    expect(deployed).toEqual(local);
    for (const type of WORKFLOW_TYPES) {
      for (const [, key] of committedAsl(type).matchAll(/\$\{(\w+)FunctionArn\}/g)) expect(Object.keys(deployed)).toContain(key);
    }
  });

  it('logs every event to CloudWatch without execution data, with a retention, and traces with X-Ray', () => {
    for (const [, machine] of machines) {
      const logging = machine.Properties.LoggingConfiguration as { Level: string; IncludeExecutionData: boolean; Destinations: Array<{ CloudWatchLogsLogGroup: { LogGroupArn: { 'Fn::GetAtt': [string, string] } } }> };
      expect(logging.Level).toBe('ALL');
      expect(logging.IncludeExecutionData).toBe(false);
      const logGroup = resources[logging.Destinations[0].CloudWatchLogsLogGroup.LogGroupArn['Fn::GetAtt'][0]];
      expect(logGroup.Properties.RetentionInDays).toBe(90);
      expect(String(logGroup.Properties.LogGroupName)).toMatch(/^\/aws\/vendedlogs\/states\/CaseAudit-/);
      expect(machine.Properties.TracingConfiguration).toEqual({ Enabled: true });
    }
  });

  it.each(WORKFLOW_TYPES)('lets the %s state machine invoke exactly the functions its definition names', (type) => {
    const [id, machine] = machineFor(type);
    const statements = statementsOfRole(template, roleOf(template, id));
    const invoke = statements.filter((s) => s.actions.includes('lambda:InvokeFunction'));
    const allowed = invoke.flatMap((s) => s.resources.map((r) => (r as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0])).sort();
    const named = Object.values(machine.Properties.DefinitionSubstitutions as Record<string, { 'Fn::GetAtt': [string, string] }>).map((v) => v['Fn::GetAtt'][0]).sort();
    expect(allowed).toEqual(named);
    for (const s of statements) {
      if (s.resources.includes('*')) {
        for (const action of s.actions) expect(action).toMatch(/^(xray:(PutTraceSegments|PutTelemetryRecords|GetSamplingRules|GetSamplingTargets)|logs:(CreateLogDelivery|DeleteLogDelivery|DescribeLogGroups|DescribeResourcePolicies|GetLogDelivery|ListLogDeliveries|PutResourcePolicy|UpdateLogDelivery))$/);
      }
    }
  });

  it.each(WORKFLOW_TYPES)('retries each stage Task of %s: throttling 8–10 times for up to 60–120 s a pause, Lambda service errors 4 times, deterministic errors never, any other error once', (type) => {
    type Retrier = { ErrorEquals: string[]; MaxAttempts: number; IntervalSeconds?: number; MaxDelaySeconds?: number; JitterStrategy?: string };
    type State = { Type: string; Retry?: Retrier[]; Branches?: Array<{ States: Record<string, State> }> };
    const tasks: Array<[string, State]> = [];
    const walk = (states: Record<string, State>) => {
      for (const [name, st] of Object.entries(states)) {
        if (st.Type === 'Task') tasks.push([name, st]);
        for (const b of st.Branches ?? []) walk(b.States);
      }
    };
    walk((JSON.parse(committedAsl(type)) as { States: Record<string, State> }).States);
    // The review's wait retries only the invocation that hands over its token (a new token replaces it): two retriers.
    const wait = tasks.find(([name]) => name === REVIEW_STATES.wait);
    if (wait) expect(wait[1].Retry!.map((r) => r.ErrorEquals[0])).toEqual(['Lambda.TooManyRequestsException', 'Lambda.ServiceException']);
    const stages = tasks.filter(([name]) => name !== 'Record failure' && name !== REVIEW_STATES.wait);
    expect(stages.length).toBeGreaterThan(1);
    for (const [, task] of stages) {
      const retry = task.Retry!;
      // Step Functions uses the first retrier that matches: the non-retryable names must come before States.TaskFailed.
      expect(retry.map((r) => r.ErrorEquals.includes('States.TaskFailed'))).toEqual([false, false, false, true]);
      expect(retry[0]).toMatchObject({ ErrorEquals: ['Lambda.TooManyRequestsException'], JitterStrategy: 'FULL' });
      expect(retry[0].MaxAttempts).toBeGreaterThanOrEqual(8);
      expect(retry[0].MaxAttempts).toBeLessThanOrEqual(10);
      expect(retry[0].MaxDelaySeconds).toBeGreaterThanOrEqual(60);
      expect(retry[0].MaxDelaySeconds).toBeLessThanOrEqual(120);
      expect(retry[1]).toMatchObject({ MaxAttempts: 4, JitterStrategy: 'FULL' });
      expect(retry[1].ErrorEquals.every((e) => e.startsWith('Lambda.') && e !== 'Lambda.TooManyRequestsException')).toBe(true);
      expect(retry[2]).toEqual({ ErrorEquals: nonRetryable, MaxAttempts: 0 });
      expect(retry[3]).toMatchObject({ ErrorEquals: ['States.TaskFailed'], MaxAttempts: 1, JitterStrategy: 'FULL' });
      expect(retry[3].IntervalSeconds).toBeGreaterThanOrEqual(1);
    }
    const [, record] = tasks.find(([name]) => name === 'Record failure')!;
    expect(record.Retry!.map((r) => [r.ErrorEquals.includes('States.TaskFailed'), r.MaxAttempts])).toEqual([[false, 9], [false, 4], [true, 2]]);
  });

  it.each(WORKFLOW_TYPES)('gives every execution of %s an overall time limit longer than its stages (and two review periods) can take and shorter than a day more', (type) => {
    const asl = JSON.parse(committedAsl(type)) as { TimeoutSeconds?: number; States: Record<string, { TimeoutSeconds?: number }> };
    const stageLimits = Object.values(asl.States).reduce((sum, st) => sum + (st.TimeoutSeconds ?? 0), 0);
    const reviews = asl.States[REVIEW_STATES.wait] ? MAX_REVIEWS * MAX_REVIEW_SECONDS : 0;
    expect(asl.TimeoutSeconds).toBeGreaterThan(stageLimits + reviews);
    expect(asl.TimeoutSeconds).toBeLessThan(24 * 3600 + reviews);
  });

  it.each(WORKFLOW_TYPES.filter((t) => t !== 'client-guidance'))('makes %s wait for a reviewer on a task token, with the tier\'s deadline and a Catch of its timeout', (type) => {
    const asl = JSON.parse(committedAsl(type)) as { States: Record<string, Record<string, any>> };
    const wait = asl.States[REVIEW_STATES.wait];
    expect(wait.Resource).toBe('arn:aws:states:::lambda:invoke.waitForTaskToken');
    expect(wait.Parameters.Payload).toEqual({ 'auditId.$': '$.auditId', action: 'wait', 'taskToken.$': '$$.Task.Token' });
    expect(wait.TimeoutSecondsPath).toBe('$.review.timeoutSeconds');
    expect(wait.Catch[0]).toEqual({ ErrorEquals: ['States.Timeout'], ResultPath: '$.error', Next: REVIEW_STATES.expired });
    expect(asl.States[REVIEW_STATES.expired].Next).toBe('Reporter');
    expect(asl.States[REVIEW_STATES.required]).toMatchObject({ Choices: [{ Variable: '$.review.required', BooleanEquals: true, Next: REVIEW_STATES.wait }], Default: 'Reporter' });
    // A return goes back to the state of the named stage; anything else on to the report.
    const decision = asl.States[REVIEW_STATES.decision];
    expect(decision.Default).toBe('Reporter');
    for (const rule of decision.Choices) expect(asl.States[rule.Next].Type).toBe('Task');
    // The review comes after the judge, or after the gatekeeper where there is none.
    const before = Object.entries(asl.States).find(([, st]) => st.Next === REVIEW_STATES.check)?.[0];
    expect(before).toBe(type === 'document-list' ? 'Gatekeeper' : 'Judge');
  });

  it('holds no client-guidance audit for review', () => {
    expect(Object.keys(JSON.parse(committedAsl('client-guidance')).States)).not.toContain(REVIEW_STATES.wait);
  });

  it('treats as non-retryable only errors the Lambdas actually throw, by the name Step Functions sees', () => {
    const declared = new Set<string>();
    const scan = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) scan(path);
        else if (entry.name.endsWith('.ts')) for (const m of readFileSync(path, 'utf8').matchAll(/readonly name = '([\w.]+)'/g)) declared.add(m[1]);
      }
    };
    scan(join(__dirname, '..', '..', 'lambdas'));
    scan(join(__dirname, '..', '..', 'workflows'));
    // Sandbox.Timedout is the Lambda service's own error for a function that ran out of time.
    const unknown = nonRetryable.filter((name) => name !== 'Sandbox.Timedout' && !declared.has(name));
    expect(unknown).toEqual([]);
    expect(nonRetryable).toEqual(expect.arrayContaining(['GateFailed', 'PinnedDocumentsChanged', 'StageNotRunnable', 'InvalidStageEvent']));
    expect(nonRetryable).not.toContain('VersionConflict'); // contention is transient: worth a retry
  });

  it('gives each agent Lambda at least the timeout of its longest Task', () => {
    for (const type of WORKFLOW_TYPES) {
      const asl = JSON.parse(committedAsl(type)) as { States: Record<string, { Type: string; TimeoutSeconds?: number; Parameters?: { FunctionName?: string } }> };
      for (const state of Object.values(asl.States)) {
        if (state.Type !== 'Task' || state.TimeoutSeconds === undefined) continue;
        const key = /\$\{(\w+)FunctionArn\}/.exec(state.Parameters?.FunctionName ?? '')?.[1];
        if (!key) continue;
        const fn = resources[stack.getLogicalId(stack.agents.invokeTarget(key).node.defaultChild as never)];
        expect(fn.Properties.Timeout as number).toBeGreaterThanOrEqual(state.TimeoutSeconds);
      }
    }
  });

  it('sends every failed, timed-out or stopped execution of the six machines to the failure recorder, naming the audit', () => {
    const rule = resources[stack.getLogicalId(stack.executionEnds.rule.node.defaultChild as never)].Properties as {
      EventPattern: { source: string[]; 'detail-type': string[]; detail: { status: string[]; stateMachineArn: Array<{ Ref: string }> } };
      Targets: Array<{ Arn: unknown; InputTransformer: { InputPathsMap: Record<string, string>; InputTemplate: string }; RetryPolicy: unknown; DeadLetterConfig: unknown }>;
    };
    expect(rule.EventPattern.source).toEqual(['aws.states']);
    expect(rule.EventPattern['detail-type']).toEqual(['Step Functions Execution Status Change']);
    expect(rule.EventPattern.detail.status).toEqual(['FAILED', 'TIMED_OUT', 'ABORTED']);
    expect(rule.EventPattern.detail.stateMachineArn.map((arn) => arn.Ref).sort()).toEqual(machines.map(([logicalId]) => logicalId).sort());
    const [target] = rule.Targets;
    expect(target.Arn).toEqual({ 'Fn::GetAtt': [stack.getLogicalId(stack.agents.functions.get('RecordFailure')!.fn.node.defaultChild as never), 'Arn'] });
    const paths = target.InputTransformer.InputPathsMap;
    const input = JSON.parse(target.InputTransformer.InputTemplate.replace(/<([\w-]+)>/g, (_whole, name: string) => `"${paths[name]}"`)) as Record<string, unknown>;
    expect(input).toEqual({ auditId: '$.detail.name', executionEnded: { status: '$.detail.status', executionArn: '$.detail.executionArn' } });
    expect(target.RetryPolicy).toEqual({ MaximumEventAgeInSeconds: 21600, MaximumRetryAttempts: 8 });
    expect(target.DeadLetterConfig).toEqual({ Arn: { 'Fn::GetAtt': [stack.getLogicalId(stack.executionEnds.deadLetterQueue.node.defaultChild as never), 'Arn'] } });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', { AlarmDescription: Match.stringLikeRegexp('^Audits whose execution ended unrecorded') });
  });
});
