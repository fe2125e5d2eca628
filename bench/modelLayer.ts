import '../local/polyfills';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startLocalRuntime } from '../local/localRuntime';
import { getPriceTable } from '../lambdas/core/model/accounting/priceTable';
import { createModelRuntime, disposeModelRuntime } from '../lambdas/core/model/modelRuntime';
import { ModelSession } from '../lambdas/core/model/modelSession';
import { DEFAULT_BEDROCK_MODEL_ID, readModelSettings } from '../lambdas/core/model/modelSettings';
import { documentData } from '../lambdas/core/model/prompts/documentData';
import type { ModelProvider, ProviderRequest, ProviderResponse } from '../lambdas/core/model/providers/providerTypes';
import { ModelBudget } from '../lambdas/core/model/resilience/modelBudget';
import { injectionScreener } from '../lambdas/core/injection/injectionScreener';
import { ADJUST_SCORE_PROMPT } from '../lambdas/agents/strategist/prompts/adjustScore.v1';
import { ScoreReviewAnswer } from '../lambdas/agents/strategist/scoreReview';
import { EXTRACT_FACTS_PROMPT } from '../lambdas/agents/intake/prompts/extractFacts.v1';
import { READ_CASE_FACTS_PROMPT } from '../lambdas/agents/intake/prompts/readCaseFacts.v1';
import { ExtractedFactsAnswer } from '../lambdas/agents/intake/freeTextFacts';
import { TIERS, type Tier, type WorkflowType } from '../workflows/schema';
import { CHECK_PROPOSITIONS_PROMPT } from '../lambdas/agents/verifier/prompts/checkPropositions.v1';
import { WRITE_RATIONALE_PROMPT } from '../lambdas/agents/judge/prompts/writeRationale.v1';
import { WRITE_OVERVIEW_PROMPT } from '../lambdas/agents/reporter/prompts/writeOverview.v1';
import { costOf } from '../lambdas/core/model/accounting/priceTable';
import { startFakeBedrock, type FakeModelRequest, type FakeReply } from '../test/integration/model/fakeModelServers';
import { auditExample, verbatimLine } from '../test/integration/model/modelAuditFixtures';

const ROOT = resolve(__dirname, '..');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))];
const round3 = (n: number) => Math.round(n * 1000) / 1000;

const PROMPTS = [EXTRACT_FACTS_PROMPT, READ_CASE_FACTS_PROMPT, ADJUST_SCORE_PROMPT, CHECK_PROPOSITIONS_PROMPT, WRITE_RATIONALE_PROMPT, WRITE_OVERVIEW_PROMPT];
const MAX_OUTPUT = new Map(PROMPTS.map((p) => [`${p.id}@${p.version}`, p.maxOutputTokens]));

const sentence = (chars: number) => 'The documents agree on the dates and the amounts, and the letters explain the gap in the record. '.repeat(Math.ceil(chars / 98)).slice(0, chars).trim();

/** Answers of the length a real model writes for each task (the fake bills about four characters per token). */
function realisticAnswer(request: FakeModelRequest): FakeReply {
  switch (request.toolName) {
    case 'record_profile_facts': {
      const line = verbatimLine(request);
      const facts = Array.from({ length: 10 }, (_, i) => ({ field: 'other', label: `dated event ${i + 1}`, value: sentence(40), docId: line?.docId ?? 'x', page: 1, quote: line?.quote ?? 'x' }));
      return { input: { facts } };
    }
    case 'record_case_facts': {
      const line = verbatimLine(request);
      const where = { docId: line?.docId ?? 'x', page: 1, quote: line?.quote ?? 'x' };
      const events = Array.from({ length: 20 }, (_, i) => ({ kind: 'travel', person: 'applicant', date: `20${10 + (i % 10)}-0${1 + (i % 9)}`, country: 'a country', detail: sentence(40), ...where }));
      const money = Array.from({ length: 8 }, (_, i) => ({ kind: 'deposit', amount: 1000 + i, currency: 'CAD', ...where }));
      return { input: { events, declarations: [], money, officerFindings: [], parties: [{ role: 'applicant', name: 'A Name', ...where }] } };
    }
    case 'record_score_review':
      return { input: { points: 2, reason: sentence(400), credibilityNotes: Array.from({ length: 4 }, (_, i) => ({ kind: i % 2 ? 'weakness' : 'strength', note: sentence(200) })) } };
    case 'record_proposition_checks': {
      const ids = [...new Set(request.userText.match(/"id": "p\d+"/g) ?? [])].map((m) => m.slice(7, -1));
      return { input: { checks: ids.map((id) => ({ id, supported: true, reason: sentence(180) })) } };
    }
    case 'record_rationale':
      return { input: { rationale: sentence(550) } };
    case 'record_overview':
      return { input: { overview: sentence(650) } };
    default:
      return undefined;
  }
}

