import * as z from 'zod';

/**
 * A prompt: one file per agent task under `lambdas/agents/<agent>/prompts/`, named with its version
 * (`adjustScore.v1.ts`). A change to a prompt's wording is a new version; the version of every call
 * is recorded in the transparency log, so a report can always be traced to the prompt that shaped it.
 */
export const PromptDefinition = z.strictObject({
  /** `<agent>.<task>`, e.g. `strategist.adjust-score`. */
  id: z.string().regex(/^[a-z]+\.[a-z0-9-]+$/),
  version: z.number().int().positive(),
  /** The tool the model must call with its answer. */
  tool: z.strictObject({ name: z.string().regex(/^[a-z][a-z0-9_]{2,63}$/), description: z.string().min(1) }),
  /** The task's own instructions; the shared rules (sharedRules.ts) are put before them. */
  system: z.string().min(1),
  /** Output tokens one answer may use (the audit's budget may allow fewer). */
  maxOutputTokens: z.number().int().min(64).max(8192),
  temperature: z.number().min(0).max(1).default(0),
  /** How many characters of document text the task sends at most (all documents together). */
  maxDocumentChars: z.number().int().nonnegative().default(0),
});
export type PromptDefinition = z.output<typeof PromptDefinition>;

/** Validates a prompt file's definition when the module loads (a malformed prompt fails the tests, not an audit). */
export function definePrompt(definition: z.input<typeof PromptDefinition>): PromptDefinition {
  return PromptDefinition.parse(definition);
}

/** `strategist.adjust-score@1`, as the transparency log records it. */
export const promptRef = (p: Pick<PromptDefinition, 'id' | 'version'>): string => `${p.id}@${p.version}`;
