/** Abbreviations for the respondent that are spelled out before names are compared. */
const EXPANSIONS: Record<string, string> = {
  mci: 'citizenship and immigration',
  mpsep: 'public safety and emergency preparedness',
  ag: 'attorney general',
};

/** Court markers appended to some styles of cause, e.g. `(C.A.)`, `(F.C.)`, `(T.D.)`. */
const COURT_MARKER = /\((?:F\.?C\.?A\.?|C\.?A\.?|F\.?C\.?|T\.?D\.?|C\.?F\.?)\)/gi;

/**
 * Comparison key for a style of cause or short name: case-, accent- and punctuation-insensitive,
 * with `v.`/`vs`/`c.` unified, "Minister of" dropped and `MCI`-style abbreviations spelled out, so
 * `Baker v Canada (MCI)` and `Baker v. Canada (Minister of Citizenship and Immigration)` match.
 */
export function caseNameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(COURT_MARKER, ' ')
    .replace(/(?:\p{L}\.){2,}/gu, (acronym) => acronym.replace(/\./g, ''))
    .replace(/\s(?:vs?|c)\.?\s/gi, ' v ')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter(Boolean)
    .map((word) => EXPANSIONS[word] ?? word)
    .join(' ')
    .replace(/\b(?:the )?minister of /g, '');
}

/**
 * Whether `name` (as written in a document) names the decision: the full style of cause, one of the
 * joined styles (`A v. B; C v. D`), the short name, or a style of cause with the short name as a party.
 */
export function nameMatchesCase(name: string, entry: { name: string; shortName: string }): boolean {
  const key = caseNameKey(name);
  const short = caseNameKey(entry.shortName);
  if (key === short) return true;
  if (entry.name.split(';').some((part) => caseNameKey(part) === key)) return true;
  return key.split(' v ').some((party) => party === short || party.startsWith(`${short} `));
}
