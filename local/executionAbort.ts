import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { S3Client } from '@aws-sdk/client-s3';

/** The execution this Task belongs to was stopped (its command is gone): nothing more is read or written. */
export class ExecutionAborted extends Error {
  override readonly name = 'ExecutionAborted';
  constructor() {
    super('the audit was stopped: its command is gone (case-audit resume finishes it)');
  }
}

/**
 * The abort signal of the execution whose Task is running, carried through every await of the Task.
 * A Lambda handler has no way to be told to stop; here, the stores' AWS clients are: once the
 * execution is stopped, each call a Task still makes to DynamoDB or S3 fails at once, so a stage that
 * was running when the command died records nothing and the audit stays interrupted where it was.
 */
const currentExecution = new AsyncLocalStorage<AbortSignal>();

export function runInExecution<T>(signal: AbortSignal | undefined, fn: () => Promise<T>): Promise<T> {
  return signal ? currentExecution.run(signal, fn) : fn();
}

const guarded = new WeakSet<object>();

/** Makes the clients refuse calls made for a stopped execution (once per client). */
export function guardClients(clients: { ddb: DynamoDBDocumentClient; s3: S3Client }): void {
  for (const client of [clients.ddb, clients.s3] as Array<{ middlewareStack: { add(mw: unknown, opts: unknown): void } }>) {
    if (guarded.has(client)) continue;
    guarded.add(client);
    client.middlewareStack.add(
      (next: (args: unknown) => Promise<unknown>) => async (args: unknown) => {
        if (currentExecution.getStore()?.aborted) throw new ExecutionAborted();
        return next(args);
      },
      { step: 'initialize', name: 'caseAuditExecutionAbort' },
    );
  }
}
