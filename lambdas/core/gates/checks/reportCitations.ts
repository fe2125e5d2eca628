import type { ParsedCitation } from '../../citations/citationSchema';
import { parseCitations } from '../../citations/parseCitations';
import { isRecord } from '../gateIssues';

/** The citations a verifier output confirmed and those it failed, each in normalised form. */
export interface VerifiedSets {
  /** Whether a verifier output exists at all. */
  ran: boolean;
  verified: Set<string>;
  failed: Set<string>;
}

/** The normalised key of a parsed decision or provision; undefined for a bare style of cause. */
function keyOf(c: ParsedCitation): string | undefined {
  if (c.kind === 'neutral' || c.kind === 'reporter' || c.kind === 'other-court') return c.citation;
  if (c.kind === 'statute') return c.provisionId;
  return undefined;
}

/** Normalised keys of a citation as written: `2019 SCC 65`, `[1999] 2 SCR 817`, `IRPA 40(1)(a)`, and the text itself. */
export function citationKeys(text: string): string[] {
  const keys = new Set<string>([text.trim()]);
  for (const c of parseCitations(text)) {
    const key = keyOf(c);
    if (key !== undefined) keys.add(key);
  }
  return [...keys];
}

export function verifiedSets(verifier: unknown): VerifiedSets {
  const sets: VerifiedSets = { ran: isRecord(verifier), verified: new Set(), failed: new Set() };
  if (!isRecord(verifier)) return sets;
  for (const c of Array.isArray(verifier.checked) ? verifier.checked : []) {
    if (!isRecord(c) || typeof c.citation !== 'string') continue;
    const into = c.verdict === 'verified' ? sets.verified : sets.failed;
    citationKeys(c.citation).forEach((k) => into.add(k));
  }
  for (const f of Array.isArray(verifier.failed) ? verifier.failed : []) {
    if (isRecord(f) && typeof f.citation === 'string') citationKeys(f.citation).forEach((k) => sets.failed.add(k));
  }
  return sets;
}

/** A citation the report presents, and the line it is on. */
export interface PresentedCitation {
  kind: 'case' | 'provision';
  citation: string;
  line: number;
}

/**
 * Parenthetical notes by which the report says a citation is NOT authority: "(Not verified: …)",
 * "(replaces …)" after a replacement authority. Citations named in one are exempt on that line. A note
 * may hold parentheses one level deep: "(Not verified: IRPA 40(1)(a). …)".
 */
const DISCLAIMING_NOTE = /\((?:not verified|non vérifiée?s?|replaces|remplace)\b(?:[^()]|\([^()]*\))*\)/gi;
/** The words of a cited provision quoted from the statute: a provision it mentions is not cited by the report. */
const QUOTED_STATUTE = /The text reads: “[^”]*”/g;

/** Case citations and provision references the text presents, line by line, minus those a note disclaims. */
export function presentedCitations(text: string): PresentedCitation[] {
  const out: PresentedCitation[] = [];
  text.split('\n').forEach((line, i) => {
    const exempt = new Set<string>();
    for (const note of line.match(DISCLAIMING_NOTE) ?? []) citationKeys(note).forEach((k) => exempt.add(k));
    const asserted = line.replace(DISCLAIMING_NOTE, (m) => ' '.repeat(m.length)).replace(QUOTED_STATUTE, (m) => ' '.repeat(m.length));
    for (const c of parseCitations(asserted)) {
      const key = keyOf(c);
      if (key === undefined || exempt.has(key)) continue;
      out.push({ kind: c.kind === 'statute' ? 'provision' : 'case', citation: key, line: i + 1 });
    }
  });
  return out;
}
