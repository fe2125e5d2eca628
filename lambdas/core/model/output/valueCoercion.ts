import type * as z from 'zod';

/**
 * Safe corrections of a model's answer, guided by the schema's validation issues. Only changes
 * that cannot alter what the answer means: a number or boolean written as a string, a single item
 * where a list was expected, an enum value in another case, a key the schema does not have, a null
 * for a field that may be left out. A number out of range, a string too long or a missing field is
 * never "fixed": the model is asked again instead.
 */
export type Coercion = 'number-from-string' | 'boolean-from-string' | 'string-from-scalar' | 'list-from-item' | 'enum-case' | 'extra-keys' | 'null-omitted';

type Container = Record<string, unknown> | unknown[];
const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;

/** The parent container and key of a path, or undefined when the path does not lead anywhere. */
function locate(root: unknown, path: readonly PropertyKey[]): { parent: Container; key: PropertyKey } | undefined {
  if (!path.length) return undefined;
  let node: unknown = root;
  for (const part of path.slice(0, -1)) {
    if (!isContainer(node)) return undefined;
    node = (node as Record<PropertyKey, unknown>)[part as never];
  }
  return isContainer(node) ? { parent: node, key: path[path.length - 1] } : undefined;
}

const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;
const enumKey = (s: string) => s.trim().toLowerCase().replace(/[\s_]+/g, '-');

function coerceOne(root: unknown, issue: z.core.$ZodIssue): Coercion | undefined {
  if (issue.code === 'unrecognized_keys') {
    const target = issue.path.length ? locate(root, issue.path) : undefined;
    const object = target ? (target.parent as Record<PropertyKey, unknown>)[target.key as never] : root;
    if (!isContainer(object) || Array.isArray(object)) return undefined;
    for (const key of issue.keys) delete (object as Record<string, unknown>)[key];
    return 'extra-keys';
  }
  const at = locate(root, issue.path);
  if (!at) return undefined;
  const record = at.parent as Record<PropertyKey, unknown>;
  const value = record[at.key as never];
  const set = (v: unknown) => {
    (record as Record<PropertyKey, unknown>)[at.key as never] = v as never;
  };
  if (issue.code === 'invalid_type') {
    if (issue.expected === 'number' && typeof value === 'string' && NUMERIC.test(value)) {
      set(Number(value));
      return 'number-from-string';
    }
    if (issue.expected === 'boolean' && typeof value === 'string' && /^\s*(true|false)\s*$/i.test(value)) {
      set(value.trim().toLowerCase() === 'true');
      return 'boolean-from-string';
    }
    if (issue.expected === 'string' && (typeof value === 'number' || typeof value === 'boolean')) {
      set(String(value));
      return 'string-from-scalar';
    }
    if (issue.expected === 'array' && value !== null && value !== undefined && !Array.isArray(value)) {
      set([value]);
      return 'list-from-item';
    }
    if (value === null && !Array.isArray(at.parent)) {
      delete record[at.key as never];
      return 'null-omitted';
    }
    return undefined;
  }
  if (issue.code === 'invalid_value' && typeof value === 'string') {
    const wanted = enumKey(value);
    const matches = issue.values.filter((v): v is string => typeof v === 'string' && enumKey(v) === wanted);
    if (matches.length === 1 && matches[0] !== value) {
      set(matches[0]);
      return 'enum-case';
    }
  }
  return undefined;
}

export type ValidationResult<T> = { ok: true; value: T; coercions: Coercion[] } | { ok: false; issues: z.core.$ZodIssue[]; coercions: Coercion[] };

/** Validates `value` against `schema`, applying safe coercions (on a copy) for up to a few rounds. */
export function validateWithCoercion<S extends z.ZodType>(schema: S, value: unknown): ValidationResult<z.output<S>> {
  const coercions = new Set<Coercion>();
  let candidate: unknown = isContainer(value) ? structuredClone(value) : value;
  for (let round = 0; round < 4; round++) {
    const parsed = schema.safeParse(candidate);
    if (parsed.success) return { ok: true, value: parsed.data, coercions: [...coercions] };
    let changed = false;
    for (const issue of parsed.error.issues) {
      const applied = coerceOne(candidate, issue);
      if (applied) {
        coercions.add(applied);
        changed = true;
      }
    }
    if (!changed) return { ok: false, issues: parsed.error.issues, coercions: [...coercions] };
  }
  const last = schema.safeParse(candidate);
  return last.success ? { ok: true, value: last.data, coercions: [...coercions] } : { ok: false, issues: last.error.issues, coercions: [...coercions] };
}
