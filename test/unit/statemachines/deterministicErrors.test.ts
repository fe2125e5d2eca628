import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  compileWorkflow,
  nonRetryableStageErrors,
  SERVICE_DETERMINISTIC_ERRORS,
  type AslDefinition,
} from '../../../statemachines/compileWorkflow';
import { DETERMINISTIC_ERROR_MODULE, deterministicErrorsInSources, findDeterministicErrors, type DeterministicErrorClass } from '../../../statemachines/deterministicErrors';
import { DeterministicError } from '../../../lambdas/core/errors/deterministicError';
import { StartInProgress } from '../../../lambdas/core/audit/uploadStart';
import { ModelThrottled, ModelTimeout, ModelUnavailable } from '../../../lambdas/core/model/modelErrors';
import { ResearchSourceThrottled } from '../../../lambdas/core/research/researchErrors';
import { VersionConflict } from '../../../lambdas/core/session/sessionErrors';
import { getWorkflow } from '../../../workflows/registry';
import { WORKFLOW_TYPES } from '../../../workflows/schema';

const ROOT = join(__dirname, '..', '..', '..');
/** The scan of the whole project takes a second or two, longer on a busy machine. */
const SCAN_TIMEOUT_MS = 120_000;

type Retrier = { ErrorEquals: string[]; MaxAttempts: number };
type State = { Type: string; Retry?: Retrier[]; Branches?: Array<{ States: Record<string, State> }> };

/** Every stage Task of a compiled workflow (Parallel branches included), without the failure recorder. */
function stageTasks(asl: AslDefinition): Array<[string, State]> {
  const tasks: Array<[string, State]> = [];
  const walk = (states: Record<string, State>) => {
    for (const [name, state] of Object.entries(states)) {
      // The review's wait Task retries only the invocation that hands over its token (test/infra/stateMachines.test.ts).
      if (state.Type === 'Task' && name !== 'Record failure' && (state as { Resource?: string }).Resource !== 'arn:aws:states:::lambda:invoke.waitForTaskToken') tasks.push([name, state]);
      for (const branch of state.Branches ?? []) walk(branch.States);
    }
  };
  walk(asl.States as Record<string, State>);
  return tasks;
}

/** How many more attempts Step Functions makes after a Task fails with `errorName`: the first retrier that matches decides. */
function retriesOf(task: State, errorName: string): number {
  const matches = (r: Retrier) =>
    r.ErrorEquals.includes(errorName) || r.ErrorEquals.includes('States.ALL') || (r.ErrorEquals.includes('States.TaskFailed') && errorName !== 'States.Timeout');
  return task.Retry?.find(matches)?.MaxAttempts ?? 0;
}

