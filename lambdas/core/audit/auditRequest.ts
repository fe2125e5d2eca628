import { distance } from 'fastest-levenshtein';
import * as z from 'zod';
import { describeJsonSyntaxError, JsonSyntaxScan } from './jsonSyntax';
import { TIERS, WORKFLOW_TYPES } from '../../../workflows/schema';
import { DeterministicError } from '../errors/deterministicError';

const oneOf = (field: string, values: readonly string[]) => `${field} must be one of ${values.join(', ')}`;

/** What a caseId may look like: it becomes one segment of S3 keys (DESIGN §6). */
export const CASE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** `cases/<owner>/<caseId>/audit.json`: what to audit and how (DESIGN §6). */
export const AuditRequest = z.object({
  caseId: z
    .string({ error: (i) => (i.input === undefined ? 'caseId is missing' : 'caseId must be a string') })
    .regex(CASE_ID_PATTERN, 'caseId may use letters, digits, ".", "_" and "-" only (at most 128 characters)'),
  workflowType: z.enum(WORKFLOW_TYPES, { error: oneOf('workflowType', WORKFLOW_TYPES) }),
  tier: z.enum(TIERS, { error: oneOf('tier', TIERS) }).default('guest'),
  model: z.enum(['none', 'bedrock'], { error: oneOf('model', ['none', 'bedrock']) }).default('none'),
  gateMode: z.enum(['live', 'demo'], { error: oneOf('gateMode', ['live', 'demo']) }).default('live'),
});
export type AuditRequest = z.infer<typeof AuditRequest>;

export type AuditRequestField = keyof typeof AuditRequest.shape;
/** The keys an audit.json may hold, in the order messages list them. */
export const AUDIT_REQUEST_FIELDS = Object.keys(AuditRequest.shape) as AuditRequestField[];

/** Known fields with values not yet validated, as read from one source. `undefined` means "not set". */
export type AuditRequestFields = Partial<Record<AuditRequestField, unknown>>;

/** One problem with a request and the source of the offending value (`audit.json`, `--tier`, …). */
export interface AuditRequestIssue {
  source: string;
  problem: string;
  /** The field (or unknown key) at fault, when the problem is about one. */
  field?: string;
}

/**
 * A request that cannot be used. The message names each source once, followed by its problems:
 * `invalid audit.json: tier must be one of guest, pro, ultra; invalid --model: model must be …`.
 */
export class InvalidAuditRequest extends DeterministicError {
  override readonly name = 'InvalidAuditRequest';
  readonly issues: readonly AuditRequestIssue[];

  constructor(source: string, problems: string[]);
  constructor(issues: AuditRequestIssue[]);
  constructor(sourceOrIssues: string | AuditRequestIssue[], problems: string[] = []) {
    const issues = typeof sourceOrIssues === 'string' ? problems.map((problem) => ({ source: sourceOrIssues, problem })) : sourceOrIssues;
    super(describeIssues(issues));
    this.issues = issues;
  }

  /** The source of the first problem. */
  get source(): string {
    return this.issues[0]?.source ?? 'audit request';
  }

  get problems(): string[] {
    return this.issues.map((i) => i.problem);
  }
}

function describeIssues(issues: readonly AuditRequestIssue[]): string {
  const bySource = new Map<string, string[]>();
  for (const { source, problem } of issues) bySource.set(source, [...(bySource.get(source) ?? []), problem]);
  return [...bySource].map(([source, problems]) => `invalid ${source}: ${problems.join('; ')}`).join('; ');
}

// ---------------------------------------------------------------------------------------------
// Reading one source

const OBJECT_EXAMPLE = '{"caseId": "...", "workflowType": "document-list", "tier": "guest"}';
/** Unknown keys named one by one in a message; the rest are counted. */
const MAX_NAMED_KEYS = 10;
/** Longest key (in characters) quoted in a message, or named among a 400's fields. */
const MAX_QUOTED_KEY = 40;
/**
 * Longest key (in UTF-16 units) for which a "did you mean" is looked for. The fields have at most 12
 * letters, so a longer key is no typo of one; and the work (lower-casing, edit distances) grows with
 * the key, which a hostile request can make 10 million characters long.
 */
const MAX_SUGGESTED_KEY = 64;
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * Reads the text of an audit.json (from a case folder or from S3) into its fields, without
 * validating their values: that happens once all sources are merged (see resolveAuditRequest).
 * Accepts a leading UTF-8 byte-order mark; rejects text that is not JSON (saying where it broke),
 * JSON that is not an object, keys that are not fields (suggesting the field meant) and keys given twice.
 */
