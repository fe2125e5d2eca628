/**
 * docs/decisions.md with its tables regenerated from decisionTables.json: the text between each
 * table's markers is replaced by the table in words; the hand-written prose around them is kept.
 * `npm run docs:decisions` writes it; test/unit/judge/decisionsDoc.test.ts fails while it is stale.
 */
import { describeDecisionTable, docMarkers } from './describeDecisionTable';
import { JUDGED_WORKFLOWS } from './decisionTableSchema';
import type { getDecisionTables } from './loadDecisionTables';

export class MarkersMissing extends Error {
  constructor(readonly workflow: string) {
    super(`docs/decisions.md has no markers for the ${workflow} table: add ${docMarkers(workflow as never).start} and its end marker where the table belongs`);
    this.name = 'MarkersMissing';
  }
}

/** The document with every table's block regenerated. */
export function regenerateDecisionsDoc(doc: string, tables: ReturnType<typeof getDecisionTables>['tables']): string {
  let out = doc;
  for (const workflow of JUDGED_WORKFLOWS) {
    const { start, end } = docMarkers(workflow);
    const from = out.indexOf(start);
    const to = out.indexOf(end);
    if (from < 0 || to < from) throw new MarkersMissing(workflow);
    out = `${out.slice(0, from + start.length)}\n${describeDecisionTable(workflow, tables[workflow])}\n${out.slice(to)}`;
  }
  return out;
}
