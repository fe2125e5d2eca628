import type { ExecutionObserver } from '../localExecution';

/** Live per-stage progress on stderr; silent when stderr is not a terminal. */
export function progressPrinter(stream: { isTTY?: boolean; write(text: string): unknown } = process.stderr): ExecutionObserver {
  if (!stream.isTTY) return {};
  const runs = new Map<string, number>();
  const label = (stage: string | undefined, state: string) => stage ?? state;
  return {
    onTaskStart(state, stage) {
      const name = label(stage, state);
      const n = (runs.get(name) ?? 0) + 1;
      runs.set(name, n);
      stream.write(`  … ${name}${n > 1 ? ` (run ${n})` : ''}\n`);
    },
    onTaskEnd(state, stage, result, elapsedMs) {
      const status = (result as { status?: string } | undefined)?.status ?? 'ok';
      const mark = status.startsWith('failed') ? '✗' : '✓';
      stream.write(`  ${mark} ${label(stage, state)} — ${status} (${elapsedMs} ms)\n`);
    },
    onTaskError(state, stage, error) {
      stream.write(`  ✗ ${label(stage, state)} — ${error.name}: ${error.message}\n`);
    },
  };
}
