import type { Authority, DetectiveOutput } from '../../../contracts/detectiveOutput';
import type { CheckedCitation, CitationIssue, VerifierOutput } from '../../../contracts/verifierOutput';
import { inline, md, table } from '../markdown';
import type { ReportModel } from '../reportModel';

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

/** The citations in the client's own documents that the verifier confirmed. */
export function confirmedDocumentCitations(verifier: VerifierOutput | undefined): CheckedCitation[] {
  return verifier ? verifier.checked.filter((c) => c.foundIn.startsWith('document:') && c.verdict === 'verified') : [];
}

/**
 * What the report lists as authority, within the tier's "max citations in a report" (DESIGN §2), which
 * bounds every list together: the research's verified authorities first (the analysis rests on them),
 * then the verified citations found in the client's documents. What the cap leaves out is counted, so
 * the report can say so; bundle.json keeps every one.
 */
export interface ListedAuthorities {
  research: Authority[];
  researchUnlisted: number;
  documents: CheckedCitation[];
  documentsUnlisted: number;
  cap: number;
}

export function listedAuthorities(m: Pick<ReportModel, 'detective' | 'verifier' | 'maxCitations'>): ListedAuthorities {
  const cap = Math.max(0, m.maxCitations);
  const research = verifiedAuthorities(m.detective, m.verifier);
  const documents = confirmedDocumentCitations(m.verifier);
  const listedResearch = research.slice(0, cap);
  const listedDocuments = documents.slice(0, cap - listedResearch.length);
  return {
    research: listedResearch,
    researchUnlisted: research.length - listedResearch.length,
    documents: listedDocuments,
    documentsUnlisted: documents.length - listedDocuments.length,
    cap,
  };
}

/** "_3 more verified authorities are not listed: …_", or nothing when the cap left none out. */
function unlistedNote(unlisted: number, listed: number, what: { one: string; many: string }, m: Pick<ReportModel, 'session'>, cap: number): string | undefined {
  if (unlisted <= 0) return undefined;
  const count = listed > 0 ? `${unlisted} more` : String(unlisted);
  const noun = unlisted === 1 ? `${what.one} is` : `${what.many} are`;
  return `_${count} ${noun} not listed: a ${m.session.tier}-tier report lists at most ${cap} citation${cap === 1 ? '' : 's'} in all (bundle.json has every one)._`;
}

/** What the verification section reads; the tier's depth decides whether statute text is quoted. */
export type VerificationInput = Pick<ReportModel, 'detective' | 'verifier' | 'maxCitations' | 'session'> & Partial<Pick<ReportModel, 'reportDepth'>>;

/**
 * Where a verified citation was confirmed, in words that say so: the research index bundled with Case
 * Audit (its decisions and the statutes' text), or CanLII when the verifier looked it up there.
 */
export type CitationStatus = 'in the bundled index' | 'confirmed on CanLII' | 'unverified';

/** The neutral citation inside a longer one ("Smith v. Canada, 2022 FC 456" → "2022 FC 456"). */
const neutral = (citation: string): string => /\b\d{4} [A-Z]+[A-Za-z]* \d+\b/.exec(citation)?.[0] ?? citation;

export function citationStatus(verifier: VerifierOutput | undefined, citation: string): CitationStatus {
  if (!verifier) return 'unverified';
  const checked = verifier.checked.filter((c) => c.citation === citation);
  if (!checked.some((c) => c.verdict === 'verified')) return 'unverified';
  const onCanlii = (verifier.externalLookups ?? []).some((l) => l.outcome === 'found' && neutral(l.citation) === neutral(citation));
  return onCanlii ? 'confirmed on CanLII' : 'in the bundled index';
}

/**
 * The authorities the analysis relies on, each with where it was confirmed (only verified ones: an
 * unverified citation is never listed as authority). The statute's text is quoted only in the evidence
 * appendix tier; the research calls are machinery, in the appendix.
 */
