import * as z from 'zod';
import {
  ResearchSourceInvalidResponse,
  ResearchSourceMisconfigured,
  ResearchSourceThrottled,
  ResearchSourceUnavailable,
} from './researchErrors';

/**
 * The CanLII REST API (https://api.canlii.org/v1, documented at github.com/canlii/API_documentation)
 * as a way to confirm that a decision exists and what its style of cause is, when the bundled index
 * does not hold it. It uses the case metadata endpoint only:
 *
 *   GET {endpoint}/caseBrowse/{language}/{databaseId}/{caseId}/?api_key={key}
 *   → {"databaseId": "csc-scc", "caseId": "2008scc9", "url": "http://canlii.ca/t/1vxsm",
 *      "title": "Dunsmuir v. New Brunswick", "citation": "[2008] 1 SCR 190, 2008 SCC 9 (CanLII)", …}
 *
 * It cannot search (the API offers no full-text search), so it is not a research source for the
 * Detective; the Verifier asks it about citations it could not verify offline. The API returns
 * metadata only: existence, title, citation, date; never the reasons, so nothing here says whether
 * the decision supports a proposition or is still good law.
 */

/** Neutral-citation courts CanLII can be asked about, with their CanLII database id and case-id code. */
const DATABASES: Readonly<Record<string, { databaseId: string; code: string }>> = {
  SCC: { databaseId: 'csc-scc', code: 'scc' },
  FCA: { databaseId: 'fca', code: 'fca' },
  FC: { databaseId: 'fct', code: 'fc' },
  // The Federal Court Trial Division (2001–2003) is in the Federal Court's database with its own code.
  FCT: { databaseId: 'fct', code: 'fct' },
};

/** A neutral citation by its parts: `2021 FC 1052` is `{year: 2021, court: 'FC', number: 1052}`. */
export interface NeutralCaseRef {
  year: number;
  court: string;
  number: number;
}

/** Where CanLII keeps a decision: `2019 SCC 65` → `csc-scc` / `2019scc65`. Undefined for a court it is not asked about. */
export function canliiCaseAddress(ref: NeutralCaseRef): { databaseId: string; caseId: string } | undefined {
  const db = DATABASES[ref.court];
  if (!db || !Number.isInteger(ref.year) || !Number.isInteger(ref.number) || ref.number < 1) return undefined;
  return { databaseId: db.databaseId, caseId: `${ref.year}${db.code}${ref.number}` };
}

export const CanliiSourceConfig = z.strictObject({
  apiKey: z.string().trim().min(1, { message: 'must not be empty' }),
  /** The API root; a local fake server in tests. */
  endpoint: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://api.canlii.org/v1'),
  language: z.enum(['en', 'fr']).default('en'),
  /** Per request. */
  timeoutMs: z.number().int().positive().default(8_000),
  /** Least time between two requests: CanLII asks for at most about two a second, one at a time. */
  minIntervalMs: z.number().int().nonnegative().default(500),
});
export type CanliiSourceConfig = z.input<typeof CanliiSourceConfig>;

/** What CanLII says about one decision. */
export interface CanliiCase {
  databaseId: string;
  caseId: string;
  title: string;
  /** As CanLII writes it, e.g. `2019 SCC 65 (CanLII)`. */
  citation?: string;
  url?: string;
  decisionDate?: string;
}

export type CaseLookupResult = { found: true; decision: CanliiCase } | { found: false };

/** Looks decisions up by citation. Throws a `ResearchSourceError` when it cannot answer; never invents a decision. */
export interface CaseLookupSource {
  readonly name: 'canlii';
  /** Whether this source can be asked about the citation at all (its court is one it knows). */
  canLookUp(ref: NeutralCaseRef): boolean;
  lookupCase(ref: NeutralCaseRef): Promise<CaseLookupResult>;
}

/** The case metadata answer; unknown fields are ignored. */
const CaseMetadata = z.object({
  databaseId: z.string().optional(),
  caseId: z.union([z.string(), z.record(z.string(), z.string())]).optional(),
  title: z.string().trim().min(1),
  citation: z.string().optional(),
  url: z.string().optional(),
  decisionDate: z.string().optional(),
});

/** CanLII reports some errors in a 200 answer: `[{"error": "…", "message": "…"}]` or `{"error": …}`. */
const ErrorItem = z.object({ error: z.string(), message: z.string().optional() });
const ErrorAnswer = z.union([z.array(ErrorItem).min(1), ErrorItem]);

const NOT_FOUND_WORDS = /not.?found|no (?:such|matching)|does not exist|unknown (?:case|document)/i;

