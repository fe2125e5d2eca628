import type { AuditSummary } from '../../lambdas/core/audit/auditSummary';
import { terminalText as t } from './terminalText';

/** The plain-text result shown without --json. Every value from the case file goes through terminalText. */
export function humanSummary(s: AuditSummary): string {
  const lines = [
    `Audit ${s.auditId} — ${s.workflowType}, tier ${s.tier}: ${s.status}`,
    `Case ${s.caseId}${s.applicationType ? ` · application type: ${s.applicationType}` : ''}`,
  ];
  if (s.review) lines.push(...reviewLines(s.auditId, s.review));
  if (s.defensibilityScore !== null) lines.push(`Defensibility Score: ${s.defensibilityScore}/100`);
  const outcome = s.decision ?? s.verdict;
  if (outcome) lines.push(`${s.decision ? 'Decision' : 'Verdict'}: ${outcome}${s.verification.status === 'INCOMPLETE' ? ' (provisional: verification incomplete)' : ''}`);
  if (s.refusalTriggers.length) {
    lines.push(`Refusal triggers: ${s.refusalTriggers.length}`);
    for (const r of s.refusalTriggers) lines.push(`  ! ${r.severity.toUpperCase()} ${r.provision}: ${t(r.summary)}`);
  }
  if (s.documents.length) {
    const unreadable = s.documents.filter((d) => d.status !== 'ok');
    lines.push(`Documents: ${s.documents.length} (${unreadable.length} with a problem)`);
    for (const d of unreadable) lines.push(`  ! ${t(d.name)}: ${d.status} — ${t(d.statusDetail)}`);
  }
  if (s.skipped.length) {
    lines.push(`Not audited: ${s.skipped.length} file(s)`);
    for (const f of s.skipped) lines.push(`  - ${t(f.name)}: ${t(f.reason)}`);
  }
  if (s.checklist) {
    const c = s.checklist;
    lines.push(`Checklist: ${c.present.length} present, ${c.missing.length} missing, ${c.problem.length} problem`);
    for (const m of c.missing) lines.push(`  - missing (${m.required ? 'required' : 'recommended'}): ${t(m.label)}`);
    for (const p of c.problem) lines.push(`  - problem: ${t(p.label)} — ${t(p.reason)}`);
  }
  if (s.injectionAttempts.length) {
    lines.push(`Prompt-injection attempts: ${s.injectionAttempts.length} (treated as document text, not instructions)`);
    for (const a of s.injectionAttempts) lines.push(`  ! ${t(a.document)}: “${t(a.excerpt)}”`);
  }
  if (s.verification.status !== 'NOT_RUN') {
    lines.push(`Verification: ${s.verification.status}${s.verification.failedCitations.length ? ` — ${s.verification.failedCitations.length} citation(s) need manual review` : ''}`);
    for (const f of s.verification.failedCitations) lines.push(`  ! ${t(f.citation)}: ${f.issue} (${f.attempts} attempt${f.attempts === 1 ? '' : 's'}) — ${t(f.detail)}`);
  }
  if (s.usage.modelCalls > 0) {
    const u = s.usage;
    lines.push(`Model usage: ${u.modelCalls} call${u.modelCalls === 1 ? '' : 's'}, ${u.inputTokens} input + ${u.outputTokens} output tokens, estimated cost $${u.estimatedCostUsd.toFixed(4)}`);
  }
  if (s.error) lines.push(`Failed at ${s.error.stage ?? 'start'}: ${s.error.error}: ${t(s.error.message)}`);
  if (s.reports.markdown) lines.push(`Report: ${t(s.reports.markdown)}`);
  if (s.reports.pdf) lines.push(`PDF: ${t(s.reports.pdf)}`);
  if (s.reports.bundle) lines.push(`Bundle: ${t(s.reports.bundle)}`);
  return `${lines.join('\n')}\n`;
}

/** Where the audit's human review stands and, while it waits, the commands that decide it. */
function reviewLines(auditId: string, r: NonNullable<AuditSummary['review']>): string[] {
  if (r.state === 'awaiting') {
    return [
      `Awaiting a lawyer's review (${t(r.reason)}; round ${r.round}), until ${r.deadline}:`,
      `  approve:  case-audit review ${auditId} --approve [--note TEXT]`,
      ...(r.round === 1 ? [`  return:   case-audit review ${auditId} --return <stage> --note TEXT`] : []),
    ];
  }
  if (r.state === 'expired') return [`Not reviewed — review period expired (${r.deadline}); the report is the draft`];
  const d = r.decision;
  return d ? [`Review: ${d.decision === 'approve' ? 'approved' : `returned to ${d.stage}`} by ${t(d.reviewer)} at ${d.at}${d.note ? ' (with a note, in the report)' : ''}`] : [];
}
