/**
 * The fontkit pdf-lib uses (@pdf-lib/fontkit 1.1.1) was compiled with Babel's regenerator transform,
 * and one of its functions, the state machine that finds syllables for its Indic and Universal shapers
 * (Devanagari, Bengali, Gurmukhi, Gujarati, Odia, Tamil, Telugu, Kannada, Malayalam, Khmer, Sinhala),
 * calls a global `regeneratorRuntime` that the package neither bundles nor declares: laying out text
 * in those scripts throws "ReferenceError: regeneratorRuntime is not defined" (pdf-lib issues #785
 * and #1419). It is the only use of that global in the package.
 *
 * `withShapingRuntime` runs a layout with a minimal runtime in place, just what that function's
 * generated code uses (`mark`, and `wrap` with a context's `prev`, `next` and `stop`), and takes it
 * away again: fontkit's layout is synchronous and consumes the generator before it returns, so no
 * global outlives the call. A runtime the process already has is used as it is.
 */

interface Context {
  prev: unknown;
  next: unknown;
  sent: unknown;
  stop(): undefined;
}

type Step = (context: Context) => unknown;

const runtime = {
  mark: <F>(generatorFunction: F): F => generatorFunction,
  wrap(step: Step, _outer?: unknown, self?: unknown): IterableIterator<unknown> {
    let done = false;
    const context: Context = {
      prev: 0,
      next: 0,
      sent: undefined,
      stop: () => {
        done = true;
        return undefined;
      },
    };
    const iterator: IterableIterator<unknown> = {
      next(sent?: unknown): IteratorResult<unknown> {
        if (done) return { value: undefined, done: true };
        context.sent = sent;
        // The generated step function runs until its next `yield` (it returns the yielded value and sets
        // `context.next` to where it resumes) or its end (it calls `context.stop()`).
        const value = step.call(self, context);
        return done ? { value: undefined, done: true } : { value, done: false };
      },
      return(value?: unknown): IteratorResult<unknown> {
        done = true;
        return { value, done: true };
      },
      [Symbol.iterator]: () => iterator,
    };
    return iterator;
  },
};

const scope = globalThis as { regeneratorRuntime?: unknown };

/** Runs `layout` (a fontkit layout call) with a regenerator runtime available, and leaves none behind. */
export function withShapingRuntime<T>(layout: () => T): T {
  if (scope.regeneratorRuntime !== undefined) return layout();
  scope.regeneratorRuntime = runtime;
  try {
    return layout();
  } finally {
    delete scope.regeneratorRuntime;
  }
}
