/**
 * Validates the bundled research index: `npx tsx data/checkIndex.ts [dir]`.
 * Exits 1 and lists every problem (schema, duplicate ids or citations, unresolved supersededBy or
 * provision ids, non-canonical provision ids, bad law without a replacement) when there is one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateResearchData, type IndexValidation } from '../lambdas/core/caselaw/indexChecks';

function readJson(path: string): { value?: unknown; problem?: string } {
  try {
    return { value: JSON.parse(readFileSync(path, 'utf8')) as unknown };
  } catch (error) {
    return { problem: `${path}: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Reads and validates `cases.json` and `provisions.json` under `dir`. */
export function checkIndexFiles(dir: string): IndexValidation {
  const cases = readJson(join(dir, 'cases.json'));
  const provisions = readJson(join(dir, 'provisions.json'));
  const unreadable = [cases.problem, provisions.problem].filter((p): p is string => p !== undefined);
  if (unreadable.length > 0) return { ok: false, problems: unreadable };
  return validateResearchData({ cases: cases.value, provisions: provisions.value });
}

if (require.main === module) {
  const dir = process.argv[2] ?? __dirname;
  const result = checkIndexFiles(dir);
  if (!result.ok) {
    console.error(`Research index check failed in ${dir}: ${result.problems.length} problem(s)`);
    for (const problem of result.problems) console.error(`- ${problem}`);
    process.exit(1);
  }
  console.log(`Research index OK: ${result.cases.length} decisions, ${result.provisions.length} provisions`);
}
