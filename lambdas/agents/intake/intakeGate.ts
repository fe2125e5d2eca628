import { IntakeOutput } from '../../contracts/intakeOutput';
import type { GateCheck } from '../../core/gates/gateCheck';
import { capped, gateError, isRecord, schemaIssues } from '../../core/gates/gateIssues';
import type { GateIssue } from '../../core/gates/gateSchema';
import { CaseDocuments } from '../../core/gates/checks/caseDocuments';
import { checkEvidence, collectEvidence } from '../../core/gates/checks/evidenceChecks';

function documentIdIssues(output: Record<string, unknown>): GateIssue[] {
  const issues: GateIssue[] = [];
  const ids = Array.isArray(output.documents) ? output.documents.map((d) => (isRecord(d) ? d.docId : undefined)).filter((id): id is string => typeof id === 'string') : [];
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) issues.push(gateError('intake.duplicate-document-id', 'two documents share one docId, so evidence cannot say which one it quotes', 'give every document a distinct docId', [`document ${id}`]));
    seen.add(id);
  }
  const extracted = isRecord(output.extractedText) ? Object.keys(output.extractedText) : [];
  for (const id of extracted) {
    if (!seen.has(id)) issues.push(gateError('intake.extracted-text-unknown-document', 'extracted text is stored for a document that is not in the document list', 'list every document whose text was extracted, or drop its text', [`extractedText.${id}`]));
  }
  return capped(issues);
}

/**
 * Intake: the output matches its contract, document ids are consistent, and every profile fact's
 * quote is verbatim in the extracted text of its document, on a page the document has.
 */
export const intakeGate: GateCheck = {
  agent: 'intake',
  async check({ output, blobs }) {
    const issues = schemaIssues(IntakeOutput, output, 'intake.schema', 'IntakeOutput');
    if (!isRecord(output)) return issues;
    issues.push(...documentIdIssues(output));
    const docs = new CaseDocuments(blobs, output);
    issues.push(...(await checkEvidence(collectEvidence(output.profile).map((e) => ({ ...e, path: `profile.${e.path}` })), docs, 'intake')));
    return issues;
  },
};
