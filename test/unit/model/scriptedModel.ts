import type * as z from 'zod';
import type { AgentModel, StructuredAnswer, StructuredRequest } from '../../../lambdas/core/model/agentModel';
import { ZERO_USAGE } from '../../../lambdas/core/model/accounting/usageTotals';

/**
 * An AgentModel double for agent specs: answers per prompt id (validated against the request's schema,
 * as the real layer does), or an error to throw. Records every request it got.
 */
export class ScriptedModel implements AgentModel {
  readonly enabled = true;
  readonly choice = 'bedrock' as const;
  readonly requests: Array<StructuredRequest<z.ZodType>> = [];

  constructor(private readonly script: Record<string, unknown | ((request: StructuredRequest<z.ZodType>) => unknown) | Error>) {}

  async structured<S extends z.ZodType>(request: StructuredRequest<S>): Promise<StructuredAnswer<z.output<S>>> {
    this.requests.push(request);
    const entry = this.script[request.prompt.id];
    if (entry instanceof Error) throw entry;
    if (entry === undefined) throw new Error(`no scripted answer for ${request.prompt.id}`);
    const raw = typeof entry === 'function' ? (entry as (r: StructuredRequest<z.ZodType>) => unknown)(request) : entry;
    return { value: request.schema.parse(raw), answers: 1, repairs: [], modelId: 'scripted' };
  }

  usage() {
    return { ...ZERO_USAGE, modelCalls: this.requests.length };
  }
}
