import type { CountRange, DecisionTable, JudgedWorkflow, RowConditions, ScoreRange } from './decisionTableSchema';

/**
 * A decision table in plain words, as Markdown: its outcomes and its rows in order. docs/decisions.md
 * embeds this text between `<!-- decision-table:<workflow>:start/end -->` markers, and a test keeps
 * the two identical, so the document a lawyer reads is always the table the judge runs.
 */

function scoreWords(r: ScoreRange): string {
  if (r.min !== undefined && r.max !== undefined) return r.min === r.max ? `score ${r.min}` : `score ${r.min}–${r.max}`;
  if (r.min !== undefined) return `score ${r.min} or more`;
  return `score ${r.max} or less (a missing score counts as 0)`;
}

function countWords(r: CountRange, what: string, noun = 'trigger', plural = `${noun}s`): string {
  const words = (k: number, text: string) => `${k} ${what ? `${what} ` : ''}${text}`;
  const one = what ? `${what} ${noun}` : noun;
  const n = (k: number) => words(k, k === 1 ? noun : plural);
  if (r.min !== undefined && r.max !== undefined) {
    if (r.min === r.max) return r.min === 0 ? `no ${one}` : `exactly ${n(r.min)}`;
    return `${r.min}–${words(r.max, plural)}`;
  }
  if (r.min !== undefined) return `${r.min} or more ${what ? `${what} ` : ''}${plural}`;
  return r.max === 0 ? `no ${one}` : `at most ${n(r.max as number)}`;
}

const or = (values: readonly string[]) => (values.length === 1 ? values[0] : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`);

/** The conditions of a row, joined with "and"; "anything else" for the catch-all. */
export function conditionWords(when: RowConditions): string {
  const parts: string[] = [];
  if (when.decisive) parts.push(countWords(when.decisive, 'statutory', 'bar'));
  if (when.deadlinePassed !== undefined) parts.push(when.deadlinePassed ? 'a governing deadline has passed' : 'no governing deadline has passed');
  if (when.challengedCritical) parts.push(`the refusal rests on ${countWords(when.challengedCritical, 'critical', 'ground', 'grounds')}`);
  if (when.challengedFindings) parts.push(`the refusal rests on ${countWords(when.challengedFindings, '', 'finding about the person or the relationship', 'findings about the person or the relationship')}`);
  if (when.strongGrounds) parts.push(countWords(when.strongGrounds, 'strong', 'ground of review', 'grounds of review'));
  if (when.grounds) parts.push(countWords(when.grounds, '', 'ground of review', 'grounds of review'));
  if (when.scoreMissing !== undefined) parts.push(when.scoreMissing ? 'no score' : 'a score is present');
  if (when.score) parts.push(scoreWords(when.score));
  if (when.critical) parts.push(countWords(when.critical, 'critical'));
  if (when.high) parts.push(countWords(when.high, 'high-severity'));
  if (when.blockingCompliance) parts.push(countWords(when.blockingCompliance, 'blocking compliance', 'issue'));
  if (when.confidence) parts.push(`confidence ${or(when.confidence)}${when.confidence.includes('low') ? ' (a missing confidence counts as low)' : ''}`);
  if (when.verification) parts.push(`verification ${or(when.verification)}`);
  return parts.length ? parts.join(' and ') : 'anything else (catch-all)';
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function describeDecisionTable(workflow: JudgedWorkflow, table: DecisionTable): string {
  const lines: string[] = [];
  const compliance =
    (table.complianceIssuesBlockGoAhead ? 'a blocking compliance issue rules out the go-ahead' : 'compliance issues do not bar the go-ahead') +
    (table.verificationBlocksGoAhead ? '' : '; an unverified citation makes the go-ahead provisional instead of ruling it out');
  lines.push(`Table \`${workflow}\` (${table.kind}); cautious outcome: **${table.cautiousOutcome}**; ${compliance}.`, '');
  lines.push('| outcome | go-ahead | meaning |', '|---|---|---|');
  for (const [name, def] of Object.entries(table.outcomes)) {
    lines.push(`| **${name}** | ${def.goAhead ? 'yes' : def.adverse ? 'no (adverse: never on thin evidence)' : 'no'} | ${cell(def.meaning)} |`);
  }
  lines.push('', '| # | row | when | outcome | rationale template |', '|---|---|---|---|---|');
  table.rows.forEach((row, i) => {
    lines.push(`| ${i + 1} | \`${row.id}\` | ${cell(conditionWords(row.when))} | **${row.outcome}** | ${cell(row.rationale)} |`);
  });
  return lines.join('\n');
}

/** The marker lines around a table's generated block in docs/decisions.md. */
export function docMarkers(workflow: JudgedWorkflow): { start: string; end: string } {
  return { start: `<!-- decision-table:${workflow}:start -->`, end: `<!-- decision-table:${workflow}:end -->` };
}
