/** Exit codes of a command stopped by a signal: 128 + the signal number, as shells report them. */
const SIGNAL_EXIT = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;
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
