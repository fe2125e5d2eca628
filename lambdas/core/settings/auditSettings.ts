import * as z from 'zod';
import { ModelSettingsInvalid } from '../model/modelErrors';
import { ModelSettings, readModelSettings } from '../model/modelSettings';
import { ResearchSettings, readResearchSettings } from '../research/researchSources';
import { OCR_MODES, readOcrSetting } from './ocrSetting';

/**
 * Model settings that could not be read: kept as the problem, so a rules-only audit still runs and a
 * stage that asks for the model reports it (ModelSettingsInvalid) and keeps its rules-only result.
 */
export const UnusableModelSettings = z.strictObject({ invalid: z.string().min(1) });

/**
 * What an audit's stages need besides the session and the stores: how to reach a model and which
 * research sources to use. Read and validated once at an entry point (a Lambda invocation, a CLI
 * command, the start of a local execution) and passed down to every stage; a job the CLI hands to
 * the data folder's host carries it, so the host runs the audit with the command's settings.
 */
export const AuditSettings = z.strictObject({
  models: z.union([ModelSettings, UnusableModelSettings]),
  research: ResearchSettings,
  /** How scanned pages and image files are read (ocrSetting.ts); absent: intake's default. */
  ocr: z.enum(OCR_MODES).optional(),
});
export type AuditSettings = z.infer<typeof AuditSettings>;

/** The audit settings in `env` (a process's environment, or the values a command captured). */
export function readAuditSettings(env: NodeJS.ProcessEnv): AuditSettings {
  let models: AuditSettings['models'];
  try {
    models = readModelSettings(env);
  } catch (error) {
    if (!(error instanceof ModelSettingsInvalid)) throw error;
    models = { invalid: error.message };
  }
  const ocr = readOcrSetting(env);
  return { models, research: readResearchSettings(env), ...(ocr ? { ocr } : {}) };
}

/** The model settings, or ModelSettingsInvalid naming what was wrong with them. */
export function usableModelSettings(settings: AuditSettings): ModelSettings {
  if ('invalid' in settings.models) throw new ModelSettingsInvalid(settings.models.invalid);
  return settings.models;
}
