import { readFileSync } from 'node:fs';
import type * as z from 'zod/mini';
import { config } from 'zod/mini';
import { en as english } from 'zod/locales';
import { TierTable, WorkflowDefinition, WORKFLOW_TYPES, type WorkflowType } from './schema';
import { DeterministicError } from '../lambdas/core/errors/deterministicError';

/** A workflow or tier file that does not describe a valid definition. The message names the file and the stage. */
export class WorkflowDefinitionError extends DeterministicError {
  override readonly name = 'WorkflowDefinitionError';
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file}: ${problems.join('; ')}`);
  }
}

// zod's mini form carries no messages of its own: the same English ones the rest of the product uses.
config(english());

function describeZodIssues(error: z.core.$ZodError, raw: unknown): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String);
    // Name the stage by its id when the issue sits inside stages[n].
    if (path[0] === 'stages' && path.length > 1) {
      const stage = (raw as { stages?: Array<{ id?: unknown }> }).stages?.[Number(path[1])];
      const id = typeof stage?.id === 'string' ? `stage '${stage.id}'` : `stages[${path[1]}]`;
      const field = path.slice(2).join('.');
      return `${id}${field ? ` field '${field}'` : ''}: ${issue.message}`;
    }
    return `${path.length ? `field '${path.join('.')}'` : 'file'}: ${issue.message}`;
  });
}

/** Kahn's algorithm; returns the stages left in a cycle (empty when acyclic). */
function stagesInCycles(def: WorkflowDefinition): string[] {
  const indegree = new Map(def.stages.map((s) => [s.id, s.depends_on.length]));
  const dependents = new Map<string, string[]>();
  for (const s of def.stages) for (const d of s.depends_on) dependents.set(d, [...(dependents.get(d) ?? []), s.id]);
  const ready = def.stages.filter((s) => s.depends_on.length === 0).map((s) => s.id);
  while (ready.length) {
    const id = ready.pop()!;
    indegree.delete(id);
    for (const next of dependents.get(id) ?? []) {
      const left = indegree.get(next)! - 1;
      indegree.set(next, left);
      if (left === 0) ready.push(next);
    }
  }
  return [...indegree.keys()];
}

/** Ids of the stages `stageId` depends on, directly or transitively. */
export function ancestorsOf(def: WorkflowDefinition, stageId: string): Set<string> {
  const byId = new Map(def.stages.map((s) => [s.id, s]));
  const seen = new Set<string>();
  const visit = (id: string) => {
    for (const dep of byId.get(id)?.depends_on ?? []) {
      if (!seen.has(dep)) {
        seen.add(dep);
        visit(dep);
      }
    }
  };
  visit(stageId);
  return seen;
}

function graphProblems(def: WorkflowDefinition, file: string): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const s of def.stages) {
    if (ids.has(s.id)) problems.push(`duplicate stage '${s.id}'`);
    ids.add(s.id);
  }
  const expectedType = file.replace(/^.*[\\/]/, '').replace(/\.json$/, '');
  if (WORKFLOW_TYPES.includes(expectedType as WorkflowType) && expectedType !== def.type) {
    problems.push(`field 'type' is '${def.type}' but the file is named for '${expectedType}'`);
  }
  for (const s of def.stages) {
    for (const d of s.depends_on) {
      if (!ids.has(d)) problems.push(`stage '${s.id}' depends on unknown stage '${d}'`);
      if (d === s.id) problems.push(`stage '${s.id}' depends on itself`);
    }
  }
  if (problems.length) return problems;
  const cyclic = stagesInCycles(def);
  if (cyclic.length) problems.push(`dependency cycle among stages ${cyclic.map((c) => `'${c}'`).join(', ')}`);
  if (problems.length) return problems;
  for (const s of def.stages) {
    if (!s.loop) continue;
    if (!ids.has(s.loop.back_to)) problems.push(`stage '${s.id}' loops back to unknown stage '${s.loop.back_to}'`);
    else if (!ancestorsOf(def, s.id).has(s.loop.back_to)) {
      problems.push(`stage '${s.id}' loops back to '${s.loop.back_to}', which it does not depend on`);
    }
  }
  if (def.stages.filter((s) => s.loop).length > 1) problems.push('at most one stage may loop back');
  if (def.review) problems.push(...reviewProblems(def, def.review, ids));
  return problems;
}

/**
 * The review waits between stage `after` and the rest: so `after` must be followed by stages (the
 * reporter renders what the reviewer decided), and a return may only go back to `after` or a stage it
 * depends on (a stage the audit has already run).
 */
function reviewProblems(def: WorkflowDefinition, review: NonNullable<WorkflowDefinition['review']>, ids: Set<string>): string[] {
  if (!ids.has(review.after)) return [`field 'review.after': unknown stage '${review.after}'`];
  const problems: string[] = [];
  if (!def.stages.some((s) => s.depends_on.includes(review.after))) problems.push(`field 'review.after': no stage follows '${review.after}', so nothing would render the reviewed result`);
  const upstream = ancestorsOf(def, review.after);
  for (const id of review.may_return_to) {
    if (!ids.has(id)) problems.push(`field 'review.may_return_to': unknown stage '${id}'`);
    else if (id !== review.after && !upstream.has(id)) problems.push(`field 'review.may_return_to': '${id}' does not run before '${review.after}'`);
  }
  return problems;
}

/** Validates a parsed workflow definition; `file` is used in error messages. */
export function parseWorkflowDefinition(raw: unknown, file: string): WorkflowDefinition {
  const parsed = WorkflowDefinition.safeParse(raw);
  if (!parsed.success) throw new WorkflowDefinitionError(file, describeZodIssues(parsed.error, raw));
  const problems = graphProblems(parsed.data, file);
  if (problems.length) throw new WorkflowDefinitionError(file, problems);
  return parsed.data;
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new WorkflowDefinitionError(file, [`cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`]);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new WorkflowDefinitionError(file, [`is not valid JSON (${(e as Error).message})`]);
  }
}

/** Reads and validates a workflow definition file (tooling and tests; Lambdas use the bundled registry). */
export function loadWorkflowFile(file: string): WorkflowDefinition {
  return parseWorkflowDefinition(readJson(file), file);
}

export function loadTierFile(file: string): TierTable {
  return parseTierTable(readJson(file), file);
}

export function parseTierTable(raw: unknown, file: string): TierTable {
  const parsed = TierTable.safeParse(raw);
  if (!parsed.success) throw new WorkflowDefinitionError(file, describeZodIssues(parsed.error, raw));
  return parsed.data;
}