export function authoritiesPart(m: VerificationInput): string[] {
  const { detective } = m;
  if (!detective) return ['_The research stage did not run._'];
  const listed = listedAuthorities(m);
  const authorities = listed.research;
  const withText = m.reportDepth === 'full-with-evidence-appendix';
  const unlisted = unlistedNote(listed.researchUnlisted, authorities.length, { one: 'verified authority', many: 'verified authorities' }, m, listed.cap);
  // A summary names the authorities and where each was confirmed; what each is cited for is the full report's depth.
  if (m.reportDepth === 'summary' && authorities.length) {
    const statuses = authorities.map((a) => citationStatus(m.verifier, a.citation));
    // Where each was confirmed, said once when it is the same for all.
    const same = statuses.every((st) => st === statuses[0]);
    const named = authorities.map((a, i) => `${a.name ? `${a.name}, ` : ''}${a.citation}${same ? '' : ` — ${statuses[i]}`}`);
    const where = same ? ` (${authorities.length === 1 ? '' : 'all '}${statuses[0]})` : '';
    return [`**Authorities relied on${where}:** ${inline(named.join('; '))}.`, ...(unlisted ? [unlisted] : [])];
  }
  const parts = ['### Authorities relied on'];
  parts.push(
    authorities.length
      ? table(
          ['Authority (where confirmed)', 'Cited for'],
          authorities.map((a) => [
            `${a.name ? `${a.name}, ` : ''}${a.citation}${a.replaces ? ` (replaces ${a.replaces})` : ''} — ${citationStatus(m.verifier, a.citation)}`,
            withText && a.quote ? `${a.proposition} The text reads: “${a.quote}”` : a.proposition,
          ]),
        )
      : listed.researchUnlisted
        ? '_No authority is listed within the limit of this tier._'
        : '_No authority was both retrieved and verified for this file._',
  );
  if (unlisted) parts.push(unlisted);
  return parts;
}

/** Appendix: how much research the tier allowed and used. */
export function researchMachinery(detective: DetectiveOutput | undefined): string[] {
  if (!detective) return [];
  const lines = [`Research calls: ${detective.researchCalls.used} of ${detective.researchCalls.limit} allowed for this tier.`];
  if (detective.deepResearch.status === 'skipped') lines.push(md`Deep research: skipped — ${inline(detective.deepResearch.reason)}.`);
  return lines;
}

export const DOCUMENT_CITATIONS_HEADING = 'Citations in the file that were confirmed';

function documentCitations(m: Pick<ReportModel, 'detective' | 'verifier' | 'maxCitations' | 'session'>): string | undefined {
  const listed = listedAuthorities(m);
  const inDocs = listed.documents;
  if (!inDocs.length && !listed.documentsUnlisted) return undefined;
  // With none listed (the tier's cap is spent), the count alone is said, without a heading over it.
  const parts = inDocs.length ? [`### ${DOCUMENT_CITATIONS_HEADING}`] : [];
  if (inDocs.length) parts.push(table(['Citation', 'Where', 'Status'], inDocs.map((c) => [c.name ? `${c.name}, ${c.citation}` : c.citation, where(c.foundIn), citationStatus(m.verifier, c.citation)])));
  const unlisted = unlistedNote(listed.documentsUnlisted, inDocs.length, { one: 'confirmed citation from the file', many: 'confirmed citations from the file' }, m, listed.cap);
  if (unlisted) parts.push(unlisted);
  return parts.join('\n\n');
}

/** "2 unverified, 1 superseded": how the citations that did not verify ended. */
function outcomeCounts(checked: CheckedCitation[]): string | undefined {
  const counts = new Map<string, number>();
  for (const c of checked) if (c.verdict === 'failed') counts.set(c.issue ?? 'unverified', (counts.get(c.issue ?? 'unverified') ?? 0) + 1);
  if (counts.size === 0) return undefined;
  const ordered = [...counts].sort(([a], [b]) => ISSUE_ORDER.indexOf(a as CitationIssue) - ISSUE_ORDER.indexOf(b as CitationIssue));
  return `Not verified: ${ordered.map(([issue, n]) => `${n} ${issue}`).join(', ')}.`;
}

export const VERIFICATION_HEADING = 'Verification';

