import type * as z from 'zod';
import { getWorkflow } from '../../../workflows/registry';
// Static import so a bundler ships the tables inside the Lambda.
import bundledTables from './decisionTables.json';
import { DecisionTables, JUDGED_WORKFLOWS } from './decisionTableSchema';
import { DeterministicError } from '../../core/errors/deterministicError';

export const DECISION_TABLES_FILE = 'lambdas/agents/judge/decisionTables.json';

/** A decision-table file that is not valid. The message names the file, the table and the row. */
export class DecisionTableError extends DeterministicError {
  override readonly name = 'DecisionTableError';
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file}: ${problems.join('; ')}`);
  }
}

interface RawRows {
  tables?: Record<string, { rows?: Array<{ id?: unknown }> } | undefined>;
}

/** Turns a zod issue path into words: `table 'final-review' row 'fr-approve' (rows[6]) field 'when.score'`. */
function where(path: ReadonlyArray<PropertyKey>, raw: unknown): string {
  const parts = path.map(String);
  if (parts[0] !== 'tables' || parts.length < 2) return parts.length ? `field '${parts.join('.')}'` : 'file';
  const table = parts[1];
  let text = `table '${table}'`;
  let rest = parts.slice(2);
  if (rest[0] === 'rows' && rest.length > 1) {
    const index = Number(rest[1]);
    const id = (raw as RawRows).tables?.[table]?.rows?.[index]?.id;
    text += typeof id === 'string' ? ` row '${id}' (rows[${index}])` : ` rows[${index}]`;
    rest = rest.slice(2);
  }
  return rest.length ? `${text} field '${rest.join('.')}'` : text;
}

function describeIssues(error: z.ZodError, raw: unknown): string[] {
  return error.issues.map((issue) => `${where(issue.path, raw)}: ${issue.message}`);
}

/** Each table's outcomes must be exactly the outcomes its workflow definition declares. */
function outcomeProblems(tables: DecisionTables): string[] {
  const problems: string[] = [];
  for (const workflow of JUDGED_WORKFLOWS) {
    const declared = [...getWorkflow(workflow).outcomes].sort();
    const inTable = Object.keys(tables.tables[workflow].outcomes).sort();
    if (declared.join('|') !== inTable.join('|')) {
      problems.push(`table '${workflow}': outcomes ${inTable.join(', ') || '(none)'} differ from the workflow definition's ${declared.join(', ') || '(none)'}`);
    }
  }
  return problems;
}

/** Validates parsed decision tables; `file` names the source in error messages. */
export function parseDecisionTables(raw: unknown, file: string = DECISION_TABLES_FILE): DecisionTables {
  const parsed = DecisionTables.safeParse(raw);
  if (!parsed.success) throw new DecisionTableError(file, describeIssues(parsed.error, raw));
  const problems = outcomeProblems(parsed.data);
  if (problems.length) throw new DecisionTableError(file, problems);
  return parsed.data;
}

let validated: DecisionTables | undefined;

/** The bundled decision tables, validated once per process. */
export function getDecisionTables(): DecisionTables {
  validated ??= parseDecisionTables(bundledTables);
  return validated;
}
