/** Reads texts as one case file and returns its parties as [role, name], each party's quote checked verbatim in its document. */
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';
import { verifyEvidence } from '../../../lambdas/core/caseText/verifyEvidence';

let next = 0;
const doc = (text: string): ExtractedDocument => ({ docId: `p${++next}`, name: `p${next}.txt`, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 });

export function partiesOf(...texts: string[]): string[][] {
  const docs = texts.map(doc);
  const facts = readCaseFacts(docs);
  for (const p of facts.parties) expect(verifyEvidence(docs, p.evidence)).toBe(true);
  return facts.parties.map((p) => [p.role, p.name]);
}
