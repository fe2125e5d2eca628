import bundled from '../../../lambdas/agents/judge/decisionTables.json';
import { DecisionInvariantViolation, evaluateTable, InvalidDecisionInputs, NoDecisionRowMatched, decide } from '../../../lambdas/agents/judge/decide';
import { DecisionTable, JUDGED_WORKFLOWS } from '../../../lambdas/agents/judge/decisionTableSchema';
import { DecisionTableError, getDecisionTables, parseDecisionTables } from '../../../lambdas/agents/judge/loadDecisionTables';
import { inputs } from './judgeFixtures';

interface RawRow {
  id: string;
  when: Record<string, unknown>;
  outcome: string;
  rationale: string;
  [extra: string]: unknown;
}
interface RawTable {
  kind: string;
  outcomes: Record<string, { meaning: string; goAhead: boolean }>;
  cautiousOutcome: string;
  complianceIssuesBlockGoAhead?: boolean;
  rows: RawRow[];
}
interface RawFile {
  tables: Record<string, RawTable>;
}

/** A fresh copy of the bundled file to break in one place. */
const copy = (): RawFile => structuredClone(bundled) as unknown as RawFile;
const row = (file: RawFile, table: string, id: string): RawRow => {
  const found = file.tables[table].rows.find((r) => r.id === id);
  if (!found) throw new Error(`test setup: no row ${id}`);
  return found;
};

/** The problems the loader reports for `file`, or [] when it accepts it. */
function problemsOf(file: RawFile): string[] {
  try {
    parseDecisionTables(file, 'decisionTables.json');
    return [];
  } catch (e) {
    if (!(e instanceof DecisionTableError)) throw e;
    expect(e.message.startsWith('decisionTables.json: ')).toBe(true);
    return e.problems;
  }
}

describe('decision table file: the bundled tables', () => {
  it('are valid and cover the four judged workflows', () => {
    const tables = getDecisionTables();
    expect(Object.keys(tables.tables).sort()).toEqual([...JUDGED_WORKFLOWS].sort());
    expect(problemsOf(copy())).toEqual([]);
  });

  it('are validated once per process', () => {
    expect(getDecisionTables()).toBe(getDecisionTables());
  });
});

