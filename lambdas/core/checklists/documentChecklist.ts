import type { ChecklistEntry, DocumentChecklist } from '../../contracts/gatekeeperOutput';
import type { ApplicationType, DocumentSummary } from '../../contracts/intakeOutput';
import type { Application } from '../../contracts/caseFacts';

export type { ChecklistEntry, DocumentChecklist };
import { checklistFor } from './loadChecklists';

const READABLE = new Set(['ok', 'mislabeled']);

/**
 * Checks the file's documents against the checklist for its application type (for a file that
 * answers a refusal, the refusal checklist: the letter, the GCMS notes, the refused application).
 * An item is present when a readable document of an accepted type is in the file, a problem when the
 * only matching documents cannot be read (corrupt, encrypted, needs OCR, ...), missing otherwise.
 * The application facts, when read, pick the program's checklist (a Quebec study permit asks for the
 * CAQ; an LMIA-exempt work permit does not ask for an LMIA).
 */
export function checkDocuments(
  applicationType: ApplicationType,
  documents: DocumentSummary[],
  application?: Pick<Application, 'kind' | 'subKinds'>,
  options: { answersRefusal?: boolean } = {},
): DocumentChecklist {
  // A file that answers a refusal needs the decision and its reasons whatever kind was refused.
  const refusal = options.answersRefusal === true || applicationType === 'refusal-response';
  const items = refusal ? checklistFor('refusal-response') : checklistFor(applicationType, application);
  const used = new Set<string>();
  const result: DocumentChecklist = { applicationType, ...(refusal ? { refusal: true as const } : {}), present: [], missing: [], problem: [], otherDocuments: [] };
  for (const item of items) {
    const matching = documents.filter((d) => item.accepts.includes(d.type));
    matching.forEach((d) => used.add(d.docId));
    const readable = matching.filter((d) => READABLE.has(d.status));
    const base = { item: item.id, label: item.label, required: item.required };
    if (readable.length) {
      const notes = readable.filter((d) => d.status === 'mislabeled').map((d) => `${d.name}: ${d.statusDetail}`);
      result.present.push({ ...base, documents: readable.map((d) => d.name), reason: notes.join('; ') || 'found in the file' });
    } else if (matching.length) {
      result.problem.push({
        ...base,
        documents: matching.map((d) => d.name),
        reason: matching.map((d) => `${d.name}: ${d.statusDetail}`).join('; '),
      });
    } else {
      result.missing.push({ ...base, documents: [], reason: `${item.required ? 'required' : 'recommended'}: ${item.why}` });
    }
  }
  // Unreadable documents that no item claimed are problems too: the officer cannot read them either.
  for (const d of documents) {
    if (used.has(d.docId)) continue;
    if (!READABLE.has(d.status)) {
      result.problem.push({ item: 'unreadable-document', label: d.name, required: false, documents: [d.name], reason: d.statusDetail });
    } else result.otherDocuments.push(d.name);
  }
  return result;
}