/** Every bundled example, each tier, with `--model bedrock` against the local fake Bedrock (h2c, Converse). */
async function perExampleAndTier(): Promise<Record<string, unknown>> {
  const fake = await startFakeBedrock(realisticAnswer);
  const previous = process.env.AWS_ENDPOINT_URL_BEDROCK_RUNTIME;
  process.env.AWS_ENDPOINT_URL_BEDROCK_RUNTIME = fake.url;
  const rt = await startLocalRuntime({ persist: false });
  const out: Record<string, unknown> = {};
  try {
    const examples = readdirSync(join(ROOT, 'examples')).filter((e) => existsSync(join(ROOT, 'examples', e, 'audit.json')));
    for (const example of examples) {
      const workflowType = JSON.parse(readFileSync(join(ROOT, 'examples', example, 'audit.json'), 'utf8')).workflowType as WorkflowType;
      const tiers: Record<string, unknown> = {};
      for (const tier of TIERS as readonly Tier[]) {
        const started = performance.now();
        const run = await auditExample(rt, { model: 'bedrock', tier, workflowType, example: join(ROOT, 'examples', example) });
        const u = run.summary.usage;
        const calls = (run.bundle.modelUsage?.calls ?? []) as Array<{ prompt: string; inputTokens: number; modelId: string }>;
        const atLimit = calls.reduce((sum, c) => sum + costOf(c.modelId, { inputTokens: c.inputTokens, outputTokens: MAX_OUTPUT.get(c.prompt) ?? 0 }).costUsd, 0);
        tiers[tier] = {
          status: run.summary.status,
          modelCalls: u.modelCalls,
          inputTokens: u.inputTokens,
          outputTokens: u.outputTokens,
          estimatedCostUsd: u.estimatedCostUsd,
          costIfEveryAnswerUsedItsOutputLimitUsd: Math.round(atLimit * 1e6) / 1e6,
          byStage: Object.fromEntries(Object.entries(run.session.usageByStage ?? {}).map(([stage, s]) => [stage, `${s.modelCalls} call(s), ${s.inputTokens}+${s.outputTokens} tokens`])),
          wallMs: Math.round(performance.now() - started),
        };
      }
      out[`${example} (${workflowType})`] = tiers;
    }
  } finally {
    await rt.stop();
    disposeModelRuntime();
    await fake.close();
    if (previous === undefined) delete process.env.AWS_ENDPOINT_URL_BEDROCK_RUNTIME;
    else process.env.AWS_ENDPOINT_URL_BEDROCK_RUNTIME = previous;
  }
  return out;
}

/** A provider that answers at once with a fixed valid tool call: what is left is the layer's own code. */
function instantProvider(answer: unknown): ModelProvider {
  return {
    kind: 'bedrock',
    async send(_request: ProviderRequest): Promise<ProviderResponse> {
      return { toolCall: { id: 't', name: _request.tool.name, input: structuredClone(answer) }, usage: { inputTokens: 5000, outputTokens: 200 }, stopReason: 'tool_use' };
    },
  };
}

/**
 * Time per structured call spent in the model layer's own code, the model excluded: budget, circuit
 * breaker, concurrency limit, retry wrapper, tool schema (cached), validation and coercion, accounting
 * and the call record; and separately, building a prompt's document data (24,000 characters, screened).
 */
