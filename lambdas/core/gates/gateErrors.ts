import type { GateResult } from './gateSchema';
import { DeterministicError } from '../errors/deterministicError';

/**
 * A stage's output failed its gate in live mode, again after one retry with the issues as feedback.
 * The audit stops: its status becomes `failed:GateFailed:<first error issue>`.
 */
export class GateFailed extends DeterministicError {
  override readonly name = 'GateFailed';
  constructor(readonly result: GateResult) {
    const errors = result.issues.filter((i) => i.severity === 'error');
    const first = errors[0] ?? result.issues[0];
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more issue${errors.length === 2 ? '' : 's'})` : '';
    super(first ? `${first.code}: ${first.message}${more}` : `the ${result.stage} gate failed`);
  }
}
