import {
  type BedrockAgentRuntimeClient,
  type KnowledgeBaseRetrievalResult,
  type RetrievalResultLocation,
  RetrieveCommand,
} from '@aws-sdk/client-bedrock-agent-runtime';
import * as z from 'zod';
import { PROVISION_ID_PATTERN } from '../caselaw/indexSchema';
import {
  ResearchSourceInvalidResponse,
  ResearchSourceMisconfigured,
  ResearchSourceThrottled,
  ResearchSourceUnavailable,
} from './researchErrors';
import type { ResearchHit } from '../../contracts/detectiveOutput';
import { applyQueryLimits, type ResearchKind, type ResearchSource } from './researchSource';

export const KnowledgeBaseSourceConfig = z.strictObject({
  knowledgeBaseId: z.string().regex(/^[0-9a-zA-Z]{10}$/, { message: 'must be a 10-character Bedrock Knowledge Base id' }),
  numberOfResults: z.number().int().min(1).max(100).default(8),
});
export type KnowledgeBaseSourceConfig = z.input<typeof KnowledgeBaseSourceConfig>;

/** Metadata attributes read from each chunk; others are ignored, as are values of the wrong type. */
const ChunkMetadata = z.object({
  citation: z.string().trim().min(1).optional().catch(undefined),
  name: z.string().trim().min(1).optional().catch(undefined),
  kind: z.enum(['case', 'provision', 'policy']).optional().catch(undefined),
  topics: z.array(z.string()).optional().catch(undefined),
});

const MAX_SUMMARY = 2000;
const THROTTLING = new Set(['ThrottlingException', 'ServiceQuotaExceededException', 'TooManyRequestsException']);

/** Where the chunk came from: an S3 URI, a web URL, or another connector's address. */
export function locationOf(location: RetrievalResultLocation | undefined): string | undefined {
  if (!location) return undefined;
  return (
    location.s3Location?.uri ??
    location.webLocation?.url ??
    location.confluenceLocation?.url ??
    location.sharePointLocation?.url ??
    location.salesforceLocation?.url ??
    location.kendraDocumentLocation?.uri ??
    location.customDocumentLocation?.id
  );
}

function kindOf(citation: string | undefined, declared: ResearchKind | undefined): ResearchKind {
  if (declared) return declared;
  if (!citation) return 'policy';
  return PROVISION_ID_PATTERN.test(citation) ? 'provision' : 'case';
}

/**
 * One retrieval result as a hit, or undefined when it has no text or nothing to cite it by.
 * A chunk without a `citation` attribute is a policy passage cited by its location.
 */
export function retrievalResultToHit(result: KnowledgeBaseRetrievalResult): ResearchHit | undefined {
  const text = result.content?.text?.trim();
  const location = locationOf(result.location);
  const metadata = ChunkMetadata.parse(result.metadata ?? {});
  const citation = metadata.citation ?? location;
  if (!text || !citation) return undefined;
  const url = result.location?.webLocation?.url ?? result.location?.s3Location?.uri;
  return {
    kind: kindOf(metadata.citation, metadata.kind),
    citation,
    ...(metadata.name !== undefined && { name: metadata.name }),
    summary: text.length > MAX_SUMMARY ? `${text.slice(0, MAX_SUMMARY - 1)}…` : text,
    topics: metadata.topics ?? [],
    score: result.score ?? 0,
    source: 'bedrock-kb',
    status: 'unknown',
    ...(url !== undefined && { url }),
  };
}

function toSourceError(error: unknown, knowledgeBaseId: string): Error {
  const name = error instanceof Error ? error.name : 'UnknownError';
  const message = error instanceof Error ? error.message : 'unknown error';
  if (THROTTLING.has(name)) {
    return new ResearchSourceThrottled('bedrock-kb', `Bedrock is throttling retrievals from knowledge base ${knowledgeBaseId} (${name}); try again later`, { cause: error });
  }
  return new ResearchSourceUnavailable('bedrock-kb', `knowledge base ${knowledgeBaseId} could not be searched (${name}: ${message})`, { cause: error });
}

export interface KnowledgeBaseSourceOptions extends KnowledgeBaseSourceConfig {
  /** Created once per container and passed in (DESIGN §9). */
  client: BedrockAgentRuntimeClient;
}

/**
 * A Bedrock Knowledge Base (vector search via `Retrieve`) as a research source: decisions and
 * provisions when chunks carry `citation`/`name`/`kind` metadata, policy passages otherwise.
 */
export function createKnowledgeBaseSource({ client, ...input }: KnowledgeBaseSourceOptions): ResearchSource {
  const parsed = KnowledgeBaseSourceConfig.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ResearchSourceMisconfigured('bedrock-kb', issue.path.join('.') || 'config', issue.message);
  }
  const { knowledgeBaseId, numberOfResults } = parsed.data;

  return {
    name: 'bedrock-kb',
    kinds: ['case', 'provision', 'policy'],
    async search(query) {
      const wanted = Math.min(100, (query.limit ?? numberOfResults) + (query.exclude?.length ?? 0));
      let response;
      try {
        response = await client.send(
          new RetrieveCommand({
            knowledgeBaseId,
            retrievalQuery: { text: query.text },
            retrievalConfiguration: { vectorSearchConfiguration: { numberOfResults: wanted } },
          }),
        );
      } catch (error) {
        throw toSourceError(error, knowledgeBaseId);
      }
      if (!Array.isArray(response.retrievalResults)) {
        throw new ResearchSourceInvalidResponse('bedrock-kb', `knowledge base ${knowledgeBaseId} returned no retrievalResults list`);
      }
      const hits = response.retrievalResults
        .map(retrievalResultToHit)
        .filter((hit): hit is ResearchHit => hit !== undefined)
        .sort((x, y) => y.score - x.score);
      return applyQueryLimits(hits, query, numberOfResults);
    },
  };
}
