import * as z from 'zod';
import { SkippedFile } from '../../audit/documentManifest';
import { IntakeResult } from '../../documents/intakeSchema';
import type { GateCheck } from '../gateCheck';
import { capped, gateError, isRecord, schemaIssues } from '../gateIssues';
import type { GateIssue } from '../gateSchema';
import { CaseDocuments } from './caseDocuments';
import { checkEvidence, collectEvidence } from './evidenceChecks';

/** The intake stage's output: the intake result plus where each document's text was stored and what was left out. */
export const IntakeStageOutput = IntakeResult.extend({
  extractedText: z.record(z.string(), z.string().min(1)),
  skipped: z.array(SkippedFile),
});

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
    const issues = schemaIssues(IntakeStageOutput, output, 'intake.schema', 'IntakeResult');
    if (!isRecord(output)) return issues;
    issues.push(...documentIdIssues(output));
    const docs = new CaseDocuments(blobs, output);
    issues.push(...(await checkEvidence(collectEvidence(output.profile).map((e) => ({ ...e, path: `profile.${e.path}` })), docs, 'intake')));
    return issues;
  },
};
