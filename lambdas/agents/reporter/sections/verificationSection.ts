import type { Authority, CheckedCitation, CitationIssue, DetectiveOutput, VerifierOutput } from '../../../core/research/researchSchema';
import { inline, md, table } from '../markdown';

export const INCOMPLETE_HEADING = 'AUDIT INCOMPLETE – MANUAL REVIEW REQUIRED';

/** Each outcome by its own word, with what it means for a reader. */
export const ISSUE_LABELS: Record<CitationIssue, string> = {
  unverified: 'unverified (may be real, but no configured source confirmed it)',
  fabricated: 'fabricated (this citation cannot exist)',
  'name-mismatch': 'name-mismatch (the style of cause names another decision)',
  superseded: 'superseded (no longer good law)',
  overruled: 'overruled (no longer good law)',
  repealed: 'repealed (no longer in force)',
  'proposition-mismatch': 'proposition-mismatch (does not support what it is cited for)',
};

/** Outcomes in the order a reader should act on them. */
const ISSUE_ORDER: readonly CitationIssue[] = ['fabricated', 'overruled', 'superseded', 'repealed', 'name-mismatch', 'proposition-mismatch', 'unverified'];

const label = (issue: string): string => ISSUE_LABELS[issue as CitationIssue] ?? issue;

/** Raw text (a docId is the client's file name); only ever passed to `table()`, which escapes it. */
const where = (foundIn: string): string => (foundIn.startsWith('document:') ? `your document ${foundIn.slice('document:'.length)}` : `the ${foundIn} stage`);

/** Only authorities the verifier confirmed are shown as authorities (never an unverified citation as fact). */
export function verifiedAuthorities(detective: DetectiveOutput | undefined, verifier: VerifierOutput | undefined): Authority[] {
  if (!detective || !verifier) return [];
  const ok = new Set(verifier.checked.filter((c) => c.verdict === 'verified' && c.foundIn === 'detective').map((c) => c.citation));
  return detective.authorities.filter((a) => ok.has(a.citation));
}

export function researchSection(detective: DetectiveOutput | undefined, verifier: VerifierOutput | undefined): string {
  const authorities = verifiedAuthorities(detective, verifier);
  const parts = ['## Legal research'];
  if (!detective) return [...parts, '_The research stage did not run._'].join('\n\n');
  parts.push(
    authorities.length
      ? table(
          ['Authority', 'Cited for', 'Confidence'],
          authorities.map((a) => [
            `${a.name ? `${a.name}, ` : ''}${a.citation}${a.replaces ? ` (replaces ${a.replaces})` : ''}`,
            a.quote ? `${a.proposition} The text reads: “${a.quote}”` : a.proposition,
            a.confidence,
          ]),
        )
      : '_No authority was both retrieved and verified for this file._',
    `Research calls: ${detective.researchCalls.used} of ${detective.researchCalls.limit} allowed for this tier.`,
  );
  if (detective.deepResearch.status === 'skipped') parts.push(md`Deep research: skipped — ${inline(detective.deepResearch.reason)}.`);
  return parts.join('\n\n');
}

function documentCitations(checked: CheckedCitation[]): string | undefined {
  const inDocs = checked.filter((c) => c.foundIn.startsWith('document:') && c.verdict === 'verified');
  if (!inDocs.length) return undefined;
  return ['### Citations in the file that were confirmed', table(['Citation', 'Where', 'Check'], inDocs.map((c) => [c.name ? `${c.name}, ${c.citation}` : c.citation, where(c.foundIn), c.detail]))].join('\n\n');
}

/** "2 unverified, 1 superseded": how the citations that did not verify ended. */
function outcomeCounts(checked: CheckedCitation[]): string | undefined {
  const counts = new Map<string, number>();
  for (const c of checked) if (c.verdict === 'failed') counts.set(c.issue ?? 'unverified', (counts.get(c.issue ?? 'unverified') ?? 0) + 1);
  if (counts.size === 0) return undefined;
  const ordered = [...counts].sort(([a], [b]) => ISSUE_ORDER.indexOf(a as CitationIssue) - ISSUE_ORDER.indexOf(b as CitationIssue));
  return `Not verified: ${ordered.map(([issue, n]) => `${n} ${issue}`).join(', ')}.`;
}

export function verificationSection(verifier: VerifierOutput | undefined): string {
  if (!verifier) return ['## Verification status', 'NOT RUN — this workflow cites no authorities.'].join('\n\n');
  const verified = verifier.checked.filter((c) => c.verdict === 'verified').length;
  const canlii = verifier.externalLookups?.length ? ' and, where it lacked them, on CanLII' : '';
  const parts = [
    '## Verification status',
    `**${verifier.status === 'PASS' ? 'PASS' : 'INCOMPLETE'}** — ${verified} of ${verifier.checked.length} citations confirmed against the research index${canlii} after ${verifier.iteration} verification run${verifier.iteration === 1 ? '' : 's'}.`,
  ];
  const counts = outcomeCounts(verifier.checked);
  if (counts) parts.push(counts);
  const docs = documentCitations(verifier.checked);
  if (docs) parts.push(docs);
  return parts.join('\n\n');
}

/** The section an INCOMPLETE audit carries (DESIGN §4). */
export function incompleteSection(verifier: VerifierOutput): string {
  return [
    `## ${INCOMPLETE_HEADING}`,
    `The following citations could not be verified after ${verifier.iteration} attempt${verifier.iteration === 1 ? '' : 's'}. ` +
      'They are not presented anywhere in this report as authority.',
    table(
      ['Citation', 'Issue', 'Attempts', 'Where', 'Recommended action'],
      verifier.failed.map((f) => [f.citation, `${label(f.issue)}: ${f.detail}`, f.attempts, where(f.foundIn), f.recommendedAction]),
    ),
    '**What to do next:** an *unverified* citation may well be real: check it on CanLII (or a provision on Justice Laws) before relying on it. ' +
      'Remove a *fabricated* one, replace a *superseded*, *overruled* or *repealed* one with the authority now in force, correct a *name-mismatch*, ' +
      'and restate or support a *proposition-mismatch*. Remove arguments that no verified authority supports. The other sections of this report rest only on verified authorities.',
  ].join('\n\n');
}
