import * as z from 'zod';
import type { ProviderResponse, ToolSpec } from '../providers/providerTypes';
import { readModelJson, type JsonRepair } from './jsonRepair';
import { validateWithCoercion, type Coercion } from './valueCoercion';

/**
 * Structured output through tool use: the agent's zod schema becomes the JSON Schema of the one tool
 * the model must call, and every answer is validated against the same zod schema (DESIGN §9: zod is
 * the single source of each contract).
 */

const toolSchemas = new WeakMap<z.ZodType, Record<string, unknown>>();

/** The JSON Schema of a zod schema, generated once per schema object. */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  let json = toolSchemas.get(schema);
  if (!json) {
    const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-7', unrepresentable: 'any' }) as Record<string, unknown>;
    json = rest;
    toolSchemas.set(schema, json);
  }
  return json;
}

export function toolSpecFor(name: string, description: string, schema: z.ZodType): ToolSpec {
  return { name, description, inputSchema: jsonSchemaOf(schema) };
}

export type StructuredRead<T> =
  | { ok: true; value: T; repairs: Array<JsonRepair | Coercion> }
  | { ok: false; problems: string[]; repairs: Array<JsonRepair | Coercion> };

const MAX_PROBLEMS = 10;

const pathText = (path: ReadonlyArray<PropertyKey>) => (path.length ? path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p))).join('.').replace(/\.\[/g, '[') : '(answer)');

/** The answer's candidate JSON value: the tool input the provider parsed, else the tool arguments or text, repaired. */
function candidateOf(response: ProviderResponse, toolName: string): { value?: unknown; problem?: string; repairs: JsonRepair[] } {
  const call = response.toolCall;
  if (call && call.name && call.name !== toolName) return { problem: `the answer called "${call.name.slice(0, 60)}" instead of the tool ${toolName}`, repairs: [] };
  if (call && call.input !== undefined && typeof call.input !== 'string') return { value: call.input, repairs: [] };
  const text = call ? (typeof call.input === 'string' ? call.input : call.raw) : response.text;
  if (text === undefined || !text.trim()) return { problem: `the answer did not call the tool ${toolName} and held no JSON`, repairs: [] };
  const read = readModelJson(text);
  if (read.ok) return { value: read.value, repairs: read.repairs };
  return { problem: call ? read.problem : `the answer did not call the tool ${toolName}, and ${read.problem}`, repairs: read.repairs };
}

/**
 * Reads a provider's answer against `schema`: repairs broken JSON, applies safe coercions, and
 * returns the value or the problems (paths and schema messages only, never the answer's text) that
 * the re-ask sends back to the model.
 */
export function readStructured<S extends z.ZodType>(response: ProviderResponse, toolName: string, schema: S): StructuredRead<z.output<S>> {
  const candidate = candidateOf(response, toolName);
  const truncated = response.stopReason === 'max_tokens' ? ['the answer was cut off at the output-token limit: answer more briefly'] : [];
  if (candidate.problem !== undefined) return { ok: false, problems: [candidate.problem, ...truncated], repairs: candidate.repairs };
  const validated = validateWithCoercion(schema, candidate.value);
  const repairs = [...candidate.repairs, ...validated.coercions];
  if (validated.ok) return { ok: true, value: validated.value, repairs };
  const problems = validated.issues.slice(0, MAX_PROBLEMS).map((i) => `${pathText(i.path)}: ${i.message}`);
  if (validated.issues.length > MAX_PROBLEMS) problems.push(`and ${validated.issues.length - MAX_PROBLEMS} more problems`);
  return { ok: false, problems: [...problems, ...truncated], repairs };
}
