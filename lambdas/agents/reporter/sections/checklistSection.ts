import type { ChecklistEntry, DocumentChecklist } from '../../../core/checklists/documentChecklist';
import { bold, bullet, inline, md, table } from '../markdown';
import { applicationLabel } from './caseSummary';

/** Raw row values (labels, document names, reasons may all come from the file); `table()` escapes them. */
const rows = (entries: ChecklistEntry[]) =>
  entries.map((e) => [e.label, e.required ? 'required' : 'recommended', e.documents.join(', '), e.reason]);

export function checklistSection(c: DocumentChecklist): string {
  const requiredMissing = c.missing.filter((m) => m.required).length;
  return [
    '## Document checklist',
    md`Checklist for: ${bold(applicationLabel(c.applicationType, c.refusal === true))}. ${c.present.length} present, ${c.missing.length} missing (${requiredMissing} required), ${c.problem.length} with a problem.`,
    '### Missing',
    c.missing.length ? table(['Item', 'Need', 'Documents', 'Why'], rows(c.missing)) : '_Nothing missing from the checklist._',
    '### Problems',
    c.problem.length ? table(['Item', 'Need', 'Documents', 'Problem'], rows(c.problem)) : '_No problem documents._',
    '### Present',
    c.present.length ? table(['Item', 'Need', 'Documents', 'Note'], rows(c.present)) : '_None of the checklist items were found._',
    ...(c.otherDocuments.length ? ['### Other documents in the file', bullet(c.otherDocuments.map((d) => inline(d)))] : []),
  ].join('\n\n');
}
