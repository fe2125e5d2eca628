/** Typed errors of the session store; each names the audit and says what to do. */

import { DeterministicError } from '../errors/deterministicError';

export class SessionNotFound extends DeterministicError {
  override readonly name = 'SessionNotFound';

  constructor(readonly auditId: string) {
    super(`No session for audit ${auditId}. Start the audit first (POST /audits or case-audit run), or check the audit id.`);
  }
}

export class SessionAlreadyExists extends DeterministicError {
  override readonly name = 'SessionAlreadyExists';

  constructor(readonly auditId: string) {
    super(`A session for audit ${auditId} already exists. Use a new audit id, or resume the existing audit instead of creating it again.`);
  }
}

/** The stored session changed since it was read (optimistic locking). Re-read and re-apply. */
export class VersionConflict extends Error {
  override readonly name = 'VersionConflict';

  constructor(
    readonly auditId: string,
    readonly expectedVersion: number,
    readonly actualVersion?: number,
  ) {
    super(
      `Session ${auditId} was written by someone else: expected version ${expectedVersion}` +
        (actualVersion === undefined ? '' : `, found ${actualVersion}`) +
        '. Re-read the session and apply the change again (SessionStore.update does this).',
    );
  }
}

/** A session (read from the table or about to be written) does not match the Session schema. */
export class InvalidSession extends DeterministicError {
  override readonly name = 'InvalidSession';

  constructor(
    readonly auditId: string,
    readonly issues: string,
  ) {
    super(`Session ${auditId} does not match the Session schema: ${issues}`);
  }
}

/** An update() mutation changed what identifies the write (audit id or version). */
export class InvalidSessionMutation extends DeterministicError {
  override readonly name = 'InvalidSessionMutation';

  constructor(
    readonly auditId: string,
    readonly reason: string,
  ) {
    super(`The update of session ${auditId} is not allowed: ${reason}. Return the same session with only its contents changed.`);
  }
}

/** Even with every output spilled to S3 the item would exceed the size budget. */
export class SessionTooLarge extends DeterministicError {
  override readonly name = 'SessionTooLarge';

  constructor(
    readonly auditId: string,
    readonly bytes: number,
    readonly budgetBytes: number,
  ) {
    super(
      `Session ${auditId} needs ~${bytes} bytes without its outputs, over the ${budgetBytes}-byte item budget. ` +
        'Keep large data in stage outputs (they spill to S3), not in stage status, timings or failure messages.',
    );
  }
}
