import type { Provision } from '../../../core/caselaw/indexSchema';
import type { ResearchIndex } from '../../../core/caselaw/loadIndex';
import { lookupProvision } from '../../../core/statutes/lookupProvision';
import { instrumentMetadata, nearestMarginalNote, provisionText } from '../../../core/statutes/provisionTree';
import type { Provision as StatuteUnit } from '../../../core/statutes/statuteIndexSchema';
import type { Resolution } from './resolveCitation';

/** Longest statute text a proposition is compared with (a section with many paragraphs is long). */
const MAX_SUBJECT_CHARS = 1500;

const JUSTICE_LAWS: Record<'IRPA' | 'IRPR', string> = {
  IRPA: 'https://laws-lois.justice.gc.ca/eng/acts/I-2.5/',
  IRPR: 'https://laws-lois.justice.gc.ca/eng/regulations/SOR-2002-227/',
};

/**
 * What a proposition cited for a provision is compared with: the curated entry of the research index
 * when it holds this very provision, else the statute's own words (with the curated summary of an
 * enclosing provision, when there is one, for the lawyer's vocabulary the statute does not use).
 */
function subjectOf(unit: StatuteUnit, index: ResearchIndex): Provision {
  const curated = index.findProvision(unit.id);
  if (curated) return curated;
  const around = index.findProvisionOrAncestor(unit.id);
  const text = provisionText(unit).slice(0, MAX_SUBJECT_CHARS);
  const instrument = unit.id.startsWith('IRPA') ? 'IRPA' : 'IRPR';
  return {
    id: unit.id,
    instrument,
    title: nearestMarginalNote(unit) ?? unit.id,
    summary: around ? `${text} ${around.summary}` : text,
    topics: around ? [...around.topics] : [],
    applicationTypes: around ? [...around.applicationTypes] : [],
    keywords: around ? [...around.keywords] : [],
    source: JUSTICE_LAWS[instrument],
    confidence: 'high',
  };
}

/**
 * Resolves an IRPA/IRPR provision against the complete consolidated statutes (data/laws): a real
 * unit at any level resolves (curated or not), a repealed one resolves as repealed (naming what
 * repealed it), and one that does not exist in the statute is `invalid`, with the reason (which
 * subdivisions its parent has) and the nearest real unit.
 */
export function resolveProvision(id: string, index: ResearchIndex): Resolution {
  const found = lookupProvision(id);
  switch (found.status) {
    case 'in-force':
      return { kind: 'provision', key: found.id, requested: id, provision: subjectOf(found.provision, index), exact: true };
    case 'repealed':
      return {
        kind: 'provision',
        key: found.id,
        requested: id,
        provision: subjectOf(found.provision, index),
        exact: true,
        repealed: { by: found.repealedBy, reason: found.reason },
      };
    case 'missing': {
      if (found.instrument === null) {
        return {
          kind: 'unresolved',
          key: id,
          cause: 'provision-not-indexed',
          detail: `could not be verified offline; check it on Justice Laws before relying on it (${found.reason})`,
        };
      }
      const current = instrumentMetadata(found.instrument).currentTo;
      const nearest = found.nearest ? `; the nearest provision that exists is ${found.nearest.id}` : '';
      return {
        kind: 'unresolved',
        key: found.id,
        cause: 'invalid',
        detail: `${found.id} does not exist in the ${found.instrument} (consolidation current to ${current}): ${found.reason}${nearest}`,
      };
    }
  }
}
