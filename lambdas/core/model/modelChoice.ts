import * as z from 'zod';
import { DeterministicError } from '../errors/deterministicError';

/**
 * Which model layer an audit uses (DESIGN §3, §7 `--model`):
 * - `none`: rules only, the embedded default: every agent's deterministic core alone;
 * - `bedrock`: Amazon Bedrock (Converse), a model id per agent from the configuration;
 * - `openai:<baseUrl>#<model>`: any OpenAI-compatible chat-completions endpoint (a local Ollama
 *   or vLLM, for example), one model for every agent.
 */
export const OPENAI_PREFIX = 'openai:';

/** The parts of an `openai:<baseUrl>#<model>` choice. */
export interface OpenAiChoice {
  baseUrl: string;
  model: string;
}

const OPENAI_FORM = 'openai:<baseUrl>#<model>, e.g. openai:http://127.0.0.1:11434/v1#llama3.1';

/** Why an `openai:` choice cannot be used, or undefined when it is well formed. */
function openAiProblem(value: string): string | undefined {
  const rest = value.slice(OPENAI_PREFIX.length);
  const hash = rest.lastIndexOf('#');
  if (hash < 0) return `an OpenAI-compatible model is written ${OPENAI_FORM} (the "#<model>" part is missing)`;
  const baseUrl = rest.slice(0, hash);
  const model = rest.slice(hash + 1);
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return `"${baseUrl.slice(0, 80)}" is not a URL; write ${OPENAI_FORM}`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `the base URL must start with http:// or https://; write ${OPENAI_FORM}`;
  if (url.username || url.password) return 'the base URL must not carry credentials; set CASE_AUDIT_OPENAI_API_KEY instead';
  if (!/^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,199}$/.test(model)) return `"${model.slice(0, 80)}" is not a model name (letters, digits and . _ : / @ + -)`;
  return undefined;
}

/** Why a value is not a model choice, or undefined when it is one. */
export function modelChoiceProblem(value: unknown): string | undefined {
  if (value === 'none' || value === 'bedrock') return undefined;
  if (typeof value === 'string' && value.startsWith(OPENAI_PREFIX)) return openAiProblem(value);
  return `model must be none, bedrock or ${OPENAI_FORM}`;
}

export const ModelChoice = z.custom<'none' | 'bedrock' | `openai:${string}`>((value) => modelChoiceProblem(value) === undefined, {
  error: (issue) => modelChoiceProblem(issue.input) ?? 'invalid model choice',
});
export type ModelChoice = z.infer<typeof ModelChoice>;

/** Thrown by parseModelChoice; the message is one line a user can act on. */
export class InvalidModelChoice extends DeterministicError {
  override readonly name = 'InvalidModelChoice';
}

/** Validates a model choice as given on the command line or in a request. */
export function parseModelChoice(value: unknown): ModelChoice {
  const parsed = ModelChoice.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new InvalidModelChoice(parsed.error.issues[0]?.message ?? `model must be none, bedrock or ${OPENAI_FORM}`);
}

export const isOpenAiChoice = (choice: string): choice is `openai:${string}` => choice.startsWith(OPENAI_PREFIX);

/** The base URL (trailing slashes removed) and model of an `openai:` choice. */
export function openAiParts(choice: `openai:${string}`): OpenAiChoice {
  const rest = choice.slice(OPENAI_PREFIX.length);
  const hash = rest.lastIndexOf('#');
  return { baseUrl: rest.slice(0, hash).replace(/\/+$/, ''), model: rest.slice(hash + 1) };
}

/** How a report or a log names the choice: never a credential (an `openai:` URL carries none). */
export function describeModelChoice(choice: ModelChoice): string {
  if (choice === 'none') return 'rules only';
  if (choice === 'bedrock') return 'rules and language model (Amazon Bedrock)';
  const { baseUrl, model } = openAiParts(choice);
  let host = baseUrl;
  try {
    host = new URL(baseUrl).host;
  } catch {
    // validated already; keep the text
  }
  return `rules and language model (${model} at ${host}, OpenAI-compatible)`;
}