function errorOf(body: unknown): { error: string; message?: string } | undefined {
  const parsed = ErrorAnswer.safeParse(body);
  if (!parsed.success) return undefined;
  return Array.isArray(parsed.data) ? parsed.data[0] : parsed.data;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A CanLII case lookup. One request per call, spaced by `minIntervalMs`. A known decision comes
 * back as `found`, an unknown one (HTTP 404, or an error answer saying it was not found) as not
 * found; 429 raises `ResearchSourceThrottled`; a refused key, a 5xx, a timeout or a refused
 * connection raise `ResearchSourceUnavailable`; an answer of another shape raises
 * `ResearchSourceInvalidResponse`. Messages name the endpoint's origin, never the API key.
 */
export function createCanliiSource(input: CanliiSourceConfig): CaseLookupSource {
  const parsed = CanliiSourceConfig.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ResearchSourceMisconfigured('canlii', issue.path.join('.') || 'config', issue.message);
  }
  const config = parsed.data;
  const root = config.endpoint.replace(/\/+$/, '');
  const origin = new URL(root).origin;
  let nextRequestAt = 0;
  let queue: Promise<unknown> = Promise.resolve();

  async function request(databaseId: string, caseId: string): Promise<Response> {
    const wait = nextRequestAt - Date.now();
    if (wait > 0) await sleep(wait);
    nextRequestAt = Date.now() + config.minIntervalMs;
    const url = `${root}/caseBrowse/${config.language}/${encodeURIComponent(databaseId)}/${encodeURIComponent(caseId)}/?api_key=${encodeURIComponent(config.apiKey)}`;
    try {
      return await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(config.timeoutMs) });
    } catch (error) {
      // Read by shape: an abort is a DOMException, which is not an `Error` in every realm (e.g. under jest).
      const { name, cause: inner } = (typeof error === 'object' && error !== null ? error : {}) as { name?: unknown; cause?: { code?: unknown; name?: unknown } };
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      const code = inner?.code ?? inner?.name;
      const cause = typeof code === 'string' ? ` (${code})` : '';
      throw new ResearchSourceUnavailable(
        'canlii',
        timedOut ? `CanLII at ${origin} did not answer within ${config.timeoutMs} ms` : `CanLII at ${origin} could not be reached${cause}`,
        { cause: error },
      );
    }
  }

  async function lookup(ref: NeutralCaseRef): Promise<CaseLookupResult> {
    const address = canliiCaseAddress(ref);
    if (!address) return { found: false };
    const response = await request(address.databaseId, address.caseId);
    const status = response.status;
    if (status === 404) {
      await response.body?.cancel();
      return { found: false };
    }
    if (status === 429) {
      await response.body?.cancel();
      throw new ResearchSourceThrottled('canlii', `CanLII at ${origin} is rate-limiting requests (HTTP 429); try again later`);
    }
    if (status === 401 || status === 403) {
      await response.body?.cancel();
      throw new ResearchSourceUnavailable('canlii', `CanLII at ${origin} refused the API key (HTTP ${status}); check CASE_AUDIT_CANLII_API_KEY`);
    }
    if (status < 200 || status >= 300) {
      await response.body?.cancel();
      throw new ResearchSourceUnavailable('canlii', `CanLII at ${origin} answered HTTP ${status}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new ResearchSourceInvalidResponse('canlii', `CanLII at ${origin} answered with something that is not JSON`, { cause: error });
    }
    const metadata = CaseMetadata.safeParse(body);
    if (metadata.success) {
      const m = metadata.data;
      return {
        found: true,
        decision: {
          databaseId: m.databaseId ?? address.databaseId,
          caseId: typeof m.caseId === 'string' ? m.caseId : address.caseId,
          title: m.title,
          ...(m.citation !== undefined ? { citation: m.citation } : {}),
          ...(m.url !== undefined ? { url: m.url } : {}),
          ...(m.decisionDate !== undefined ? { decisionDate: m.decisionDate } : {}),
        },
      };
    }
    const error = errorOf(body);
    if (error && NOT_FOUND_WORDS.test(`${error.error} ${error.message ?? ''}`)) return { found: false };
    throw new ResearchSourceInvalidResponse('canlii', `CanLII at ${origin} answered in an unexpected shape${error ? ` (error ${error.error.slice(0, 80)})` : ''}`);
  }

  return {
    name: 'canlii',
    canLookUp: (ref) => canliiCaseAddress(ref) !== undefined,
    lookupCase(ref) {
      // One request at a time, as CanLII asks, even if callers overlap.
      const result = queue.then(() => lookup(ref));
      queue = result.catch(() => undefined);
      return result;
    },
  };
}
