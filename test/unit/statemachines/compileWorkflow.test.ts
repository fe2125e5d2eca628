import { readFileSync } from 'node:fs';
import aslValidator from 'asl-validator';
import { compileWorkflow, dependencyLevels, nonRetryableStageErrors, referencedFunctionKeys, type AslDefinition } from '../../../statemachines/compileWorkflow';
import { aslPath, renderAsl } from '../../../statemachines/generate';
import { getWorkflow } from '../../../workflows/registry';
import { WORKFLOW_TYPES, type WorkflowDefinition } from '../../../workflows/schema';

type State = Record<string, any>;

describe('generated state machines', () => {
  // The first compile scans the sources for the errors never retried: a second or two, longer on a busy machine.
  beforeAll(() => {
    nonRetryableStageErrors();
  }, 120_000);

  it.each(WORKFLOW_TYPES)('committed statemachines/%s.asl.json equals a fresh compile (run `npm run asl`)', (type) => {
    expect(readFileSync(aslPath(type), 'utf8')).toBe(renderAsl(type));
  });

  it.each(WORKFLOW_TYPES)('%s passes asl-validator', (type) => {
    const { isValid, errorsText } = aslValidator(JSON.parse(readFileSync(aslPath(type), 'utf8')));
    expect(errorsText('\n')).toBe('');
    expect(isValid).toBe(true);
  });

  it('gives each stage a Task that sends only ids to its agent Lambda', () => {
    const asl = compileWorkflow(getWorkflow('document-list'));
    expect(asl.StartAt).toBe('Intake');
    const intake = asl.States.Intake as State;
    expect(intake.Resource).toBe('arn:aws:states:::lambda:invoke');
    expect(intake.Parameters).toEqual({ FunctionName: '${IntakeFunctionArn}', Payload: { 'auditId.$': '$.auditId', stage: 'intake' } });
    expect(intake.Next).toBe('Gatekeeper');
    expect((asl.States.Reporter as State).Next).toBe('Audit finished');
    expect(referencedFunctionKeys(asl)).toEqual(['Gatekeeper', 'Intake', 'RecordFailure', 'Reporter', 'Review']);
  });

  it('retries Lambda service errors and throttling with backoff and jitter, and catches into the failure recorder', () => {
    const task = compileWorkflow(getWorkflow('risk-audit')).States.Detective as State;
    expect(task.Retry[0]).toMatchObject({ ErrorEquals: ['Lambda.TooManyRequestsException'], BackoffRate: 2, JitterStrategy: 'FULL', MaxAttempts: 9, MaxDelaySeconds: 90 });
    expect(task.Retry[1]).toMatchObject({ BackoffRate: 2, JitterStrategy: 'FULL', MaxAttempts: 4 });
    expect(task.Retry[1].ErrorEquals).toEqual(expect.arrayContaining(['Lambda.ServiceException', 'Lambda.SdkClientException']));
    expect(task.Catch).toEqual([{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'Record failure' }]);
    const record = compileWorkflow(getWorkflow('risk-audit')).States['Record failure'] as State;
    expect(record.Parameters.FunctionName).toBe('${RecordFailureFunctionArn}');
    expect(record.Next).toBe('Audit failed');
  });

  it('compiles the verifier loop as a Choice on the stored iteration count per tier', () => {
    const asl = compileWorkflow(getWorkflow('risk-audit'));
    expect((asl.States.Verifier as State).Next).toBe('Verifier: loop back?');
    const choice = asl.States['Verifier: loop back?'] as State;
    expect(choice.Type).toBe('Choice');
    expect(choice.Default).toBe('Judge'); // risk-audit decides before the report is written
    const byTier = Object.fromEntries(
      choice.Choices.map((c: State) => [c.And[0].StringEquals, { max: c.And[2].NumericLessThan, next: c.Next }]),
    );
    // guest has one iteration, so it never loops back
    expect(byTier).toEqual({ pro: { max: 2, next: 'Detective' }, ultra: { max: 3, next: 'Detective' } });
  });

  it('runs independent stages as a Parallel state', () => {
    const def: WorkflowDefinition = JSON.parse(JSON.stringify(getWorkflow('document-list')));
    def.stages.splice(1, 0, { id: 'detective', agent: 'detective', description: 'research', depends_on: ['intake'], critical: false });
    def.stages.find((s) => s.id === 'reporter')!.depends_on = ['gatekeeper', 'detective'];
    delete def.review; // a review waits after a stage that runs alone
    expect(dependencyLevels(def).map((l) => l.map((s) => s.id))).toEqual([['intake'], ['detective', 'gatekeeper'], ['reporter']]);
    const asl: AslDefinition = compileWorkflow(def);
    const parallel = asl.States['Run Detective and Gatekeeper'] as State;
    expect(parallel.Type).toBe('Parallel');
    expect(parallel.Branches.map((b: State) => b.StartAt)).toEqual(['Detective', 'Gatekeeper']);
    expect((asl.States.Intake as State).Next).toBe('Run Detective and Gatekeeper');
    expect(aslValidator(asl as never).isValid).toBe(true);
  });

  it('puts the review between the judge and the reporter, and refuses one after a stage that runs beside another', () => {
    const asl = compileWorkflow(getWorkflow('risk-audit'));
    expect((asl.States.Judge as State).Next).toBe('Review needed?');
    expect(aslValidator(asl as never).isValid).toBe(true);
    const def: WorkflowDefinition = JSON.parse(JSON.stringify(getWorkflow('document-list')));
    def.stages.splice(1, 0, { id: 'detective', agent: 'detective', description: 'research', depends_on: ['intake'], critical: false });
    def.stages.find((s) => s.id === 'reporter')!.depends_on = ['gatekeeper', 'detective'];
    expect(() => compileWorkflow(def)).toThrow("the review after 'gatekeeper' needs that stage to run alone, not beside detective");
  });
});
