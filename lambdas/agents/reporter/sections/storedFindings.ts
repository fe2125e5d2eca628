import type { Severity } from '../../../contracts/findings';
import type { ReportedGatekeeper } from '../reportModel';
import { bySeverity, isSeverity } from '../../../contracts/findings';

/**
 * Readers for the gatekeeper's `requiredFixes` and `outcomePromises`. Their entry shapes are not pinned
 * in analysisSchema.ts, and outputs stored at different times may differ, so each entry is read for the
 * fields a reader needs (plain strings included). Entries with nothing to show are counted, not guessed at.
 */

type Loose = Record<string, unknown>;

const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first non-empty string among `keys` of `o`. */
function firstText(o: Loose, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const v = o[key];
    if (typeof v === 'string' && v.trim()) return v;
  }
  return undefined;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string' && s.trim() !== '') : []);

export interface FixLine {
  text: string;
  severity?: Severity;
  /** A provision or issue code the fix answers, when the entry names one. */
  ref?: string;
  documents: string[];
}

const FIX_TEXT_KEYS = ['requiredFix', 'fix', 'action', 'text', 'summary', 'message', 'description'] as const;

function readFix(entry: unknown): FixLine | undefined {
  if (typeof entry === 'string') return entry.trim() ? { text: entry, documents: [] } : undefined;
  if (!isObject(entry)) return undefined;
  const text = firstText(entry, FIX_TEXT_KEYS);
  if (!text) return undefined;
  return {
    text,
    severity: isSeverity(entry.severity) ? entry.severity : undefined,
    ref: firstText(entry, ['provision', 'code']),
    documents: strings(entry.documents),
  };
}

/**
 * The fixes to make before filing, most serious first: the gatekeeper's own list, then the fix of each
 * compliance issue that list does not already carry. `unreadable` counts entries with no text to show.
 */
export function requiredFixes(g: ReportedGatekeeper): { fixes: FixLine[]; unreadable: number } {
  const stored = g.requiredFixes ?? [];
  const fixes: FixLine[] = [];
  let unreadable = 0;
  for (const entry of stored) {
    const fix = readFix(entry);
    if (fix) fixes.push(fix);
    else unreadable++;
  }
  const known = new Set(fixes.map((f) => f.text.trim()));
  for (const issue of g.complianceIssues ?? []) {
    if (known.has(issue.requiredFix.trim())) continue;
    known.add(issue.requiredFix.trim());
    fixes.push({ text: issue.requiredFix, severity: issue.severity, ref: issue.code, documents: issue.documents });
  }
  return { fixes: bySeverity(fixes), unreadable };
}

export interface PromiseLine {
  /** The document (or the stage) the wording was found in; empty when the entry does not say. */
  where: string;
  page?: number;
  text: string;
}

const PROMISE_TEXT_KEYS = ['quote', 'excerpt', 'text', 'phrase', 'summary', 'message'] as const;
const WHERE_KEYS = ['docId', 'document', 'name', 'source', 'foundIn'] as const;

const page = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined);

function readPromise(entry: unknown): PromiseLine[] {
  if (typeof entry === 'string') return entry.trim() ? [{ where: '', text: entry }] : [];
  if (!isObject(entry)) return [];
  // An entry may carry its quotes as Evidence ({docId, page, quote}), one or several.
  const evidence = Array.isArray(entry.evidence) ? entry.evidence : isObject(entry.evidence) ? [entry.evidence] : [];
  const quoted = evidence.filter(isObject).flatMap((e) => {
    const text = firstText(e, PROMISE_TEXT_KEYS);
    return text ? [{ where: firstText(e, WHERE_KEYS) ?? firstText(entry, WHERE_KEYS) ?? '', page: page(e.page), text }] : [];
  });
  if (quoted.length) return quoted;
  const text = firstText(entry, PROMISE_TEXT_KEYS);
  return text ? [{ where: firstText(entry, WHERE_KEYS) ?? '', page: page(entry.page), text }] : [];
}

/** Wording that promises (or asks for) a particular result, as the gatekeeper found it; undefined when it was not checked. */
export function outcomePromises(g: ReportedGatekeeper | undefined): { lines: PromiseLine[]; unreadable: number } | undefined {
  if (!g?.outcomePromises) return undefined;
  const lines: PromiseLine[] = [];
  let unreadable = 0;
  for (const entry of g.outcomePromises) {
    const read = readPromise(entry);
    if (read.length) lines.push(...read);
    else unreadable++;
  }
  return { lines, unreadable };
}