/** "19 in the bundled index, 2 confirmed on CanLII": where the verified citations were confirmed. */
function confirmedWhere(verifier: VerifierOutput): string {
  const counts = new Map<CitationStatus, number>();
  for (const c of verifier.checked) {
    if (c.verdict !== 'verified') continue;
    const status = citationStatus(verifier, c.citation);
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  return [...counts].map(([status, n]) => `${n} ${status}`).join(', ');
}

/**
 * The citations' verification: how many were confirmed and where (the bundled index or CanLII: the
 * words say which), how the others ended, the authorities relied on, and the citations in the
 * client's own documents that were confirmed.
 */
export function verificationSection(m: VerificationInput): string {
  if (!m.verifier) return [`## ${VERIFICATION_HEADING}`, 'Not run: this workflow cites no authorities.'].join('\n\n');
  return [`## ${VERIFICATION_HEADING}`, ...verificationBody(m, m.verifier)].join('\n\n');
}

/** The verification's content without its heading: counts, the authorities, the file's confirmed citations. */
export function verificationBody(m: VerificationInput, verifier: VerifierOutput): string[] {
  const verified = verifier.checked.filter((c) => c.verdict === 'verified').length;
  const where = verified ? ` (${confirmedWhere(verifier)})` : '';
  const parts = [
    `**${verifier.status === 'PASS' ? 'PASS' : 'INCOMPLETE'}** — ${verified} of ${verifier.checked.length} citations confirmed${where} after ${verifier.iteration} verification run${verifier.iteration === 1 ? '' : 's'}.`,
  ];
  // The AUDIT INCOMPLETE table that follows a summary's verification lists each failure: no count is needed.
  const counts = m.reportDepth === 'summary' && verifier.status === 'FAILED' ? undefined : outcomeCounts(verifier.checked);
  if (counts) parts.push(counts);
  if (m.detective) parts.push(...authoritiesPart(m));
  const docs = documentCitations(m);
  if (docs) parts.push(docs);
  return parts;
}

/** What to do about each outcome, in the order a reader acts; only the outcomes present are said. */
const NEXT_STEPS: Record<CitationIssue, string> = {
  fabricated: 'remove a *fabricated* citation',
  overruled: 'replace an *overruled* one with the authority now in force',
  superseded: 'replace a *superseded* one with the authority now in force',
  repealed: 'replace a *repealed* provision with the one now in force',
  'name-mismatch': 'correct a *name-mismatch*',
  'proposition-mismatch': 'restate or support a *proposition-mismatch*',
  unverified: 'check an *unverified* one on CanLII (or a provision on Justice Laws) before relying on it: it may well be real',
};

/**
 * The issue in a few words: the outcome with its meaning, and the first clause of the verifier's
 * detail (the rest of the detail is advice, which the action column gives).
 */
function issueText(issue: CitationIssue, detail: string): string {
  const clause = detail.split(/[:;]\s|\.\s/)[0]!.trim();
  const short = clause.length > 110 ? `${clause.slice(0, 107).replace(/\s+\S*$/, '')}…` : clause;
  return short ? `${label(issue)}: ${short}` : label(issue);
}

/**
 * The section an INCOMPLETE audit carries (DESIGN §4). A summary (guest) report puts the verification's
 * own lines (`verification`) at its head instead of giving them a section of their own.
 */
export function incompleteSection(verifier: VerifierOutput, verification: readonly string[] = []): string {
  const present = ISSUE_ORDER.filter((issue) => verifier.failed.some((f) => f.issue === issue));
  const steps = present.map((issue) => NEXT_STEPS[issue]);
  const next = steps.length ? `${steps.join('; ')}. ` : '';
  return [
    `## ${INCOMPLETE_HEADING}`,
    ...verification,
    `These citations could not be verified (${verifier.iteration} attempt${verifier.iteration === 1 ? '' : 's'}). ` +
      'They are not presented anywhere in this report as authority.',
    table(
      ['Citation', 'Issue', 'Attempts', 'Where', 'Recommended action'],
      verifier.failed.map((f) => [f.citation, issueText(f.issue, f.detail), f.attempts, where(f.foundIn), f.recommendedAction]),
    ),
    `**What to do next:** ${next.charAt(0).toUpperCase()}${next.slice(1)}Remove arguments that no verified authority supports. The other sections of this report rest only on verified authorities.`,
  ].join('\n\n');
}
