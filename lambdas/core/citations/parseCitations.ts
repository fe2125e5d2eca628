import type { ParsedCitation } from './citationSchema';
import { findNeutralCitations, type NeutralHit } from './neutralCitation';
import { readPinpoint } from './pinpoint';
import { findReporterCitations, type ReporterHit } from './reporterCitation';
import { findStatuteReferences, type ProvisionLookup } from './statuteReference';
import { findShortNames, findStylesOfCause, shortNameBefore, type NameSpan } from './styleOfCause';

/** What the parser can use from the research index (the index itself satisfies this). */
export interface CitationParserIndex extends ProvisionLookup {
  /** Short names that identify a decision on their own (`Vavilov`); common surnames are left out. */
  readonly standaloneShortNames: readonly string[];
  /** Whether `name` is any decision's short name (used only right before a citation: `Singh, 2014 FC 1077`). */
  isKnownShortName(name: string): boolean;
}

export interface ParseOptions {
  /** The clock used to reject future years. */
  now?: Date;
  /** Enables bare short names and instrument inference for `s. 179(b)`. */
  index?: CitationParserIndex;
}

type CaseHit = (NeutralHit | ReporterHit) & { name?: string; parallelTo?: string; pinpoint?: string };

interface Span {
  start: number;
  end: number;
}

const NAME_GAP = /^\s{0,3},?\s{0,3}$/;
const PARALLEL_GAP = /^\s{0,3},\s{0,3}$/;

/** Sorted, non-overlapping cover of `spans`. */
function mergeSpans(spans: Span[]): Span[] {
  const merged: Span[] = [];
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const last = merged[merged.length - 1];
    if (last && span.start < last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ start: span.start, end: span.end });
  }
  return merged;
}

/** Whether [start, end) overlaps any span in `spans` (as returned by mergeSpans). */
function overlapsAny(spans: Span[], start: number, end: number): boolean {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid].end <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo < spans.length && spans[lo].start < end;
}

function readCaseHits(text: string, now: Date): CaseHit[] {
  const hits: CaseHit[] = [...findNeutralCitations(text, now), ...findReporterCitations(text, now)];
  hits.sort((a, b) => a.start - b.start);
  hits.forEach((hit, i) => {
    const previous = hits[i - 1];
    // `2001 FCA 345, [2002] 2 F.C. 413`: the same decision reported in print a year or two later.
    if (
      previous?.kind === 'neutral' &&
      hit.kind === 'reporter' &&
      hit.year - previous.year >= 0 &&
      hit.year - previous.year <= 2 &&
      PARALLEL_GAP.test(text.slice(previous.end, hit.start))
    ) {
      hit.parallelTo = previous.citation;
    }
    const pin = readPinpoint(text, hit.end);
    if (pin && (hits[i + 1] === undefined || pin.end <= hits[i + 1].start)) {
      hit.pinpoint = pin.pinpoint;
      hit.end = pin.end;
    }
  });
  return hits;
}

/** Gives each citation the style of cause written right before it; returns the styles left unattached. */
function attachStyles(text: string, hits: CaseHit[], styles: NameSpan[]): NameSpan[] {
  const alone: NameSpan[] = [];
  let h = 0;
  for (const style of styles) {
    while (h < hits.length && hits[h].start < style.end) h += 1;
    const hit = hits[h];
    if (hit && NAME_GAP.test(text.slice(style.end, hit.start))) {
      hit.name = style.name;
      hit.start = style.start;
    } else {
      alone.push(style);
    }
  }
  return alone;
}

/** Short names right before a citation (`Vavilov, 2019 SCC 65`), then bare standalone ones (`Baker`). */
function attachShortNames(text: string, hits: CaseHit[], styles: Span[], index: CitationParserIndex): NameSpan[] {
  const taken = mergeSpans(styles);
  hits.forEach((hit, i) => {
    if (hit.name !== undefined) return;
    const found = shortNameBefore(text, hit.start, (n) => index.isKnownShortName(n));
    if (!found || found.start < (hits[i - 1]?.end ?? 0) || overlapsAny(taken, found.start, found.end)) return;
    hit.name = found.name;
    hit.start = found.start;
  });
  const occupied = mergeSpans([...taken, ...hits]);
  return findShortNames(text, index.standaloneShortNames).filter((n) => !overlapsAny(occupied, n.start, n.end));
}

function withOccurrence<T extends Omit<ParsedCitation, 'raw' | 'occurrences'>>(text: string, draft: T) {
  const raw = text.slice(draft.start, draft.end);
  const occurrence = { raw, start: draft.start, end: draft.end, ...(draft.pinpoint ? { pinpoint: draft.pinpoint } : {}) };
  return { ...draft, raw, occurrences: [occurrence] };
}

function fromCaseHit(text: string, hit: CaseHit): ParsedCitation {
  const { name, parallelTo, pinpoint, reason, ...rest } = hit;
  const optional = {
    ...(name !== undefined ? { name } : {}),
    ...(parallelTo !== undefined ? { parallelTo } : {}),
    ...(pinpoint !== undefined ? { pinpoint } : {}),
    ...(reason !== undefined ? { reason } : {}),
  };
  const normalized = name !== undefined ? `${name}, ${hit.citation}` : hit.citation;
  return withOccurrence(text, { ...rest, ...optional, normalized });
}

function fromName(text: string, span: NameSpan): ParsedCitation {
  const pin = readPinpoint(text, span.end);
  return withOccurrence(text, {
    kind: 'style-of-cause' as const,
    name: span.name,
    normalized: span.name,
    start: span.start,
    end: pin?.end ?? span.end,
    valid: true,
    ...(pin ? { pinpoint: pin.pinpoint } : {}),
  });
}

/** Keeps one citation per kind and normalized form, with every place it occurs. */
function dedupe(citations: ParsedCitation[]): ParsedCitation[] {
  const byKey = new Map<string, ParsedCitation>();
  for (const citation of citations.sort((a, b) => a.start - b.start)) {
    const key = `${citation.kind}\u0000${citation.normalized}`;
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, citation);
      continue;
    }
    seen.occurrences.push(...citation.occurrences);
    if (seen.pinpoint === undefined && citation.pinpoint !== undefined) seen.pinpoint = citation.pinpoint;
  }
  return [...byKey.values()];
}

/**
 * Finds and normalises the citations in free text: neutral and reporter citations (with pinpoints,
 * styles of cause and parallel citations attached), case names without a citation, and IRPA/IRPR
 * provisions. Duplicates are merged; each result lists every occurrence in order of appearance.
 */
export function parseCitations(text: string, options: ParseOptions = {}): ParsedCitation[] {
  const now = options.now ?? new Date();
  const hits = readCaseHits(text, now);
  const styles = findStylesOfCause(text);
  const alone = attachStyles(text, hits, styles);
  const names = options.index ? alone.concat(attachShortNames(text, hits, styles, options.index)) : alone;
  hits.forEach((hit, i) => {
    // The parallel citation names the same decision as the one it follows.
    if (hit.parallelTo !== undefined && hit.name === undefined && hits[i - 1]?.name !== undefined) hit.name = hits[i - 1].name;
  });
  const occupied = mergeSpans([...hits, ...names]);
  const statutes = findStatuteReferences(text, options.index).filter((s) => !overlapsAny(occupied, s.start, s.end));
  return dedupe([
    ...hits.map((hit) => fromCaseHit(text, hit)),
    ...names.map((span) => fromName(text, span)),
    ...statutes.map((s) => withOccurrence(text, { ...s, normalized: s.provisionId, valid: true })),
  ]);
}
