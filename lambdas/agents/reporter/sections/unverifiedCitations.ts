import type { VerifierOutput } from '../../../contracts/verifierOutput';

/** Neutral citations (`2023 FC 123`, `2010 FCA 250`) and older SCC reports (`[1999] 2 SCR 817`) inside a longer citation. */
const CITATION_CORE = /\[\d{4}\] \d+ S\.?C\.?R\.? \d+|\b\d{4} (?:SCC|FCA|FC|IRB|CanLII) \d+\b/g;

/**
 * The citations the verifier could not confirm, and the neutral citation inside each, so text that names
 * one in a shorter form ("2022 FC 456" for "Smith v. Canada, 2022 FC 456") is still recognised.
 */
export function unverifiedCitations(verifier: VerifierOutput | undefined): string[] {
  if (!verifier) return [];
  const full = [...verifier.failed.map((f) => f.citation), ...verifier.checked.filter((c) => c.verdict !== 'verified').map((c) => c.citation)];
  const forms = new Set<string>();
  for (const citation of full) {
    const trimmed = citation.trim();
    if (!trimmed) continue;
    forms.add(trimmed);
    for (const core of trimmed.match(CITATION_CORE) ?? []) forms.add(core);
  }
  return [...forms];
}

/**
 * Text written by an agent (a rationale, a finding), with a note after it when it names a citation that
 * failed verification, so the report never presents that citation as authority (DESIGN §4).
 * Returns raw text: callers pass it to `inline()` or `table()`.
 */
export function withUnverifiedNote(text: string, unverified: readonly string[]): string {
  const named = unverified.filter((c) => text.includes(c));
  // Report the longest form once: "Smith v. Canada, 2022 FC 456" rather than also "2022 FC 456".
  const shown = named.filter((c) => !named.some((other) => other !== c && other.includes(c)));
  if (!shown.length) return text;
  return `${text} (Not verified: ${shown.join('; ')}. ${shown.length === 1 ? 'This citation is' : 'These citations are'} not relied on as authority anywhere in this report.)`;
}