export function readAuditRequestFile(text: string, source = 'audit.json'): AuditRequestFields {
  const json = text.startsWith(BYTE_ORDER_MARK) ? text.slice(BYTE_ORDER_MARK.length) : text;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new InvalidAuditRequest(source, [describeJsonSyntaxError(json)]);
  }
  const duplicates = new JsonSyntaxScan(json).topLevelDuplicateKeys();
  return readAuditRequestObject(raw, source, duplicates);
}

/** Checks that a parsed value is an object whose keys are all fields, and returns those fields. */
export function readAuditRequestObject(raw: unknown, source: string, duplicateKeys: readonly string[] = []): AuditRequestFields {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new InvalidAuditRequest(source, [`expected a JSON object like ${OBJECT_EXAMPLE}, found ${describeJsonValue(raw)}`]);
  }
  const issues: AuditRequestIssue[] = [];
  // `documents` is read by the upload trigger (expectedDocuments.ts), not by the request's resolution.
  const unknown = Object.keys(raw).filter((key) => !(AUDIT_REQUEST_FIELDS as string[]).includes(key) && key !== 'documents');
  for (const key of unknown.slice(0, MAX_NAMED_KEYS)) {
    const meant = key.length <= MAX_SUGGESTED_KEY ? closestField(key) : undefined;
    issues.push({ source, field: shortKey(key), problem: `unknown key ${quoteKey(key)}${meant ? ` (did you mean "${meant}"?)` : ''}` });
  }
  if (unknown.length > MAX_NAMED_KEYS) issues.push({ source, problem: `and ${unknown.length - MAX_NAMED_KEYS} more unknown keys` });
  for (const key of duplicateKeys) issues.push({ source, field: shortKey(key), problem: `key ${quoteKey(key)} appears more than once` });
  if (issues.length) throw new InvalidAuditRequest(issues);

  const fields: AuditRequestFields = {};
  const record = raw as Record<string, unknown>;
  for (const field of AUDIT_REQUEST_FIELDS) if (Object.hasOwn(record, field)) fields[field] = record[field];
  return fields;
}

function describeJsonValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return String(value);
  return typeof value;
}

/**
 * The key cut to its first MAX_QUOTED_KEY characters (with "…" when cut). Only its start is split into
 * characters: a key may be millions long, and splitting all of it would allocate per character.
 */
function shortKey(key: string): string {
  const chars = Array.from(key.slice(0, 2 * MAX_QUOTED_KEY + 1)); // a character is at most 2 UTF-16 units
  return chars.length > MAX_QUOTED_KEY ? `${chars.slice(0, MAX_QUOTED_KEY).join('')}…` : key;
}

const quoteKey = (key: string): string => JSON.stringify(shortKey(key));

/**
 * The field a mistyped key most likely meant: the same letters ignoring case and punctuation
 * (`CaseID`, `workflow_type`), a small edit (`teir`, `modle`), or a cut-short name (`workflow`).
 */
function closestField(key: string): AuditRequestField | undefined {
  const simplify = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const typed = simplify(key);
  if (!typed) return undefined;
  let best: AuditRequestField | undefined;
  let bestDistance = Infinity;
  for (const field of AUDIT_REQUEST_FIELDS) {
    const known = simplify(field);
    const tolerated = Math.max(1, Math.floor(known.length / 4));
    const edits = editDistance(typed, known, tolerated);
    if (edits <= tolerated && edits < bestDistance) {
      best = field;
      bestDistance = edits;
    }
  }
  if (best) return best;
  return typed.length >= 4 ? AUDIT_REQUEST_FIELDS.find((field) => simplify(field).startsWith(typed)) : undefined;
}

/**
 * Edits needed to turn a into b, or `cap + 1` when more than `cap`: the Levenshtein distance (fastest-levenshtein), except
 * that a swap of two neighbours (`teir`, `modle`) counts as one edit, as a typist would count it, rather than two. Swaps are
 * tried one by one (at most `cap` of them), each followed by the Levenshtein distance of what remains.
 */
