import { loadResearchIndex } from '../../core/caselaw/loadIndex';
import { instrumentMetadata } from '../../core/statutes/provisionTree';

/** This release of Case Audit (kept in step with package.json by a test). */
export const CASE_AUDIT_VERSION = '0.1.0';

/**
 * What produced an audit, for bundle.json: the tool's version, the Node.js runtime, and the data it
 * judged against (the case-law index's size, the statutes' consolidation dates, the rubric's version).
 * Whoever re-reads the audit later can tell whether a different result comes from different data.
 */
export function toolVersions(rubric?: { id: string; version: string }): Record<string, unknown> {
  const index = loadResearchIndex();
  const statute = (id: 'IRPA' | 'IRPR') => {
    const meta = instrumentMetadata(id);
    return { consolidation: meta.consolidationDate, currentTo: meta.currentTo };
  };
  return {
    caseAudit: CASE_AUDIT_VERSION,
    node: process.version,
    caseLawIndex: { decisions: index.cases.length, curatedProvisions: index.provisions.length },
    statutes: { IRPA: statute('IRPA'), IRPR: statute('IRPR') },
    ...(rubric ? { rubric: `${rubric.id} v${rubric.version}` } : {}),
  };
}
