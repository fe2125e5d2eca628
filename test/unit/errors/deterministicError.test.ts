import { DeterministicError, deterministic } from '../../../lambdas/core/errors/deterministicError';
import { GateFailed } from '../../../lambdas/core/gates/gateErrors';
import { ModelError, ModelSettingsInvalid, ModelThrottled } from '../../../lambdas/core/model/modelErrors';
import { SessionNotFound, VersionConflict } from '../../../lambdas/core/session/sessionErrors';

describe('DeterministicError: a failure that re-running the same input cannot fix', () => {
  it('is what a deterministic error is, and keeps its own name (the error type Step Functions sees)', () => {
    const error = new SessionNotFound('audit-1');
    expect(error).toBeInstanceOf(DeterministicError);
    expect(error).toBeInstanceOf(SessionNotFound);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('SessionNotFound');
    expect(String(error)).toMatch(/^SessionNotFound: No session for audit audit-1/);
  });

  it('is not what a transient error is', () => {
    expect(new VersionConflict('audit-1', 1, 2)).not.toBeInstanceOf(DeterministicError);
    expect(new ModelThrottled('slow down')).not.toBeInstanceOf(DeterministicError);
    expect(new Error('a network blip')).not.toBeInstanceOf(DeterministicError);
    expect(undefined).not.toBeInstanceOf(DeterministicError);
  });

  it('leaves each subclass its own instanceof: one deterministic error is not another', () => {
    const gate = new GateFailed({ stage: 'intake', passed: false, issues: [] } as never);
    expect(gate).toBeInstanceOf(GateFailed);
    expect(new SessionNotFound('audit-1')).not.toBeInstanceOf(GateFailed);
  });

  it('can be given to an error that keeps another base class: ModelSettingsInvalid is both a ModelError and a DeterministicError', () => {
    const error = new ModelSettingsInvalid('Invalid model settings: no region');
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toBeInstanceOf(DeterministicError);
    expect(error).toBeInstanceOf(ModelSettingsInvalid);
    expect([error.name, error.retryable, error.shortReason]).toEqual(['ModelSettingsInvalid', false, 'settings invalid']);
    expect(new ModelThrottled('slow down')).not.toBeInstanceOf(ModelSettingsInvalid);

    class Base extends Error {}
    class Marked extends deterministic(Base) {
      override readonly name = 'Marked';
    }
    expect(new Marked('x')).toBeInstanceOf(Base);
    expect(new Marked('x')).toBeInstanceOf(DeterministicError);
    expect(new Base('x')).not.toBeInstanceOf(DeterministicError);
    expect(Object.keys(new Marked('x'))).toEqual(['name']); // the mark sits on the prototype, out of logs and JSON
  });
});