function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1; // also keeps the swaps below to short keys
  let best = Math.min(distance(a, b), cap + 1);
  for (let i = 0; i + 1 < a.length && best > 1; i++) {
    if (a[i] === a[i + 1]) continue;
    const swapped = `${a.slice(0, i)}${a[i + 1]}${a[i]}${a.slice(i + 2)}`;
    best = Math.min(best, 1 + editDistance(swapped, b, Math.min(cap, best - 1) - 1));
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Merging sources

/**
 * One source of request values. Later layers override earlier ones, field by field:
 * - `defaults`: values derived by the caller (a caseId from the folder name, a default workflow);
 * - `file`: an audit.json's fields as read by readAuditRequestFile, or `undefined` when there is no
 *   such file (it is still named as a place where a missing value can be set);
 * - `option`: one field given by a named option such as `--tier`, `undefined` when not passed.
 */
export type AuditRequestLayer =
  | { kind: 'defaults'; values: AuditRequestFields }
  | { kind: 'file'; source: string; values: AuditRequestFields | undefined }
  | { kind: 'option'; source: string; field: AuditRequestField; value: unknown };

/** How messages name a default value that turned out invalid. */
const DEFAULTS_SOURCE = 'default value';
/** How messages name the request as a whole when a required value is set nowhere and there is no file. */
const WHOLE_REQUEST = 'audit request';

function layerValues(layer: AuditRequestLayer): AuditRequestFields {
  if (layer.kind === 'option') return { [layer.field]: layer.value };
  return layer.values ?? {};
}

function layerSource(layer: AuditRequestLayer): string {
  return layer.kind === 'defaults' ? DEFAULTS_SOURCE : layer.source;
}

/**
 * Merges the layers (later ones win) and validates the result once. Each problem names the source
 * of the value at fault, and a required value set nowhere says where it can be set.
 */
export function resolveAuditRequest(layers: readonly AuditRequestLayer[]): AuditRequest {
  const merged: AuditRequestFields = {};
  const origin: Partial<Record<AuditRequestField, AuditRequestLayer>> = {};
  for (const layer of layers) {
    const values = layerValues(layer);
    for (const field of AUDIT_REQUEST_FIELDS) {
      if (values[field] === undefined) continue;
      merged[field] = values[field];
      origin[field] = layer;
    }
  }

  const parsed = AuditRequest.safeParse(merged);
  if (parsed.success) return parsed.data;

  // Problems are listed in field order, whichever source each value came from.
  const found: Array<AuditRequestIssue & { rank: number }> = [];
  const rankOf = (field: AuditRequestField | undefined) => (field === undefined ? AUDIT_REQUEST_FIELDS.length : AUDIT_REQUEST_FIELDS.indexOf(field));
  const missing = AUDIT_REQUEST_FIELDS.filter((field) => merged[field] === undefined);
  for (const field of missing) {
    if (!AuditRequest.shape[field].safeParse(undefined).success) found.push({ ...missingValue(field, layers), field, rank: rankOf(field) });
  }
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as AuditRequestField | undefined;
    if (field !== undefined && missing.includes(field)) continue;
    const from = field === undefined ? undefined : origin[field];
    found.push({ source: from ? layerSource(from) : WHOLE_REQUEST, problem: issue.message, ...(field === undefined ? {} : { field }), rank: rankOf(field) });
  }
  found.sort((a, b) => a.rank - b.rank);
  throw new InvalidAuditRequest(found.map(({ rank: _rank, ...issue }) => issue));
}

function missingValue(field: AuditRequestField, layers: readonly AuditRequestLayer[]): AuditRequestIssue {
  const ways = new Set<string>();
  for (const layer of layers) {
    if (layer.kind === 'file') ways.add(`set it in ${layer.source}`);
    if (layer.kind === 'option' && layer.field === field) ways.add(`pass ${layer.source}`);
  }
  const existingFiles = layers.filter((l) => l.kind === 'file' && l.values !== undefined);
  const blamed = existingFiles.at(-1);
  return {
    source: blamed ? layerSource(blamed) : WHOLE_REQUEST,
    problem: ways.size ? `${field} is missing: ${[...ways].join(' or ')}` : `${field} is missing`,
  };
}

// ---------------------------------------------------------------------------------------------
// Single-source entry points

/** Reads and validates an audit.json that must be complete on its own (no defaults, no options). */
export function parseAuditRequest(text: string, source = 'audit.json'): AuditRequest {
  return resolveAuditRequest([{ kind: 'file', source, values: readAuditRequestFile(text, source) }]);
}

/** Validates an already parsed request object that must be complete on its own. */
export function validateAuditRequest(raw: unknown, source = 'audit.json'): AuditRequest {
  return resolveAuditRequest([{ kind: 'file', source, values: readAuditRequestObject(raw, source) }]);
}
