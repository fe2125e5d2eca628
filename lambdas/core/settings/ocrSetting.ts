/**
 * The `ocr` setting of an audit: `off` (scanned pages stay needs-ocr, image files unsupported),
 * `local` (Tesseract in the process, trained data from npm packages) or `textract` (Amazon
 * Textract). Read from CASE_AUDIT_OCR, which the CLI's `--ocr` sets for its audit and CDK sets on
 * the intake function; unset, intake uses `local` when its packages are installed, else `off`.
 */
import { DeterministicError } from '../errors/deterministicError';

export const OCR_SETTING = 'CASE_AUDIT_OCR';
export const OCR_MODES = ['off', 'local', 'textract'] as const;
export type OcrMode = (typeof OCR_MODES)[number];

export class OcrSettingInvalid extends DeterministicError {
  override readonly name = 'OcrSettingInvalid';
}

export function isOcrMode(value: string): value is OcrMode {
  return (OCR_MODES as readonly string[]).includes(value);
}

/** The OCR mode `env` asks for; undefined when unset (the default applies); OcrSettingInvalid naming the value. */
export function readOcrSetting(env: NodeJS.ProcessEnv): OcrMode | undefined {
  const raw = env[OCR_SETTING]?.trim();
  if (raw === undefined || raw === '') return undefined;
  const value = raw.toLowerCase();
  if (!isOcrMode(value)) throw new OcrSettingInvalid(`${OCR_SETTING} is '${raw.slice(0, 40)}'; use off, local or textract`);
  return value;
}
