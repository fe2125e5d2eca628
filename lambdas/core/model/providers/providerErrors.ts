import { ModelError, ModelRequestRejected, ModelThrottled, ModelTimeout, ModelUnavailable } from '../modelErrors';

/** Network failures worth another attempt (the endpoint restarted, a connection dropped). */
const TRANSIENT_NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'ENOTFOUND', 'UND_ERR_SOCKET', 'ERR_HTTP2_STREAM_ERROR', 'ERR_HTTP2_SESSION_ERROR', 'ERR_HTTP2_GOAWAY_SESSION', 'ERR_HTTP2_STREAM_CANCEL']);

const errorCode = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as { code?: unknown; cause?: { code?: unknown } };
  if (typeof record.code === 'string') return record.code;
  return typeof record.cause?.code === 'string' ? record.cause.code : undefined;
};

/**
 * Reads an error that is not an HTTP answer: our own timeout (the abort signal), a dropped
 * connection, or anything else (not retried). `where` names the endpoint in the message.
 */
export function transportError(error: unknown, signal: AbortSignal, where: string): ModelError {
  if (error instanceof ModelError) return error;
  const name = error instanceof Error ? error.name : 'Error';
  if (signal.aborted || name === 'AbortError' || name === 'TimeoutError') return new ModelTimeout(`no answer from ${where} in time`);
  const code = errorCode(error);
  if (code && TRANSIENT_NETWORK_CODES.has(code)) return new ModelUnavailable(`could not reach ${where} (${code})`);
  return new ModelUnavailable(`the request to ${where} failed (${name}${code ? ` ${code}` : ''})`);
}

/** An HTTP status (and the provider's error type, when it says one) as a ModelError. */
export function statusError(status: number, errorType: string | undefined, where: string, detail = ''): ModelError {
  const type = errorType ? `${errorType}, ` : '';
  const message = `${where} answered HTTP ${status} (${type}${detail || 'no detail'})`.slice(0, 300);
  if (status === 429) return new ModelThrottled(message);
  if (status === 408) return new ModelTimeout(message);
  if (status >= 500) return new ModelUnavailable(message);
  return new ModelRequestRejected(message, status === 403 || status === 401 ? 'access-denied' : status === 404 ? 'not-found' : 'invalid-request', status);
}
