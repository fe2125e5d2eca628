import type { ZodType, core } from 'zod';
import { InvalidRequest } from './apiErrors';
import type { ApiRequest } from './apiMessages';

/** `files[0].name` for the path ['files', 0, 'name']. */
function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part)), '');
}

/** Unknown keys named one by one in a 400; the rest are counted. */
const MAX_NAMED_KEYS = 10;
/** Longest unknown key (in characters) named in a 400: a body may hold a key of a megabyte. */
const MAX_KEY_CHARS = 40;

/** The key cut to MAX_KEY_CHARS characters; only its start is split, as the key may be very long. */
function shortKey(key: string): string {
  const chars = Array.from(key.slice(0, 2 * MAX_KEY_CHARS + 1));
  return chars.length > MAX_KEY_CHARS ? `${chars.slice(0, MAX_KEY_CHARS).join('')}…` : key;
}

/** Each problem as `<field>: <message>`, and the fields at fault (unknown keys included, cut short). */
export function describeIssues(issues: readonly core.$ZodIssue[], where: string): { message: string; fields: string[] } {
  const fields: string[] = [];
  const problems = issues.map((issue) => {
    const base = fieldPath(issue.path);
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys.slice(0, MAX_NAMED_KEYS).map((k) => shortKey(base ? `${base}.${k}` : k));
      fields.push(...keys);
      const more = issue.keys.length > MAX_NAMED_KEYS ? ` and ${issue.keys.length - MAX_NAMED_KEYS} more` : '';
      return `unknown ${issue.keys.length === 1 ? 'field' : 'fields'} ${keys.map((k) => JSON.stringify(k)).join(', ')}${more}`;
    }
    fields.push(base || where);
    return base ? `${base}: ${issue.message}` : issue.message;
  });
  return { message: `invalid ${where}: ${problems.join('; ')}`, fields: [...new Set(fields)] };
}

/** Validates a value with a zod schema; a 400 names every field at fault. */
export function validate<T>(schema: ZodType<T>, value: unknown, where: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const { message, fields } = describeIssues(parsed.error.issues, where);
  throw new InvalidRequest(message, fields);
}

/** The request body parsed as JSON (an object is expected; the schema decides the rest). */
export function jsonBody(request: ApiRequest): unknown {
  if (request.body === undefined || request.body.trim() === '') {
    throw new InvalidRequest('the request body is missing: send a JSON object (Content-Type: application/json)', ['body']);
  }
  try {
    return JSON.parse(request.body);
  } catch {
    throw new InvalidRequest('the request body is not valid JSON', ['body']);
  }
}

export function parseBody<T>(request: ApiRequest, schema: ZodType<T>): T {
  return validate(schema, jsonBody(request), 'request body');
}
