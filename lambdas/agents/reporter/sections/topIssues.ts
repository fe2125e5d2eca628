/**
 * The issues page one lists, in the order a lawyer acts on them: statutory bars first (they decide the
 * outcome on their own), then refusal triggers and compliance issues by severity, then the rubric's
 * adverse factors. Each carries where its evidence is and what fixes it. Presentation only: the stages
 * found and ranked these; the reporter picks the most serious and pairs each with its fix.
 */
import type { Severity } from '../../../contracts/findings';
import { bySeverity } from '../../../contracts/findings';
import type { Evidence } from '../../../contracts/intakeOutput';
import type { ReportModel } from '../reportModel';
import { evidenceSources } from './evidenceSource';
import { requiredFixes } from './storedFindings';

export interface TopIssue {
  /** What is wrong, in a line (a provision's title, a trigger's first sentence, a compliance message). */
  title: string;
  provision?: string;
  severity: Severity;
  /** Where the evidence is: "document, p. n" (raw text; callers escape it). */
  where: string;
  /** What to do about it. */
  fix: string;
}

/** Page one lists this many. */
export const TOP_ISSUE_COUNT = 3;

/** The first place the evidence is, so the line stays a line (the reasoning lists every place). */
const whereOf = (evidence: readonly Evidence[]): string => evidenceSources(evidence.slice(0, 1)) || 'no quote: the finding records an absence';

/** The first sentence of a finding (the rest is in the section that states it in full). */
export function firstSentence(text: string): string {
  const m = /^(.+?[.!?])(?:\s+[A-Z0-9“"(]|$)/.exec(text.trim());
  return (m ? m[1] : text).trim();
}

/** A fix as a sentence: the stages write some as a clause with no full stop. */
export const sentence = (text: string): string => (text && !/[.!?]$/.test(text.trim()) ? `${text.trim()}.` : text.trim());

/** An evidence-plan item as an action: "A reconciliation of …" → "Obtain a reconciliation of …". */
export const obtain = (item: string): string => `Obtain ${item.charAt(0).toLowerCase()}${item.slice(1)}`;

const BAR_FIX =
  'Confirm the facts it rests on: while they stand, the bar decides the outcome whatever the rest of the file shows.';

/** The fix the strategist's evidence plan gives for a rubric factor (obtainable now first). */
function planFixFor(m: ReportModel, factorIds: readonly string[]): string | undefined {
  const plan = m.strategist?.evidencePlan;
  if (!plan) return undefined;
  const item = [...plan.live, ...plan.strategic].find((i) => i.factor !== undefined && factorIds.includes(i.factor));
  return item ? obtain(item.item) : undefined;
}

/** The rubric factor ids a trigger was raised from (`rubric:immigration-history` → `immigration-history`). */
const rubricSources = (source: string): string[] =>
  source
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.startsWith('rubric:'))
    .map((s) => s.slice('rubric:'.length));

/**
 * Every issue the stages found, most serious first, each with its fix; `TOP_ISSUE_COUNT` of them go on
 * page one. A trigger raised by the consistency checks takes the gatekeeper's fixes that no compliance
 * issue claims, in order (the gatekeeper lists fixes most serious first, as it lists triggers).
 */
export function rankedIssues(m: ReportModel): TopIssue[] {
  const issues: Array<TopIssue & { rank: number }> = [];
  const legal = m.gatekeeper?.legal;
  for (const f of legal?.findings ?? []) {
    if (!f.decisive) continue;
    issues.push({
      rank: 0,
      title: f.title,
      provision: f.provision,
      severity: f.severity,
      where: whereOf(f.facts),
      fix: f.status === 'check' && f.check ? f.check : BAR_FIX,
    });
  }
  const g = m.gatekeeper;
  const complianceFixes = new Set((g?.complianceIssues ?? []).map((c) => c.requiredFix.trim()));
  const unclaimed = g ? requiredFixes(g).fixes.map((f) => f.text.trim()).filter((t) => !complianceFixes.has(t)) : [];
  const decisive = new Set(issues.map((i) => i.provision));
  for (const t of bySeverity(g?.refusalTriggers ?? [])) {
    if (decisive.has(t.provision)) continue;
    const fromConsistency = t.source.split(',').some((s) => s.trim().startsWith('consistency:'));
    const fix = (fromConsistency ? unclaimed.shift() : undefined) ?? planFixFor(m, rubricSources(t.source)) ?? `Answer the ${t.provision} ground with evidence in the submissions before filing.`;
    issues.push({ rank: 1, title: firstSentence(t.summary), provision: t.provision, severity: t.severity, where: whereOf(t.evidence), fix });
  }
  for (const c of g?.complianceIssues ?? []) {
    issues.push({ rank: 1, title: c.message, severity: c.severity, where: c.documents.join(', ') || 'missing from the file', fix: c.requiredFix });
  }
  const order = (i: TopIssue & { rank: number }) => i.rank * 10 + ['critical', 'high', 'medium', 'low'].indexOf(i.severity);
  return issues
    .map((issue, index) => ({ issue, index }))
    .sort((a, b) => order(a.issue) - order(b.issue) || a.index - b.index)
    .map(({ issue: { rank: _rank, ...issue } }) => ({ ...issue, fix: sentence(issue.fix) }));
}

export function topIssues(m: ReportModel): TopIssue[] {
  return rankedIssues(m).slice(0, TOP_ISSUE_COUNT);
}
