/**
 * Puts the gatekeeper's findings together: one trigger per provision (the most serious reading wins,
 * evidence and sources are pooled), the required fixes in order of severity, and the stage status.
 */
import type { ComplianceIssue, ConsistencyFinding, RefusalTrigger, Severity } from '../../../contracts/findings';
import type { Evidence } from '../../../contracts/intakeOutput';
import { bySeverity, SEVERITY_ORDER } from './severityRules';

const MAX_TRIGGER_EVIDENCE = 6;

function evidenceKey(e: Evidence): string {
  return `${e.docId}\u0000${e.page ?? ''}\u0000${e.quote}`;
}

/** One trigger per provision, most serious first (then by provision). */
export function mergeTriggers(triggers: readonly RefusalTrigger[]): RefusalTrigger[] {
  const byProvision = new Map<string, RefusalTrigger[]>();
  for (const t of triggers) byProvision.set(t.provision, [...(byProvision.get(t.provision) ?? []), t]);
  const merged = [...byProvision.values()].map((group) => {
    const sorted = [...group].sort(bySeverity);
    const seen = new Set<string>();
    const evidence: Evidence[] = [];
    for (const e of sorted.flatMap((t) => t.evidence)) {
      if (seen.has(evidenceKey(e))) continue;
      seen.add(evidenceKey(e));
      evidence.push(e);
    }
    return {
      ...sorted[0],
      evidence: evidence.slice(0, MAX_TRIGGER_EVIDENCE),
      source: [...new Set(sorted.map((t) => t.source))].join(', '),
    };
  });
  return merged.sort((a, b) => bySeverity(a, b) || a.provision.localeCompare(b.provision));
}

/** Plain actions, most serious first, each once. */
export function requiredFixes(fixes: ReadonlyArray<{ severity: Severity; fix: string }>): string[] {
  const ordered = [...fixes].sort(bySeverity);
  return [...new Set(ordered.map((f) => f.fix.trim()))];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function bySeverityCount(items: ReadonlyArray<{ severity: Severity }>): string {
  return SEVERITY_ORDER.map((s) => [s, items.filter((i) => i.severity === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${s}`)
    .join(', ');
}

export interface StatusCounts {
  refusalTriggers: readonly RefusalTrigger[];
  consistencyFindings: readonly ConsistencyFinding[];
  complianceIssues: readonly ComplianceIssue[];
  outcomePromises: number;
  requiredMissing: number;
  problemDocuments: number;
  injectionAttempts: number;
}

/** `ok` for a clean file, else `ok:` and a count of each kind of finding (severities for triggers). */
export function gatekeeperStatus(c: StatusCounts): string {
  const notes: string[] = [];
  if (c.refusalTriggers.length) notes.push(`${plural(c.refusalTriggers.length, 'refusal trigger')} (${bySeverityCount(c.refusalTriggers)})`);
  if (c.consistencyFindings.length) notes.push(plural(c.consistencyFindings.length, 'consistency finding'));
  if (c.complianceIssues.length) notes.push(plural(c.complianceIssues.length, 'compliance issue'));
  if (c.outcomePromises) notes.push(plural(c.outcomePromises, 'outcome promise'));
  if (c.requiredMissing || c.problemDocuments) notes.push(`${c.requiredMissing} required missing, ${c.problemDocuments} problem`);
  if (c.injectionAttempts) notes.push(plural(c.injectionAttempts, 'prompt-injection attempt'));
  return notes.length ? `ok:${notes.join(', ')}` : 'ok';
}
