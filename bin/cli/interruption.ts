import { EXIT } from '../../local/run/exitCodes';

/** Exit codes of a command stopped by a signal: 128 + the signal number, as shells report them. */
const SIGNAL_EXIT = { SIGHUP: 129, SIGINT: EXIT.interrupted, SIGTERM: 143 } as const;
export type StopReason = keyof typeof SIGNAL_EXIT | 'parent-gone';

const PARENT_POLL_MS = 250;

/**
 * Calls `onStop` once when the command is asked to stop: SIGINT, SIGTERM or SIGHUP, or — when it
 * was started through npm (`npx case-audit …`) — when that npm process is gone. npm does not pass
 * signals on to the command it started, so killing `npx` would otherwise leave this process
 * running on its own. Returns a function that removes the watch.
 */
export function watchForStop(onStop: (reason: StopReason, exitCode: number) => void): () => void {
  let fired = false;
  const fire = (reason: StopReason) => {
    if (fired) return;
    fired = true;
    onStop(reason, reason === 'parent-gone' ? SIGNAL_EXIT.SIGTERM : SIGNAL_EXIT[reason]);
  };
  const handlers = (Object.keys(SIGNAL_EXIT) as Array<keyof typeof SIGNAL_EXIT>).map((signal) => {
    const handler = () => fire(signal);
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  let poll: NodeJS.Timeout | undefined;
  if (process.env.npm_execpath || process.env.npm_lifecycle_event) {
    const parent = process.ppid;
    poll = setInterval(() => {
      if (process.ppid !== parent) fire('parent-gone');
    }, PARENT_POLL_MS);
    poll.unref();
  }
  return () => {
    clearInterval(poll);
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
}

/** Network errors a client of the data folder's emulators sees when their host is gone. */
const CONNECTION_LOST = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ECONNABORTED', 'HostGone']);

/** Whether `error` (or its cause, as the AWS SDK wraps them) is a connection to the host failing. */
export function isConnectionLost(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, name } = e as { code?: unknown; name?: unknown };
    if (CONNECTION_LOST.has(String(code)) || CONNECTION_LOST.has(String(name))) return true;
    if (e instanceof AggregateError && e.errors.some(isConnectionLost)) return true;
  }
  return false;
}

/**
 * How long a command that saw a connection to its host fail waits for the control connection to say
 * the host is gone. Both go when the host dies; which one this process hears of first is chance.
 */
const HOST_LOSS_GRACE_MS = 2_000;

/** Resolves true once `lost` is aborted, or false when it is not within the grace period. */
export function hostLossConfirmed(lost: AbortSignal | undefined): Promise<boolean> {
  if (!lost) return Promise.resolve(false);
  if (lost.aborted) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      lost.removeEventListener('abort', onAbort);
      resolve(false);
    }, HOST_LOSS_GRACE_MS);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(true);
    };
    lost.addEventListener('abort', onAbort, { once: true });
  });
}
