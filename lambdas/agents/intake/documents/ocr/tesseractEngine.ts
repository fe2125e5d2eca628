/**
 * Local OCR with tesseract.js (WebAssembly Tesseract on its own worker threads) in English and French.
 *
 * Never a download: the trained data comes from the installed packages `@tesseract.js-data/eng` and
 * `@tesseract.js-data/fra` (their `4.0.0_best_int` LSTM models, gzipped). tesseract.js reads every
 * language from one `langPath`, and the two packages are two folders, so a private temporary folder
 * (mkdtemp, 0700) holds a link to each file; `cacheMethod: 'none'` keeps tesseract.js from writing
 * a cache into the working directory. A missing package is OcrUnavailable, never a network fetch.
 *
 * Workers are started on first use and kept for the process (starting one costs seconds: the
 * WebAssembly core and 20 MB of models), at most `threads` of them; a worker waiting for work does
 * not keep the process alive, and one idle for IDLE_MS is stopped.
 */
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import * as path from 'node:path';
import { type OcrEngine, type OcrImage, type OcrPage, OcrUnavailable } from './ocrTypes';

const LANGUAGES = ['eng', 'fra'] as const;
/**
 * Required by a name in a variable, so that bundlers leave it out: the CLI loads it from
 * node_modules (bin/build/cliBuild.js), and the Lambda functions, which never run Tesseract (OCR
 * there is off or Textract), do not carry it (300 KiB of Intake's bundle).
 */
const TESSERACT_PACKAGE: string = 'tesseract.js';
/** The packages' LSTM models (OEM 1, LSTM only: the legacy engine's data is not needed). */
const MODEL_FOLDER = '4.0.0_best_int';
const OEM_LSTM_ONLY = 1;
const IDLE_MS = 60_000;

interface TesseractWorker {
  recognize(image: Buffer): Promise<{ data: { text: string; confidence: number } }>;
  terminate(): Promise<unknown>;
  worker?: { ref(): void; unref(): void };
}
type CreateWorker = (langs: string, oem: number, options: Record<string, unknown>) => Promise<TesseractWorker>;

/** The trained data file of each language, from its package; OcrUnavailable naming what is missing. */
export function trainedDataFiles(): Record<(typeof LANGUAGES)[number], string> {
  const files = {} as Record<(typeof LANGUAGES)[number], string>;
  for (const lang of LANGUAGES) {
    const pkg = `@tesseract.js-data/${lang}`;
    let dir: string;
    try {
      dir = path.dirname(require.resolve(`${pkg}/package.json`));
    } catch {
      throw new OcrUnavailable(`OCR unavailable: the package ${pkg} (the ${lang === 'eng' ? 'English' : 'French'} trained data) is not installed`);
    }
    const file = path.join(dir, MODEL_FOLDER, `${lang}.traineddata.gz`);
    if (!existsSync(file)) throw new OcrUnavailable(`OCR unavailable: ${pkg} has no ${MODEL_FOLDER}/${lang}.traineddata.gz`);
    files[lang] = file;
  }
  return files;
}

/** Whether local OCR can run here: tesseract.js and both trained data packages are installed. */
export function localOcrInstalled(): boolean {
  try {
    require.resolve(TESSERACT_PACKAGE);
    trainedDataFiles();
    return true;
  } catch {
    return false;
  }
}

let langFolder: string | undefined;
/** The private folder tesseract.js reads both languages from (made once a process, removed at exit). */
function languageFolder(): string {
  if (langFolder && existsSync(langFolder)) return langFolder;
  const files = trainedDataFiles();
  const folder = mkdtempSync(path.join(tmpdir(), 'case-audit-ocr-'));
  for (const lang of LANGUAGES) symlinkSync(files[lang], path.join(folder, `${lang}.traineddata.gz`));
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  langFolder = folder;
  return folder;
}

function loadCreateWorker(): CreateWorker {
  try {
    return (require(TESSERACT_PACKAGE) as { createWorker: CreateWorker }).createWorker;
  } catch {
    throw new OcrUnavailable('OCR unavailable: the package tesseract.js is not installed');
  }
}