describe('decision table schema: go-ahead rows', () => {
  it('rejects a GO row with no verification condition, naming the table and the row', () => {
    const file = copy();
    delete row(file, 'initial-assessment', 'ia-go').when.verification;
    expect(problemsOf(file)).toEqual([
      "table 'initial-assessment' row 'ia-go' (rows[11]) field 'when': gives the go-ahead 'GO' but it has no 'verification' condition, so it could apply when verification is INCOMPLETE",
    ]);
  });

  it('rejects an APPROVE row whose verification condition admits INCOMPLETE', () => {
    const file = copy();
    row(file, 'final-review', 'fr-approve').when.verification = ['PASS', 'INCOMPLETE'];
    expect(problemsOf(file).join('\n')).toMatch(/table 'final-review' row 'fr-approve' .*admits INCOMPLETE/);
  });

  it('rejects a PROCEED row that does not require zero critical triggers', () => {
    const file = copy();
    row(file, 'risk-audit', 'risk-proceed').when.critical = { max: 1 };
    expect(problemsOf(file).join('\n')).toMatch(/row 'risk-proceed' .*must require no critical trigger/);
    delete row(file, 'risk-audit', 'risk-proceed').when.critical;
    expect(problemsOf(file).join('\n')).toMatch(/row 'risk-proceed' .*must require no critical trigger/);
  });

  it.each([
    ['risk-audit', 'risk-proceed', 'PROCEED'],
    ['initial-assessment', 'ia-go', 'GO'],
    ['final-review', 'fr-approve', 'APPROVE'],
  ])('rejects a %s go-ahead row (%s) that admits a blocking compliance issue', (table, id, outcome) => {
    const file = copy();
    row(file, table, id).when.blockingCompliance = { max: 1 };
    const message = new RegExp(`row '${id}' .*gives the go-ahead '${outcome}' but it must require no blocking compliance issue`);
    expect(problemsOf(file).join('\n')).toMatch(message);
    delete row(file, table, id).when.blockingCompliance;
    expect(problemsOf(file).join('\n')).toMatch(message);
  });

  it('lets the APPEAL row ignore compliance issues, because refusal-analysis says they do not block its go-ahead', () => {
    const file = copy();
    expect(file.tables['refusal-analysis'].complianceIssuesBlockGoAhead).toBe(false);
    expect(row(file, 'refusal-analysis', 'ra-strong-review-grounds').when).not.toHaveProperty('blockingCompliance');
    expect(problemsOf(file)).toEqual([]);
  });

  it('makes compliance issues block the go-ahead when a table does not say (the safe default)', () => {
    const file = copy();
    delete file.tables['refusal-analysis'].complianceIssuesBlockGoAhead;
    expect(problemsOf(file).join('\n')).toMatch(/row 'ra-strong-review-grounds' .*must require no blocking compliance issue/);
    for (const id of ['ra-strong-review-grounds', 'ra-strong-grounds', 'ra-misrepresentation-arguable-grounds', 'ra-serious-finding-arguable-grounds', 'ra-arguable-grounds']) row(file, 'refusal-analysis', id).when.blockingCompliance = { max: 0 };
    expect(problemsOf(file)).toEqual([]);
  });

  it('rejects an APPEAL row a missing score could reach', () => {
    const file = copy();
    row(file, 'refusal-analysis', 'ra-strong-review-grounds').when.score = { min: 0 };
    expect(problemsOf(file).join('\n')).toMatch(/row 'ra-strong-review-grounds' .*score of at least 1/);
  });

  it('rejects a catch-all that gives a go-ahead', () => {
    const file = copy();
    row(file, 'initial-assessment', 'ia-default').outcome = 'GO';
    const problems = problemsOf(file).join('\n');
    expect(problems).toMatch(/row 'ia-default' .*gives the go-ahead 'GO'/);
    expect(problems).toMatch(/row 'ia-default' .*must give the cautious outcome 'CAUTION'/);
  });

  it('rejects a go-ahead as the cautious outcome', () => {
    const file = copy();
    file.tables['final-review'].cautiousOutcome = 'APPROVE';
    expect(problemsOf(file).join('\n')).toMatch(/table 'final-review' field 'cautiousOutcome': 'APPROVE' is a go-ahead/);
  });
});

describe('decision table schema: order and catch-all', () => {
  it('rejects a table whose last row is not the catch-all', () => {
    const file = copy();
    file.tables['risk-audit'].rows.pop();
    expect(problemsOf(file)).toEqual([expect.stringMatching(/table 'risk-audit' row 'risk-proceed' \(rows\[11\]\) field 'when': the last row must be the catch-all/)]);
  });

  it('rejects a catch-all before the last row, because it hides the rows below it', () => {
    const file = copy();
    row(file, 'refusal-analysis', 'ra-low-confidence').when = {};
    expect(problemsOf(file).join('\n')).toMatch(/row 'ra-low-confidence' .*only the last row may be the catch-all/);
  });
});

