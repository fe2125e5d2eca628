import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import * as z from 'zod';
import {
  ResearchSourceInvalidResponse,
  ResearchSourceMisconfigured,
  ResearchSourceUnavailable,
} from './researchErrors';
import type { ResearchHit } from '../../contracts/detectiveOutput';
import { applyQueryLimits, type ResearchSource } from './researchSource';

/** Configuration of an external case-law server reached over MCP (Streamable HTTP). */
export const McpSourceConfig = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
  /** Tool called with `{query, limit}`; it answers with JSON text: an array of `{citation, name, summary, url?, topics?}`. */
  toolName: z.string().min(1).default('search_cases'),
  /** Per request (connect, tool call). */
  timeoutMs: z.number().int().positive().default(10_000),
  defaultLimit: z.number().int().positive().max(50).default(8),
  /** What the server holds: decisions by default; add `policy` for an operation-manual or help-centre server. */
  kinds: z.array(z.enum(['case', 'provision', 'policy'])).min(1).default(['case']),
});
export type McpSourceConfig = z.input<typeof McpSourceConfig>;

/** One result of the server's tool; unknown fields are ignored. */
export const McpCaseResult = z.object({
  citation: z.string().trim().min(1),
  name: z.string().optional(),
  summary: z.string(),
  url: z.string().optional(),
  topics: z.array(z.string()).optional(),
  kind: z.enum(['case', 'provision', 'policy']).optional(),
});
export type McpCaseResult = z.infer<typeof McpCaseResult>;

const McpResultList = z.array(McpCaseResult);

/** The answer is an array of results, or an object with a `results` array. */
function parseAnswer(value: unknown) {
  const wrapped = z.object({ results: z.unknown() }).safeParse(value);
  return McpResultList.safeParse(wrapped.success ? wrapped.data.results : value);
}

/** The shape of a `tools/call` result that this source reads. */
interface ToolResult {
  content?: unknown;
  structuredContent?: unknown;
  isError?: unknown;
  /** Pre-2024 protocol form; read like structured content. */
  toolResult?: unknown;
}

const MAX_REQUESTED = 50;
const CLIENT_INFO = { name: 'case-audit-detective', version: '0.1.0' };

function firstText(content: unknown): string | undefined {
  if (!Array.isArray(content)) return undefined;
  for (const item of content as unknown[]) {
    const parsed = z.object({ type: z.literal('text'), text: z.string() }).safeParse(item);
    if (parsed.success) return parsed.data.text;
  }
  return undefined;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? `result ${issue.path.join('.')}` : 'answer'}: ${issue.message}`)
    .join('; ');
}

/** Reads the tool's answer (structured content, or JSON in the first text item) as a list of results. */
export function readToolAnswer(result: ToolResult, toolName: string): McpCaseResult[] {
  const text = firstText(result.content);
  if (result.isError === true) {
    throw new ResearchSourceUnavailable('mcp', `the tool '${toolName}' reported an error${text ? `: ${text.slice(0, 200)}` : ''}`);
  }
  const structuredContent = result.structuredContent ?? result.toolResult;
  if (structuredContent !== undefined) {
    const structured = parseAnswer(structuredContent);
    if (structured.success) return structured.data;
  }
  if (text === undefined) throw new ResearchSourceInvalidResponse('mcp', `the tool '${toolName}' returned no text content`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ResearchSourceInvalidResponse('mcp', `the tool '${toolName}' returned text that is not JSON`);
  }
  const parsed = parseAnswer(json);
  if (!parsed.success) {
    throw new ResearchSourceInvalidResponse('mcp', `the tool '${toolName}' returned results in an unexpected shape (${describeIssues(parsed.error)})`);
  }
  return parsed.data;
}

/** Server results in order, scored by rank (1 for the first, down to 1/n); status unknown (the server does not say). */
export function mcpResultsToHits(results: McpCaseResult[], defaultKind: ResearchHit['kind'] = 'case'): ResearchHit[] {
  return results.map((r, i) => ({
    kind: r.kind ?? defaultKind,
    citation: r.citation,
    ...(r.name !== undefined && { name: r.name }),
    summary: r.summary,
    topics: r.topics ?? [],
    score: Math.round((1 - i / results.length) * 1000) / 1000,
    source: 'mcp',
    status: 'unknown',
    ...(r.url !== undefined && { url: r.url }),
  }));
}

function unavailable(url: URL, step: string, error: unknown): ResearchSourceUnavailable {
  const why = error instanceof Error ? error.message : 'unknown error';
  return new ResearchSourceUnavailable('mcp', `the case-law server at ${url.origin} could not ${step}: ${why}`, { cause: error });
}

/**
 * An external case-law server reached with the official MCP client over Streamable HTTP. Each
 * search opens a connection, calls the tool once and closes it, so nothing stays open between
 * calls. Unreachable servers and malformed answers raise typed `ResearchSourceError`s.
 */
export function createMcpSource(input: McpSourceConfig): ResearchSource {
  const parsed = McpSourceConfig.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ResearchSourceMisconfigured('mcp', issue.path.join('.') || 'config', issue.message);
  }
  const config = parsed.data;
  const url = new URL(config.url);

  return {
    name: 'mcp',
    kinds: config.kinds,
    async search(query) {
      const wanted = query.limit ?? config.defaultLimit;
      const limit = Math.min(MAX_REQUESTED, wanted + (query.exclude?.length ?? 0));
      const client = new Client(CLIENT_INFO);
      try {
        try {
          await client.connect(new StreamableHTTPClientTransport(url), { timeout: config.timeoutMs });
        } catch (error) {
          throw unavailable(url, 'be reached', error);
        }
        let result: ToolResult;
        try {
          result = await client.callTool({ name: config.toolName, arguments: { query: query.text, limit } }, undefined, {
            timeout: config.timeoutMs,
          });
        } catch (error) {
          if (error instanceof Error && error.name === 'ZodError') {
            throw new ResearchSourceInvalidResponse('mcp', `the tool '${config.toolName}' returned a malformed result`, { cause: error });
          }
          throw unavailable(url, `run the tool '${config.toolName}'`, error);
        }
        const hits = mcpResultsToHits(readToolAnswer(result, config.toolName), config.kinds[0]);
        return applyQueryLimits(hits, query, config.defaultLimit);
      } finally {
        await client.close().catch(() => undefined);
      }
    },
  };
}
