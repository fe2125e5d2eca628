/**
 * The command line's flags that set an audit's settings (`--ocr`): checked where the command line is
 * read (a usage error, exit 2), then laid over the environment the settings are read from. Light on
 * purpose: every command loads it at start-up.
 */
import { isOcrMode, OCR_SETTING, OcrSettingInvalid, readOcrSetting } from '../../lambdas/core/settings/ocrSetting';
import { UsageError } from './exitCodes';

/** The command line's settings flags (`--ocr`). */
export interface SettingFlags {
  ocr?: string;
}

/**
 * UsageError (exit 2) when a settings flag, or the environment variable it stands for when the flag
 * is not given (CASE_AUDIT_OCR), has a value the audit cannot use.
 */
export function checkSettingFlags(flags: SettingFlags, env: NodeJS.ProcessEnv = {}): void {
  if (flags.ocr !== undefined) {
    if (!isOcrMode(flags.ocr.trim().toLowerCase())) throw new UsageError(`--ocr must be off, local or textract (got '${flags.ocr.slice(0, 40)}')`);
    return;
  }
  try {
    readOcrSetting(env);
  } catch (error) {
    if (error instanceof OcrSettingInvalid) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * The environment an audit's settings are read from: the command's own, with its flags over it
 * (`--ocr textract` wins over CASE_AUDIT_OCR), so that a job handed to the host carries them too.
 */
export function withSettingFlags(env: NodeJS.ProcessEnv, flags: SettingFlags): NodeJS.ProcessEnv {
  return flags.ocr === undefined ? env : { ...env, [OCR_SETTING]: flags.ocr.trim().toLowerCase() };
}
