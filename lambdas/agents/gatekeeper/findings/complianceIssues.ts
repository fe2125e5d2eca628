/**
 * Compliance issues that are not inconsistencies: required documents missing from the checklist,
 * documents that cannot be read, documents carrying hidden or machine-addressed text, a passport that
 * has expired or expires before the intended stay ends.
 */
import type { ComplianceIssue } from '../../../contracts/findings';
import type { PassportValidityIssue } from '../consistency/passportValidity';
import type { DocumentChecklist } from '../../../core/checklists/documentChecklist';
import type { InjectionAttempt } from '../../../contracts/injectionAttempt';
import { fillFix, type SeverityRules } from './severityRules';

/** One issue per required item that is missing, and one per item whose only documents cannot be read. */
export function checklistIssues(checklist: DocumentChecklist, rules: SeverityRules): ComplianceIssue[] {
  const missing = rules.compliance['missing-required-document'];
  const unreadable = rules.compliance['unreadable-document'];
  return [
    ...checklist.missing
      .filter((m) => m.required)
      .map((m) => ({
        code: 'missing-required-document',
        severity: missing.severity,
        message: `Required document missing: ${m.label} (${m.reason.replace(/^required: /, '')}).`,
        requiredFix: fillFix(missing.fix, { label: m.label }),
        documents: [],
      })),
    ...checklist.problem.flatMap((p) =>
      (p.documents.length ? p.documents : [p.label]).map((document) => ({
        code: 'unreadable-document',
        severity: unreadable.severity,
        message: `${document} cannot be read: ${p.reason}.`,
        requiredFix: fillFix(unreadable.fix, { document, reason: p.reason }),
        documents: [document],
      })),
    ),
  ];
}

/** One issue per document in which text addressed to a language model or hidden from a reader was found. */
export function injectionIssues(attempts: readonly InjectionAttempt[], rules: SeverityRules): ComplianceIssue[] {
  const row = rules.compliance['hidden-or-injected-text'];
  const byDocument = new Map<string, InjectionAttempt[]>();
  for (const a of attempts) byDocument.set(a.document, [...(byDocument.get(a.document) ?? []), a]);
  return [...byDocument].map(([document, found]) => {
    const hidden = found.filter((a) => a.category === 'hidden-text' || a.category === 'control-characters').length;
    const addressed = found.length - hidden;
    const parts = [
      ...(hidden ? [`${hidden} passage${hidden === 1 ? '' : 's'} hidden from a reader`] : []),
      ...(addressed ? [`${addressed} passage${addressed === 1 ? '' : 's'} addressed to an AI system`] : []),
    ];
    return {
      code: 'hidden-or-injected-text',
      severity: row.severity,
      message: `${document} contains ${parts.join(' and ')}; Case Audit left this text out of its analysis.`,
      requiredFix: fillFix(row.fix, { document }),
      documents: [document],
    };
  });
}

/** The passport validity finding, rated by the rule table (no refusal trigger: no provision is claimed). */
export function passportIssues(found: PassportValidityIssue | undefined, rules: SeverityRules): ComplianceIssue[] {
  if (!found) return [];
  const row = rules.compliance[found.code];
  return [{ code: found.code, severity: row.severity, message: found.summary, requiredFix: row.fix, documents: found.documents }];
}
