import type { ResearchSourceName } from '../../contracts/detectiveOutput';

/** A research source could not answer. The detective records a note and goes on; the audit never fails on it. */
export abstract class ResearchSourceError extends Error {
  constructor(
    readonly source: ResearchSourceName,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The source could not be reached or refused the call (connection refused, timeout, access denied, missing tool). */
export class ResearchSourceUnavailable extends ResearchSourceError {
  override readonly name = 'ResearchSourceUnavailable';
}

/** The source answered with something that is not a list of results in the expected shape. */
export class ResearchSourceInvalidResponse extends ResearchSourceError {
  override readonly name = 'ResearchSourceInvalidResponse';
}

/** The source is rate-limiting calls; retrying later may work. */
export class ResearchSourceThrottled extends ResearchSourceError {
  override readonly name = 'ResearchSourceThrottled';
}

/** A source's configuration is missing or invalid; `setting` names what to fix. */
export class ResearchSourceMisconfigured extends ResearchSourceError {
  override readonly name = 'ResearchSourceMisconfigured';
  constructor(
    source: ResearchSourceName,
    readonly setting: string,
    problem: string,
  ) {
    super(source, `research source '${source}' is misconfigured: ${setting} ${problem}`);
  }
}

/** The audit's research-call budget (the tier's `maxResearchCalls`) is spent, or down to calls kept for later; the call was not made. */
export class ResearchBudgetExhausted extends Error {
  override readonly name = 'ResearchBudgetExhausted';
  constructor(
    readonly limit: number,
    readonly attempted: string,
    readonly kept = 0,
  ) {
    super(
      kept > 0
        ? `research-call budget of ${limit} is down to the ${kept} call${kept === 1 ? '' : 's'} kept for later; ${attempted} was not made`
        : `research-call budget of ${limit} is spent; ${attempted} was not made`,
    );
  }
}

/** Short, data-free description of an error for a detective note. */
export function describeResearchError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return 'unknown error';
}