describe('decision table schema: rows', () => {
  it.each([
    ['an outcome the table does not have', (f: RawFile) => (row(f, 'risk-audit', 'risk-low-score').outcome = 'MAYBE'), /row 'risk-low-score' \(rows\[\d+\]\) field 'outcome': 'MAYBE' is not one of the table's outcomes/],
    ['a duplicate id in one table', (f: RawFile) => (row(f, 'final-review', 'fr-high-trigger').id = 'fr-critical-trigger'), /duplicate row id 'fr-critical-trigger'/],
    ['an id used in another table', (f: RawFile) => (row(f, 'final-review', 'fr-high-trigger').id = 'ia-high-trigger'), /row id 'ia-high-trigger' is already used in table 'initial-assessment'/],
    ['an unknown placeholder', (f: RawFile) => (row(f, 'risk-audit', 'risk-low-score').rationale = 'Score {scor} is low.'), /row 'risk-low-score' \(rows\[\d+\]\) field 'rationale': unknown placeholder \{scor\}/],
    ['a promise of approval', (f: RawFile) => (row(f, 'final-review', 'fr-approve').rationale = 'The application will be approved.'), /row 'fr-approve' \(rows\[\d+\]\) field 'rationale': the rationale promises a result \("will be approved"\)/],
    ['a guarantee', (f: RawFile) => (row(f, 'initial-assessment', 'ia-go').rationale = 'Success is guaranteed with this score.'), /promises a result \("guarantee"\)/],
    ['a rationale over two lines', (f: RawFile) => (row(f, 'risk-audit', 'risk-low-score').rationale = 'Low score.\nVery low.'), /must be one line/],
    ['a range with min above max', (f: RawFile) => (row(f, 'risk-audit', 'risk-moderate-score').when.score = { min: 74, max: 40 }), /row 'risk-moderate-score' \(rows\[\d+\]\) field 'when.score': min must not be greater than max/],
    ['an empty range', (f: RawFile) => (row(f, 'risk-audit', 'risk-high-trigger').when.high = {}), /row 'risk-high-trigger' \(rows\[\d+\]\) field 'when.high': a range needs min, max or both/],
    ['a negative compliance count', (f: RawFile) => (row(f, 'final-review', 'fr-blocking-compliance').when.blockingCompliance = { min: -1 }), /row 'fr-blocking-compliance' \(rows\[\d+\]\) field 'when.blockingCompliance.min'/],
    ['a compliance flag that is not true or false', (f: RawFile) => ((f.tables['final-review'] as unknown as Record<string, unknown>).complianceIssuesBlockGoAhead = 'yes'), /table 'final-review' field 'complianceIssuesBlockGoAhead'/],
    ['a score above 100', (f: RawFile) => (row(f, 'risk-audit', 'risk-moderate-score').when.score = { min: 40, max: 101 }), /row 'risk-moderate-score' \(rows\[\d+\]\) field 'when.score.max'/],
    ['both score and scoreMissing', (f: RawFile) => (row(f, 'refusal-analysis', 'ra-no-score').when.score = { max: 10 }), /row 'ra-no-score' \(rows\[\d+\]\) field 'when.scoreMissing': use either 'score' or 'scoreMissing'/],
    ['an unknown condition', (f: RawFile) => (row(f, 'risk-audit', 'risk-low-score').when.medium = { min: 1 }), /row 'risk-low-score' \(rows\[\d+\]\) field 'when': Unrecognized key: "medium"/],
    ['an unknown verification state', (f: RawFile) => (row(f, 'risk-audit', 'risk-verification-incomplete').when.verification = ['FAILED']), /row 'risk-verification-incomplete' \(rows\[\d+\]\) field 'when.verification.0'/],
  ])('rejects %s, naming the row', (_what, breakIt, message) => {
    const file = copy();
    breakIt(file);
    expect(problemsOf(file).join('\n')).toMatch(message);
  });
});

describe('decision table loader: agreement with the workflows', () => {
  it('rejects a table whose kind does not match its workflow', () => {
    const file = copy();
    file.tables['risk-audit'].kind = 'verdict';
    expect(problemsOf(file)).toEqual(["table 'risk-audit' field 'kind': must be 'decision' for risk-audit"]);
  });

  it('rejects a table whose outcomes differ from the workflow definition', () => {
    const file = copy();
    const table = file.tables['risk-audit'];
    table.outcomes['HIGH'] = table.outcomes['HIGH-RISK'];
    delete table.outcomes['HIGH-RISK'];
    for (const r of table.rows) if (r.outcome === 'HIGH-RISK') r.outcome = 'HIGH';
    expect(problemsOf(file)).toEqual(["table 'risk-audit': outcomes HIGH, PROCEED, REVISE differ from the workflow definition's HIGH-RISK, PROCEED, REVISE"]);
  });

  it('rejects a file with a table missing', () => {
    const file = copy();
    delete file.tables['refusal-analysis'];
    expect(problemsOf(file).join('\n')).toMatch(/table 'refusal-analysis'/);
  });
});

describe('evaluator guard (a table built in code, bypassing the schema)', () => {
  const unsafe: DecisionTable = {
    kind: 'verdict',
    description: 'a table that gives GO on score alone',
    outcomes: { GO: { meaning: 'go', goAhead: true, adverse: false }, CAUTION: { meaning: 'careful', goAhead: false, adverse: false } },
    cautiousOutcome: 'CAUTION',
    complianceIssuesBlockGoAhead: true,
    verificationBlocksGoAhead: true,
    rows: [
      { id: 'unsafe-go', when: { confidence: ['high', 'medium', 'low'] }, outcome: 'GO', rationale: 'Score {score}.' },
      { id: 'unsafe-default', when: {}, outcome: 'CAUTION', rationale: 'Default.' },
    ],
  };

  it('is a table the schema itself rejects', () => {
    const parsed = DecisionTable.safeParse(unsafe);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message).join('\n')).toMatch(/could apply when verification is INCOMPLETE/);
  });

  it('refuses to give GO under INCOMPLETE verification, naming the row', () => {
    expect(() => evaluateTable(unsafe, inputs({ verification: 'INCOMPLETE' }))).toThrow(DecisionInvariantViolation);
    expect(() => evaluateTable(unsafe, inputs({ verification: 'INCOMPLETE' }))).toThrow("row 'unsafe-go' would give the go-ahead 'GO' although verification is INCOMPLETE");
  });

  it('refuses to give GO with a critical trigger or without a score', () => {
    expect(() => evaluateTable(unsafe, inputs({ criticalTriggers: 1 }))).toThrow(/although 1 critical trigger\(s\) were found/);
    expect(() => evaluateTable(unsafe, inputs({ defensibilityScore: null }))).toThrow(/although the defensibility score is missing/);
  });

  it('refuses to give GO with a blocking compliance issue when the table says they block the go-ahead', () => {
    expect(() => evaluateTable(unsafe, inputs({ blockingComplianceIssues: 1 }))).toThrow("row 'unsafe-go' would give the go-ahead 'GO' although 1 blocking compliance issue(s) were found");
    expect(evaluateTable({ ...unsafe, complianceIssuesBlockGoAhead: false }, inputs({ blockingComplianceIssues: 1 })).outcome).toBe('GO');
  });

  it('lets the go-ahead through when nothing forbids it', () => {
    expect(evaluateTable(unsafe, inputs())).toEqual({ outcome: 'GO', rule: 'unsafe-go', rationale: 'Score 90.', final: true });
  });

  it('reports a table with no catch-all that no row matches', () => {
    const partial: DecisionTable = { ...unsafe, rows: [{ id: 'only-low', when: { confidence: ['low'] }, outcome: 'CAUTION', rationale: 'Low.' }] };
    expect(() => evaluateTable(partial, inputs())).toThrow(NoDecisionRowMatched);
  });
});

describe('evaluator inputs', () => {
  it.each([
    ['a score above 100', { defensibilityScore: 101 }],
    ['a fractional score', { defensibilityScore: 50.5 }],
    ['a negative trigger count', { highTriggers: -1 }],
    ['a negative compliance issue count', { blockingComplianceIssues: -1 }],
    ['a fractional compliance issue count', { blockingComplianceIssues: 0.5 }],
  ])('rejects %s', (_what, overrides) => {
    expect(() => decide('final-review', inputs(overrides))).toThrow(InvalidDecisionInputs);
  });
});
