/**
 * The messages between the data folder's host (main thread: emulators, control channel) and the
 * worker thread that runs the audits handed over by commands (hostedRunWorker.ts). Plain data only:
 * they cross the thread boundary by structured clone.
 */
import type { RunJob } from './hostJob';

/** What the worker needs to reach the host's emulators by their endpoints. */
export interface WorkerStart {
  home: string;
  endpoints: { dynamodb: string; s3: string };
  /** The data folder's own credentials: its emulators take no other. */
  credentials: { accessKeyId: string; secretAccessKey: string };
}

/** A data-folder session operation the worker asks the main thread to make (claims live there). */
export interface SessionCall {
  kind: 'call';
  callId: number;
  /** The job whose command's session makes the call; none for the host's own session. */
  jobId?: number;
  op: 'claim' | 'release' | 'runningAudits';
  auditId?: string;
}

export type ToWorker =
  | { kind: 'job'; jobId: number; job: RunJob }
  | { kind: 'abort'; jobId: number }
  | { kind: 'reply'; callId: number; value?: Record<string, number>; error?: WorkerError }
  | { kind: 'warm' };

export type FromWorker =
  | { kind: 'output'; jobId: number; stream: 'stdout' | 'stderr'; text: string }
  | { kind: 'auditId'; jobId: number; auditId: string }
  | { kind: 'done'; jobId: number; code: number }
  | { kind: 'failed'; jobId: number; error: WorkerError }
  | SessionCall;

/** An error across the boundary: its name is kept, so the command exits as it would have (UsageError → 2). */
export interface WorkerError {
  name: string;
  message: string;
}

export const toWorkerError = (err: unknown): WorkerError =>
  err instanceof Error ? { name: err.name, message: err.message } : { name: 'Error', message: String(err) };

/** The error again on this side, under its own name. */
export function fromWorkerError(error: WorkerError): Error {
  const err = new Error(error.message);
  err.name = error.name;
  return err;
}
