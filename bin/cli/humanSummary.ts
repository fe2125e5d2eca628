import type { AuditSummary } from '../../lambdas/core/audit/auditSummary';

/** The plain-text result shown without --json. */
export function humanSummary(s: AuditSummary): string {
  const lines = [
    `Audit ${s.auditId} — ${s.workflowType}, tier ${s.tier}: ${s.status}`,
    `Case ${s.caseId}${s.applicationType ? ` · application type: ${s.applicationType}` : ''}`,
  ];
  if (s.documents.length) {
    const unreadable = s.documents.filter((d) => d.status !== 'ok');
    lines.push(`Documents: ${s.documents.length} (${unreadable.length} with a problem)`);
    for (const d of unreadable) lines.push(`  ! ${d.name}: ${d.status} — ${d.statusDetail}`);
  }
  if (s.checklist) {
    const c = s.checklist;
    lines.push(`Checklist: ${c.present.length} present, ${c.missing.length} missing, ${c.problem.length} problem`);
    for (const m of c.missing) lines.push(`  - missing (${m.required ? 'required' : 'recommended'}): ${m.label}`);
    for (const p of c.problem) lines.push(`  - problem: ${p.label} — ${p.reason}`);
  }
  if (s.verification.status !== 'NOT_RUN') {
    lines.push(`Verification: ${s.verification.status}${s.verification.failedCitations.length ? ` — ${s.verification.failedCitations.length} citation(s) need manual review` : ''}`);
    for (const f of s.verification.failedCitations) lines.push(`  ! ${f.citation}: ${f.issue} (${f.attempts} attempt${f.attempts === 1 ? '' : 's'}) — ${f.detail}`);
  }
  if (s.error) lines.push(`Failed at ${s.error.stage ?? 'start'}: ${s.error.error}: ${s.error.message}`);
  if (s.reports.markdown) lines.push(`Report: ${s.reports.markdown}`);
  if (s.reports.bundle) lines.push(`Bundle: ${s.reports.bundle}`);
  return `${lines.join('\n')}\n`;
}
