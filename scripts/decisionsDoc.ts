/** `npm run docs:decisions`: rewrites the tables of docs/decisions.md from decisionTables.json. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { regenerateDecisionsDoc } from '../lambdas/agents/judge/decisionsDoc';
import { getDecisionTables } from '../lambdas/agents/judge/loadDecisionTables';

const file = join(__dirname, '..', 'docs', 'decisions.md');
const before = readFileSync(file, 'utf8');
const after = regenerateDecisionsDoc(before, getDecisionTables().tables);
if (after === before) console.log('docs/decisions.md is up to date');
else {
  writeFileSync(file, after);
  console.log('docs/decisions.md: tables regenerated from lambdas/agents/judge/decisionTables.json');
}
