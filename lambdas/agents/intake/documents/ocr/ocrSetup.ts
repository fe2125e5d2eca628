/**
 * The OCR of one audit from its `ocr` setting: the engine (Tesseract or Textract, created once per
 * process and shared), the limits, and a fresh budget. `off` gives none: documents read as they were
 * before OCR existed.
 */
import { TextractClient } from '@aws-sdk/client-textract';
import type { OcrMode } from '../../../../core/settings/ocrSetting';
import { createOcrBudget } from './ocrBudget';
import type { OcrContext } from './ocrDocument';
import { DEFAULT_OCR_LIMITS, type OcrEngine, type OcrLimits, OcrUnavailable } from './ocrTypes';
import { localOcrInstalled, sharedTesseractEngine, trainedDataFiles } from './tesseractEngine';
import { createTextractEngine } from './textractEngine';

let textract: OcrEngine | undefined;

export interface OcrSetupOptions {
  limits?: Partial<OcrLimits>;
  /** The engine to use instead of the mode's (tests: Textract on a mocked client). */
  engine?: OcrEngine;
}

/** The mode an unset setting means: local when tesseract.js and its trained data are installed. */
export function defaultOcrMode(): OcrMode {
  return localOcrInstalled() ? 'local' : 'off';
}

/** What one audit's OCR runs with; undefined when OCR is off. */
export function ocrContextFor(mode: OcrMode | undefined, options: OcrSetupOptions = {}): OcrContext | undefined {
  const chosen = mode ?? defaultOcrMode();
  if (chosen === 'off') return undefined;
  const limits = { ...DEFAULT_OCR_LIMITS, ...options.limits };
  const budget = createOcrBudget(limits);
  if (options.engine) return { engine: options.engine, limits, budget };
  if (chosen === 'textract') {
    textract ??= createTextractEngine(new TextractClient({}));
    return { engine: textract, limits, budget };
  }
  try {
    trainedDataFiles();
    if (!localOcrInstalled()) throw new OcrUnavailable('OCR unavailable: the package tesseract.js is not installed');
  } catch (error) {
    return { engine: { unavailable: error instanceof OcrUnavailable ? error.message : 'OCR unavailable: the package tesseract.js is not installed' }, limits, budget };
  }
  return { engine: sharedTesseractEngine(), limits, budget };
}
