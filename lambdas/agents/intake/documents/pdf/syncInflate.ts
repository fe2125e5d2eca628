/**
 * Makes PDF.js inflate its streams synchronously on this thread, without taking the web
 * `DecompressionStream` away from any other code in the process.
 *
 * PDF.js (5.x) first tries to inflate every Flate or Brotli stream through `new DecompressionStream()`
 * and, when constructing one throws, falls back to its own synchronous decoder with the same result.
 * For text extraction the synchronous decoder is the faster one: the web stream costs a stream, a
 * reader and several promise turns per content stream, for buffers of a few kilobytes. Deleting the
 * global would force the fallback, but other code in the same process may use it (jose, installed
 * here, inflates compressed JWE payloads with it). So the global is replaced by a subclass of the native class that
 * behaves exactly like it for every caller except PDF.js's stream decoder, which it refuses.
 *
 * The caller is recognised by its method name (`asyncGetBytesFromDecompressionStream`, PDF.js's
 * `DecodeStream` method); should a later PDF.js rename it, streams are simply inflated the web way
 * again (slower, same text). Installing is idempotent and per thread (each worker has its globals).
 * A PDF worker thread, which runs nothing but PDF.js, refuses every stream instead: no check per stream.
 *
 * PDF.js's synchronous decoder inflates a stream into one buffer with no cap on its size, and a
 * stream refused here cannot be bounded from the outside either. So a PDF is checked before PDF.js
 * gets it, whichever thread will read it: extractPdf.ts refuses one whose compressed streams expand
 * beyond the limits of compressedStreamLimits.ts (status too-large) before handing it to PDF.js.
 */

/** The PDF.js method that asks for a web DecompressionStream for a content, font or image stream. */
const PDFJS_STREAM_DECODER = 'asyncGetBytesFromDecompressionStream';
/** Only the formats that method asks for are checked; any other format is passed straight on. */
const PDFJS_FORMATS = new Set(['deflate', 'brotli']);
const INSTALLED = Symbol.for('case-audit.pdfSyncInflate');

/** Thrown at PDF.js's stream decoder only; PDF.js catches it and inflates the stream itself. */
export class PdfjsInflatesSynchronously extends Error {
  override readonly name = 'PdfjsInflatesSynchronously';
}

type DecompressionStreamClass = typeof globalThis.DecompressionStream;
type CompressionFormat = ConstructorParameters<DecompressionStreamClass>[0];

/** The method or function that called `constructorFn` (the frame right above it), if V8 says. */
function callerOf(constructorFn: Function): string | undefined {
  const limit = Error.stackTraceLimit;
  const prepare = Error.prepareStackTrace;
  try {
    Error.stackTraceLimit = 1;
    Error.prepareStackTrace = (_error, frames) => frames;
    const holder: { stack?: unknown } = {};
    Error.captureStackTrace(holder, constructorFn);
    const frames = holder.stack as NodeJS.CallSite[] | undefined;
    const site = Array.isArray(frames) ? frames[0] : undefined;
    return site?.getMethodName() ?? site?.getFunctionName() ?? undefined;
  } catch {
    return undefined;
  } finally {
    Error.prepareStackTrace = prepare;
    Error.stackTraceLimit = limit;
  }
}

/** Whether PDF.js on this thread will inflate synchronously (installed, or no web stream to avoid). */
export function pdfjsInflatesSynchronously(): boolean {
  const current = globalThis.DecompressionStream as (DecompressionStreamClass & { [INSTALLED]?: true }) | undefined;
  return typeof current !== 'function' || current[INSTALLED] === true;
}

/** Installs the refusing subclass on this thread's global object (once). */
export function installSyncInflateForPdfjs(): void {
  if (pdfjsInflatesSynchronously()) return;
  const Native = globalThis.DecompressionStream;
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'DecompressionStream');
  class DecompressionStream extends Native {
    constructor(format: CompressionFormat) {
      if (PDFJS_FORMATS.has(format) && callerOf(DecompressionStream) === PDFJS_STREAM_DECODER) {
        throw new PdfjsInflatesSynchronously('PDF.js inflates this stream with its own synchronous decoder');
      }
      super(format);
    }
  }
  Object.defineProperty(DecompressionStream, INSTALLED, { value: true });
  Object.defineProperty(globalThis, 'DecompressionStream', {
    value: DecompressionStream,
    writable: true,
    configurable: true,
    enumerable: descriptor?.enumerable ?? false,
  });
}

/**
 * For a thread that runs PDF.js and nothing else (pdfPageWorker.ts): no web inflate at all. PDF.js
 * asks for one for each content stream it reads (at least once a page, for its drawing) and falls
 * back when constructing it throws. With the global deleted, every ask threw a new
 * ReferenceError and captured a stack trace; this stand-in throws one error made once (no check
 * per stream either: nothing else runs here).
 */
export function refuseWebInflateOnPdfOnlyThread(): void {
  const refusal = new PdfjsInflatesSynchronously('PDF.js inflates every stream with its own synchronous decoder on this thread');
  class RefusedDecompressionStream {
    constructor() {
      throw refusal;
    }
  }
  // Marked as installed, so that loading PDF.js on this thread (loadPdfjs.ts) leaves it in place.
  Object.defineProperty(RefusedDecompressionStream, INSTALLED, { value: true });
  Object.defineProperty(globalThis, 'DecompressionStream', { value: RefusedDecompressionStream, writable: true, configurable: true, enumerable: false });
}
