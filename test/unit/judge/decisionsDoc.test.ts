import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { conditionWords, describeDecisionTable, docMarkers } from '../../../lambdas/agents/judge/describeDecisionTable';
import { JUDGED_WORKFLOWS } from '../../../lambdas/agents/judge/decisionTableSchema';
import { getDecisionTables } from '../../../lambdas/agents/judge/loadDecisionTables';
import { regenerateDecisionsDoc } from '../../../lambdas/agents/judge/decisionsDoc';

const DOC = join(__dirname, '../../../docs/decisions.md');
const doc = readFileSync(DOC, 'utf8');
const tables = getDecisionTables().tables;

describe('docs/decisions.md', () => {
  it('mentions every row id of every decision table', () => {
    const ids = JUDGED_WORKFLOWS.flatMap((w) => tables[w].rows.map((r) => r.id));
    expect(ids.filter((id) => !doc.includes(`\`${id}\``))).toEqual([]);
  });

  it('mentions every outcome of every table', () => {
    const outcomes = JUDGED_WORKFLOWS.flatMap((w) => Object.keys(tables[w].outcomes));
    expect(outcomes.filter((o) => !doc.includes(`**${o}**`))).toEqual([]);
  });

  it.each(JUDGED_WORKFLOWS)('shows the %s table exactly as the data file has it', (workflow) => {
    const { start, end } = docMarkers(workflow);
    const from = doc.indexOf(start);
    const to = doc.indexOf(end);
    const expected = describeDecisionTable(workflow, tables[workflow]);
    const actual = from >= 0 && to > from ? doc.slice(from + start.length, to).trim() : undefined;
    if (actual !== expected) {
      throw new Error(`docs/decisions.md is out of date for ${workflow}. Replace the lines between\n${start}\nand\n${end}\nwith:\n\n${expected}\n`);
    }
  });
});

describe('plain-language conditions', () => {
  it('reads ranges, lists and the catch-all in words', () => {
    expect(conditionWords({ score: { min: 40, max: 59 }, high: { min: 2 } })).toBe('score 40–59 and 2 or more high-severity triggers');
    expect(conditionWords({ critical: { max: 0 }, high: { max: 1 }, verification: ['PASS'] })).toBe('no critical trigger and at most 1 high-severity trigger and verification PASS');
    expect(conditionWords({ critical: { min: 1, max: 1 }, high: { min: 1, max: 3 } })).toBe('exactly 1 critical trigger and 1–3 high-severity triggers');
    expect(conditionWords({ blockingCompliance: { min: 1 } })).toBe('1 or more blocking compliance issues');
    expect(conditionWords({ high: { max: 0 }, blockingCompliance: { max: 0 } })).toBe('no high-severity trigger and no blocking compliance issue');
    expect(conditionWords({ blockingCompliance: { min: 1, max: 1 } })).toBe('exactly 1 blocking compliance issue');
    expect(conditionWords({ scoreMissing: true })).toBe('no score');
    expect(conditionWords({ confidence: ['high', 'medium'] })).toBe('confidence high or medium');
    expect(conditionWords({})).toBe('anything else (catch-all)');
  });
});

describe('regenerating docs/decisions.md (npm run docs:decisions)', () => {
  it('rewrites a stale table between its markers and keeps the prose around it', () => {
    const { start, end } = docMarkers('final-review');
    const stale = doc.replace(doc.slice(doc.indexOf(start) + start.length, doc.indexOf(end)), '\n| an old row |\n');
    expect(stale).not.toBe(doc);
    expect(regenerateDecisionsDoc(stale, tables)).toBe(doc);
  });

  it('refuses a document that lost a table’s markers, naming the table', () => {
    const { start } = docMarkers('refusal-analysis');
    expect(() => regenerateDecisionsDoc(doc.replace(start, ''), tables)).toThrow(/no markers for the refusal-analysis table/);
  });
});
