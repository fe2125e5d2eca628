import { BedrockAgentRuntimeClient } from '@aws-sdk/client-bedrock-agent-runtime';
import { z } from 'zod';
import { createBundledIndexSource } from '../../core/research/bundledIndexSource';
import { createKnowledgeBaseSource } from '../../core/research/knowledgeBaseSource';
import { createMcpSource } from '../../core/research/mcpSource';
import type { ResearchSource } from '../../core/research/researchSource';

/**
 * Which research sources the Detective uses, read once from the environment:
 * the bundled index always; an MCP case-law server when CASE_AUDIT_MCP_URL is set; a Bedrock
 * Knowledge Base when CASE_AUDIT_KNOWLEDGE_BASE_ID is set.
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

export class ResearchSettingsInvalid extends Error {
  override readonly name = 'ResearchSettingsInvalid';
}

let bundled: ResearchSource | undefined;
let kbClient: BedrockAgentRuntimeClient | undefined;

export function researchSourcesFrom(env: NodeJS.ProcessEnv = process.env): ResearchSource[] {
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
