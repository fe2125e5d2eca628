/**
 * Resolving an id against the index, one level at a time from the section down, so that a miss
 * knows the deepest unit that does exist and which step failed.
 */
import type { StatuteIndex } from './loadStatuteIndex';
import { parseProvisionId, termKey, type ParsedProvisionId, type ProvisionIdSegment } from './provisionId';
import type { Provision } from './statuteIndexSchema';

export type IdResolution =
  /** The id does not read as a provision id. */
  | { kind: 'unreadable'; reason: string; provision?: undefined }
  /** Every level exists. */
  | { kind: 'found'; parsed: ParsedProvisionId; canonical: string; provision: Provision }
  /** The instrument has no such section. */
  | { kind: 'no-section'; parsed: ParsedProvisionId; canonical: string; provision?: undefined }
  /** `nearest` exists but has no subdivision or definition `missing`. */
  | { kind: 'no-child'; parsed: ParsedProvisionId; canonical: string; nearest: Provision; missing: ProvisionIdSegment; provision?: undefined };

function childFor(index: StatuteIndex, parent: Provision, segment: ProvisionIdSegment): Provision | undefined {
  if (segment.kind === 'term') return index.definitions.get(parent.id)?.get(termKey(segment.value));
  return index.byId.get(`${parent.id}(${segment.value})`);
}

/** Resolves `input` (canonical or a tolerated spelling, see `parseProvisionId`). */
export function resolveProvisionId(input: string, index: StatuteIndex): IdResolution {
  const reading = parseProvisionId(input);
  if (!reading.ok) return { kind: 'unreadable', reason: reading.reason };
  const { id: parsed, canonical } = reading;
  const exact = index.byId.get(canonical);
  if (exact) return { kind: 'found', parsed, canonical, provision: exact };

  const section = index.byId.get(`${parsed.instrument} ${parsed.section}`);
  if (!section) return { kind: 'no-section', parsed, canonical };
  let current = section;
  for (const segment of parsed.segments) {
    const next = childFor(index, current, segment);
    if (!next) return { kind: 'no-child', parsed, canonical, nearest: current, missing: segment };
    current = next;
  }
  // Reached through a French or differently spelt term: report the canonical id of what was found.
  return { kind: 'found', parsed, canonical: current.id, provision: current };
}
