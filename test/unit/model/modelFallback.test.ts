import { bedrockError } from '../../../lambdas/core/model/providers/bedrockProvider';
import { ModelBudgetExhausted, ModelCircuitOpen, ModelRequestRejected, ModelThrottled } from '../../../lambdas/core/model/modelErrors';
import { degradedLine, stageFallback } from '../../../lambdas/core/model/modelFallback';

const sdkError = (name: string, message: string, status: number) => Object.assign(new Error(message), { name, $metadata: { httpStatusCode: status } });
const signal = new AbortController().signal;

describe('why a stage fell back to rules', () => {
  it('reads Bedrock’s answers: end of life (404, or 400 with the same words), not found, access denied, validation', () => {
    const eol = bedrockError(sdkError('ResourceNotFoundException', 'This model version has reached the end of its life.', 404), signal, 'm');
    expect(eol).toMatchObject({ rejection: 'end-of-life', httpStatus: 404 });
    expect(eol.message).not.toContain('This model version');
    expect(bedrockError(sdkError('ValidationException', 'The model has reached end of life', 400), signal, 'm')).toMatchObject({ rejection: 'end-of-life' });
    expect(bedrockError(sdkError('ValidationException', 'The provided model identifier is invalid.', 400), signal, 'm')).toMatchObject({ rejection: 'not-found' });
    expect(bedrockError(sdkError('AccessDeniedException', 'no', 403), signal, 'm')).toMatchObject({ rejection: 'access-denied', httpStatus: 403 });
    expect(bedrockError(sdkError('ValidationException', 'maxTokens too large', 400), signal, 'm')).toMatchObject({ rejection: 'invalid-request', httpStatus: 400 });
  });

  it('reports a circuit opened by a retired model as end of life, and ignores a spent budget (a choice, not a failure)', () => {
    const cause = new ModelRequestRejected('retired', 'end-of-life', 404);
    expect(stageFallback([new ModelCircuitOpen('bedrock:m', 1000, cause), new ModelThrottled('slow')])).toEqual({ reason: 'end-of-life', httpStatus: 404, error: 'ModelRequestRejected', steps: 2 });
    expect(stageFallback([new ModelBudgetExhausted('calls', 6, 6)])).toBeUndefined();
  });

  it('writes one line for the report’s first page', () => {
    expect(degradedLine({ intake: { reason: 'throttled', httpStatus: 429, error: 'ModelThrottled', steps: 1 } })).toBe(
      'Model unavailable for 1 stage (intake) — this audit used rules only: the model was throttled after every retry (HTTP 429)',
    );
    expect(degradedLine(undefined)).toBeUndefined();
  });
});
