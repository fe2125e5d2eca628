import { BedrockAgentRuntimeClient } from '@aws-sdk/client-bedrock-agent-runtime';
import * as z from 'zod';
import { createBundledIndexSource } from './bundledIndexSource';
import { type CaseLookupSource, createCanliiSource } from './canliiSource';
import { createKnowledgeBaseSource } from './knowledgeBaseSource';
import { createMcpSource } from './mcpSource';
import type { ResearchSource } from './researchSource';
import { DeterministicError } from '../errors/deterministicError';

/**
 * Which research sources the Detective uses, read once from the environment:
 * the bundled index always; an MCP case-law server when CASE_AUDIT_MCP_URL is set; a Bedrock
 * Knowledge Base when CASE_AUDIT_KNOWLEDGE_BASE_ID is set. (CanLII, which can only look citations
 * up, is the Verifier's: see `caseLookupSourceFrom`.)
 */
export const ResearchSourceSettings = z.object({
  CASE_AUDIT_MCP_URL: z.url({ protocol: /^https?$/, error: 'CASE_AUDIT_MCP_URL must be an http(s) URL' }).optional(),
  CASE_AUDIT_MCP_TOOL: z.string().min(1).optional(),
  CASE_AUDIT_MCP_KINDS: z
    .string()
    .transform((s) => s.split(',').map((k) => k.trim()))
    .pipe(z.array(z.enum(['case', 'provision', 'policy'], { error: 'CASE_AUDIT_MCP_KINDS lists case, provision and/or policy' })))
    .optional(),
  CASE_AUDIT_KNOWLEDGE_BASE_ID: z.string().min(1).optional(),
  AWS_REGION: z.string().optional(),
});

/** The environment variables that choose and configure the research sources (checked when the sources are built). */
const RESEARCH_SETTING_NAMES = [
  'CASE_AUDIT_MCP_URL',
  'CASE_AUDIT_MCP_TOOL',
  'CASE_AUDIT_MCP_KINDS',
  'CASE_AUDIT_KNOWLEDGE_BASE_ID',
  'AWS_REGION',
  'CASE_AUDIT_CANLII_API_KEY',
  'CASE_AUDIT_CANLII_ENDPOINT',
  'CASE_AUDIT_CANLII_API_KEY_SECRET',
] as const;

/**
 * The research settings of one audit, by their variable names: read once at an entry point and passed
 * down. Their values are checked where the sources are built, so a bad MCP or CanLII setting is
 * reported by the stage that uses it and never stops the rest of the audit.
 */
export const ResearchSettings = z.strictObject(Object.fromEntries(RESEARCH_SETTING_NAMES.map((name) => [name, z.string().optional()])) as Record<(typeof RESEARCH_SETTING_NAMES)[number], z.ZodOptional<z.ZodString>>);
export type ResearchSettings = z.infer<typeof ResearchSettings>;

/** The research settings set in `env` (unset and blank ones left out). */
export function readResearchSettings(env: NodeJS.ProcessEnv): ResearchSettings {
  const settings: ResearchSettings = {};
  for (const name of RESEARCH_SETTING_NAMES) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') settings[name] = value;
  }
  return settings;
}

export class ResearchSettingsInvalid extends DeterministicError {
  override readonly name = 'ResearchSettingsInvalid';
}

let bundled: ResearchSource | undefined;
let kbClient: BedrockAgentRuntimeClient | undefined;

export function researchSourcesFrom(env: ResearchSettings | NodeJS.ProcessEnv): ResearchSource[] {
  const parsed = ResearchSourceSettings.safeParse(env);
  if (!parsed.success) throw new ResearchSettingsInvalid(parsed.error.issues.map((i) => i.message).join('; '));
  const s = parsed.data;
  bundled ??= createBundledIndexSource();
  const sources: ResearchSource[] = [bundled];
  if (s.CASE_AUDIT_MCP_URL) {
    sources.push(createMcpSource({ url: s.CASE_AUDIT_MCP_URL, ...(s.CASE_AUDIT_MCP_TOOL ? { toolName: s.CASE_AUDIT_MCP_TOOL } : {}), ...(s.CASE_AUDIT_MCP_KINDS ? { kinds: s.CASE_AUDIT_MCP_KINDS } : {}) }));
  }
  if (s.CASE_AUDIT_KNOWLEDGE_BASE_ID) {
    kbClient ??= new BedrockAgentRuntimeClient({ ...(s.AWS_REGION ? { region: s.AWS_REGION } : {}) });
    sources.push(createKnowledgeBaseSource({ client: kbClient, knowledgeBaseId: s.CASE_AUDIT_KNOWLEDGE_BASE_ID }));
  }
  return sources;
}

/** An unset or empty variable reads as absent. */
const optionalSetting = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/**
 * The CanLII case lookup the Verifier uses to confirm citations the bundled index does not hold:
 * on when CASE_AUDIT_CANLII_API_KEY is set; CASE_AUDIT_CANLII_ENDPOINT points it elsewhere (a local
 * fake in tests). Read apart from the Detective's sources: a bad CanLII setting never stops research.
 */
export const CanliiSettings = z.object({
  CASE_AUDIT_CANLII_API_KEY: optionalSetting(z.string().trim().min(1)),
  CASE_AUDIT_CANLII_ENDPOINT: optionalSetting(
    z.url({ protocol: /^https?$/, error: 'CASE_AUDIT_CANLII_ENDPOINT must be an http(s) URL, e.g. https://api.canlii.org/v1' }),
  ),
});

let canlii: { config: string; source: CaseLookupSource } | undefined;

/** The CanLII lookup, or undefined when no API key is configured. One per container (its request spacing is shared). */
export function caseLookupSourceFrom(env: ResearchSettings | NodeJS.ProcessEnv): CaseLookupSource | undefined {
  const parsed = CanliiSettings.safeParse(env);
  if (!parsed.success) throw new ResearchSettingsInvalid(parsed.error.issues.map((i) => i.message).join('; '));
  const { CASE_AUDIT_CANLII_API_KEY: apiKey, CASE_AUDIT_CANLII_ENDPOINT: endpoint } = parsed.data;
  if (!apiKey) return undefined;
  const config = JSON.stringify([apiKey, endpoint ?? '']);
  if (canlii?.config !== config) canlii = { config, source: createCanliiSource({ apiKey, ...(endpoint ? { endpoint } : {}) }) };
  return canlii.source;
}