interface Slot {
  worker: Promise<TesseractWorker>;
  busy: boolean;
  idleTimer?: NodeJS.Timeout;
}

export interface TesseractOptions {
  /** Images read at the same time, one worker each (default: 1, or 2 on 4 cores or more). */
  threads?: number;
}

/** The Tesseract engine: a bounded set of workers, shared by every audit of the process. */
export function createTesseractEngine(options: TesseractOptions = {}): OcrEngine & { close(): Promise<void> } {
  const threads = Math.max(1, options.threads ?? (availableParallelism() >= 4 ? 2 : 1));
  const slots: Slot[] = [];
  const waiting: Array<(slot: Slot) => void> = [];

  // async: a missing package rejects the read that needed the worker, never throws out of the pool.
  const start = async (): Promise<TesseractWorker> => {
    const createWorker = loadCreateWorker();
    const langPath = languageFolder();
    // errorHandler: a failed job rejects its own promise; without it tesseract.js throws on its thread's message.
    return createWorker(LANGUAGES.join('+'), OEM_LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none', errorHandler: () => undefined, logger: () => undefined }).catch(
      (error: unknown) => {
        throw new OcrUnavailable(`OCR unavailable: Tesseract could not start (${error instanceof Error ? error.message : String(error)})`);
      },
    );
  };

  const newSlot = (): Slot => {
    const slot: Slot = { worker: start(), busy: true };
    slots.push(slot);
    // A worker that could not start is forgotten, so the next image tries again.
    slot.worker.catch(() => {
      const at = slots.indexOf(slot);
      if (at !== -1) slots.splice(at, 1);
    });
    return slot;
  };

  const release = (slot: Slot) => {
    const next = waiting.shift();
    if (next) return next(slot);
    slot.busy = false;
    void slot.worker.then((w) => w.worker?.unref(), () => undefined);
    slot.idleTimer = setTimeout(() => {
      const at = slots.indexOf(slot);
      if (at === -1 || slot.busy) return;
      slots.splice(at, 1);
      void slot.worker.then((w) => w.terminate(), () => undefined);
    }, IDLE_MS);
    slot.idleTimer.unref();
  };

  const acquire = (): Promise<Slot> => {
    const idle = slots.find((s) => !s.busy);
    if (idle) return Promise.resolve(take(idle));
    if (slots.length < threads) return Promise.resolve(newSlot());
    return new Promise((resolve) => waiting.push((slot) => resolve(take(slot))));
  };

  const take = (slot: Slot): Slot => {
    clearTimeout(slot.idleTimer);
    slot.busy = true;
    return slot;
  };

  return {
    name: 'tesseract',
    async readImage(image: OcrImage): Promise<OcrPage> {
      const slot = await acquire();
      try {
        const worker = await slot.worker;
        worker.worker?.ref(); // busy: the caller is waiting for it
        const { data } = await worker.recognize(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
        return { text: data.text.trim(), confidence: Math.max(0, Math.min(1, data.confidence / 100)) };
      } catch (error) {
        if (error instanceof OcrUnavailable) throw error;
        // tesseract.js rejects with a string (Leptonica's message): the image could not be decoded.
        throw new OcrImageUnreadable(`the image could not be decoded for OCR`);
      } finally {
        if (slots.includes(slot)) release(slot);
        else waiting.shift()?.(newSlot()); // its worker failed: a waiting image gets a fresh one
      }
    },
    async close() {
      const all = slots.splice(0);
      await Promise.all(all.map((s) => s.worker.then((w) => w.terminate(), () => undefined)));
    },
  };
}

/** An image Tesseract could not decode (broken bytes behind a valid header). */
export class OcrImageUnreadable extends Error {
  override readonly name = 'OcrImageUnreadable';
}

let shared: ReturnType<typeof createTesseractEngine> | undefined;
/** The process's Tesseract engine. */
export function sharedTesseractEngine(): OcrEngine {
  shared ??= createTesseractEngine();
  return shared;
}