async function layerOverhead(iterations = 2000): Promise<Record<string, unknown>> {
  const settings = readModelSettings({ AWS_REGION: 'ca-central-1' });
  const review = { points: 2, reason: 'The chat log and the letters agree on the dates of the visits.', credibilityNotes: [{ kind: 'strength', note: 'Consistent accounts.' }] };
  const facts = { facts: Array.from({ length: 12 }, (_, i) => ({ field: 'other', label: `event ${i}`, value: 'a dated event', docId: 'letter.txt', page: 1, quote: `a verbatim quote number ${i} from the letter` })) };
  const cases = [
    { name: 'strategist.adjust-score', prompt: ADJUST_SCORE_PROMPT, schema: ScoreReviewAnswer, answer: review },
    { name: 'intake.extract-facts (12 facts)', prompt: EXTRACT_FACTS_PROMPT, schema: ExtractedFactsAnswer, answer: facts },
  ];
  const input = 'x'.repeat(24_000);
  const result: Record<string, unknown> = {};
  for (const c of cases) {
    const runtime = createModelRuntime(settings, { bedrock: instantProvider(c.answer) });
    const times: number[] = [];
    for (let i = 0; i < iterations + 200; i++) {
      const session = new ModelSession({ choice: 'bedrock', agent: 'strategist', stage: 'strategist', budget: new ModelBudget({ calls: 1e9, inputTokens: 1e12, outputTokens: 1e12 }, { modelCalls: 0, inputTokens: 0, outputTokens: 0 }), runtime: () => runtime, onCall: () => undefined });
      const t = performance.now();
      await session.structured({ prompt: c.prompt, input, schema: c.schema });
      if (i >= 200) times.push(performance.now() - t);
    }
    result[c.name] = { medianMs: round3(median(times)), p99Ms: round3(p99(times)) };
  }
  const pages = readdirSync(join(ROOT, 'examples/spousal-sponsorship-risk-audit'))
    .filter((f) => f.endsWith('.txt') || f.endsWith('.md'))
    .map((f) => ({ docId: f, name: f, type: 'other', pages: [{ page: 1, text: readFileSync(join(ROOT, 'examples/spousal-sponsorship-risk-audit', f), 'utf8') }] }));
  const screen = injectionScreener();
  for (const [name, options] of [
    ['prompt documents, 24,000 chars, with the second injection screen', { maxChars: 24_000, screen }],
    ['prompt documents, 24,000 chars, delimiting only', { maxChars: 24_000 }],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < 300; i++) {
      const t = performance.now();
      documentData(pages, options);
      if (i >= 20) times.push(performance.now() - t);
    }
    result[name] = { medianMs: round3(median(times)), p99Ms: round3(p99(times)) };
  }
  return result;
}

/**
 * `--model bedrock` cost and usage per example and tier, against a local fake Bedrock that bills about
 * four characters per token (the real tokenizer is close to that for English), priced with
 * lambdas/core/model/catalog/models.json; and the layer's own overhead per call.
 */
export async function benchModelLayer(): Promise<Record<string, unknown>> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const price = getPriceTable().models[DEFAULT_BEDROCK_MODEL_ID];
  const audits = await perExampleAndTier();
  const overheadPerCall = await layerOverhead();
  const proCosts = Object.values(audits).map((tiers) => (tiers as Record<string, { estimatedCostUsd?: number }>).pro?.estimatedCostUsd ?? 0);
  const structuredCallMedians = Object.entries(overheadPerCall)
    .filter(([name]) => !name.startsWith('prompt documents'))
    .map(([, r]) => (r as { medianMs: number }).medianMs);
  return {
    priceTable: { model: DEFAULT_BEDROCK_MODEL_ID, usdPerMillionInputTokens: price.input, usdPerMillionOutputTokens: price.output, source: 'lambdas/core/model/catalog/models.json' },
    target: '≤ $0.03 per Pro audit with the default models; ≤ 5 ms of the layer\'s own code per call',
    audits,
    overheadPerCall,
    // The two figures of the summary table: the dearest Pro audit of the examples, the slowest call kind.
    proAuditCostUsd: Math.max(...proCosts),
    overheadPerCallMs: Math.max(...structuredCallMedians),
  };
}

if (require.main === module) {
  benchModelLayer().then((r) => console.log(JSON.stringify(r, null, 2)));
}