describe('errors Step Functions never retries: every DeterministicError, found in the sources', () => {
  describe('the scan, on a project of fixture sources', () => {
    let root: string;
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };

    beforeEach(() => {
      root = mkdtempSync(join(tmpdir(), 'deterministic-errors-'));
      mkdirSync(dirname(join(root, DETERMINISTIC_ERROR_MODULE)), { recursive: true });
      copyFileSync(join(ROOT, DETERMINISTIC_ERROR_MODULE), join(root, DETERMINISTIC_ERROR_MODULE));
      mkdirSync(join(root, 'workflows'));
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it('lists an error that extends DeterministicError, whichever folder defines it and however it extends it', () => {
      write(
        'lambdas/agents/fixture/deep/fixtureErrors.ts',
        `import { DeterministicError, deterministic } from '../../../core/errors/deterministicError';
export class FixtureInputInvalid extends DeterministicError {
  override readonly name = 'FixtureInputInvalid';
}
/** Abstract: never thrown as such, so only its subclasses are listed. */
export abstract class FixtureDataError extends DeterministicError {}
class FixtureBase extends Error {
  override readonly name = 'FixtureBase';
}
export class FixtureSettingsInvalid extends deterministic(FixtureBase) {
  override readonly name = 'FixtureSettingsInvalid';
}
export class FixtureThrottled extends Error {
  override readonly name = 'FixtureThrottled';
}
`,
      );
      write('lambdas/agents/fixture/errors.ts', `export { FixtureDataError } from './deep/fixtureErrors';\n`);
      write(
        'workflows/elsewhere/tableErrors.ts',
        `import { FixtureDataError as DataError } from '../../lambdas/agents/fixture/errors';
export class FixtureTableBroken extends DataError {
  override readonly name = 'FixtureTableBroken';
}
/** Inherits its name: Step Functions sees it as FixtureTableBroken. */
export class FixtureRowMissing extends FixtureTableBroken {}
`,
      );
      write('test/fixtureErrors.ts', `import { DeterministicError } from '../${DETERMINISTIC_ERROR_MODULE.replace(/\.ts$/, '')}';\nexport class OutsideTheLambdas extends DeterministicError {\n  override readonly name = 'OutsideTheLambdas';\n}\n`);

      const found = findDeterministicErrors(root);
      expect(found.map((e) => [e.name, e.className, e.file])).toEqual([
        ['FixtureInputInvalid', 'FixtureInputInvalid', 'lambdas/agents/fixture/deep/fixtureErrors.ts'],
        ['FixtureSettingsInvalid', 'FixtureSettingsInvalid', 'lambdas/agents/fixture/deep/fixtureErrors.ts'],
        ['FixtureTableBroken', 'FixtureRowMissing', 'workflows/elsewhere/tableErrors.ts'],
        ['FixtureTableBroken', 'FixtureTableBroken', 'workflows/elsewhere/tableErrors.ts'],
      ]);
    });

    it('refuses a DeterministicError without a literal name: Step Functions would see plain Error', () => {
      write(
        'lambdas/fixture.ts',
        `import { DeterministicError } from './core/errors/deterministicError';\nexport class FixtureNameless extends DeterministicError {}\n`,
      );
      expect(() => findDeterministicErrors(root)).toThrow(/lambdas\/fixture\.ts: FixtureNameless is a DeterministicError without a literal name/);
    });

    it('refuses a name shared by a deterministic and a retryable error: Step Functions matches by name only', () => {
      write(
        'lambdas/fixture.ts',
        `import { DeterministicError } from './core/errors/deterministicError';
export class FixtureFailed extends DeterministicError {
  override readonly name = 'FixtureClash';
}
export class FixtureBusy extends Error {
  override readonly name = 'FixtureClash';
}
`,
      );
      expect(() => findDeterministicErrors(root)).toThrow(/FixtureFailed \(deterministic\) and lambdas\/fixture\.ts: FixtureBusy \(retryable\) are both named 'FixtureClash'/);
    });
  });

  describe('the project', () => {
    let found: DeterministicErrorClass[];
    beforeAll(() => {
      found = deterministicErrorsInSources();
    }, SCAN_TIMEOUT_MS);

    it('never retries an error that extends DeterministicError, in any stage Task of any workflow', () => {
      expect(found.length).toBeGreaterThan(30);
      for (const type of WORKFLOW_TYPES) {
        for (const [, task] of stageTasks(compileWorkflow(getWorkflow(type)))) {
          for (const error of found) expect([error.name, retriesOf(task, error.name)]).toEqual([error.name, 0]);
          for (const name of [...SERVICE_DETERMINISTIC_ERRORS]) expect([name, retriesOf(task, name)]).toEqual([name, 0]);
        }
      }
      expect(nonRetryableStageErrors()).toEqual([...new Set([...found.map((e) => e.name), ...SERVICE_DETERMINISTIC_ERRORS])].sort());
    });

    it('retries, once, a transient error: a lost optimistic lock, throttling, a timeout, a start racing another', () => {
      const transient = [
        new VersionConflict('audit-1', 3, 4),
        new ModelThrottled('slow down'),
        new ModelUnavailable('503'),
        new ModelTimeout('no answer'),
        new ResearchSourceThrottled('canlii', '429'),
        new StartInProgress('audit-1'),
        new Error('a network blip'),
      ];
      for (const error of transient) expect([error.name, error instanceof DeterministicError]).toEqual([error.name, false]);
      for (const type of WORKFLOW_TYPES) {
        for (const [, task] of stageTasks(compileWorkflow(getWorkflow(type)))) {
          for (const error of transient) expect([error.name, retriesOf(task, error.name)]).toEqual([error.name, 1]);
        }
      }
    });

    it('finds only classes that are DeterministicErrors when the Lambdas run', () => {
      for (const error of found) {
        const errorClass = (require(join(ROOT, error.file)) as Record<string, { prototype: object } | undefined>)[error.className];
        expect([error.className, errorClass !== undefined && errorClass.prototype instanceof DeterministicError]).toEqual([error.className, true]);
      }
    }, SCAN_TIMEOUT_MS); // loads the modules of every agent
  });
});
