import { DeterministicError } from '../errors/deterministicError';

/** A stage needs the output of an earlier stage that this audit does not have. */
export class MissingStageOutput extends DeterministicError {
  override readonly name = 'MissingStageOutput';
  constructor(stage: string, needed: string) {
    super(`stage '${stage}' needs the output of '${needed}', which this audit does not have`);
  }
}
