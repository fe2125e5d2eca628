import { renderReport } from '../../../lambdas/agents/reporter/renderReport';
import type { ReportModel } from '../../../lambdas/agents/reporter/reportModel';
import { DOCUMENT_CITATIONS_HEADING } from '../../../lambdas/agents/reporter/sections/verificationSection';
import type { Authority } from '../../../lambdas/contracts/detectiveOutput';
import type { CheckedCitation } from '../../../lambdas/contracts/verifierOutput';
import { getTiers } from '../../../workflows/registry';
import type { Tier } from '../../../workflows/schema';
import { judgedReport } from './judgedFixture';
import { parse, section } from './markdownParse';

const DEPTH = { guest: 'summary', pro: 'full', ultra: 'full-with-evidence-appendix' } as const;
const TIERS: Tier[] = ['guest', 'pro', 'ultra'];

const authority = (i: number): Authority => ({
  kind: 'case',
  citation: `2021 FC ${1000 + i}`,
  name: `Applicant ${i} v. Canada (Citizenship and Immigration)`,
  proposition: `proposition number ${i}`,
  issueId: 'funds',
  source: 'bundled-index',
  score: 1,
  confidence: 'high',
});

const verified = (citation: string, foundIn: string): CheckedCitation => ({ citation, foundIn, verdict: 'verified', detail: 'in the index' });

/**
 * A final-review report of `tier` whose research verified `research` authorities and whose client
 * letter cites `inFile` decisions the verifier confirmed, plus one it could not (never listed).
 */
function report(tier: Tier, research: number, inFile: number): ReportModel {
  const base = judgedReport(undefined, undefined, { workflowType: 'final-review', reportDepth: DEPTH[tier], verification: 'PASS' });
  const authorities = Array.from({ length: research }, (_, i) => authority(i));
  const letter = Array.from({ length: inFile }, (_, i) => `2020 FCA ${200 + i}`);
  return {
    ...base,
    detective: { ...base.detective!, authorities: [...authorities, authority(999)] },
    verifier: {
      status: 'PASS',
      iteration: 1,
      checked: [
        ...authorities.map((a) => verified(a.citation, 'detective')),
        { citation: authority(999).citation, foundIn: 'detective', verdict: 'failed', issue: 'unverified', detail: 'not in the index' },
        ...letter.map((c) => verified(c, 'document:letter.pdf')),
      ],
      failed: [],
    },
  };
}

/** The rows of the first table under `heading` (its header left out), and the other lines there. */
function listed(markdown: string, heading: string): { rows: string[]; notes: string[] } {
  const lines = section(parse(markdown), heading);
  const tableLines = lines.filter((l) => l.includes(' | '));
  return { rows: tableLines.slice(1), notes: lines.filter((l) => !l.includes(' | ')) };
}

/**
 * The authorities part: a full report's "Authorities relied on" subsection, or (a guest report's
 * summary) its "Authorities relied on:" line under Verification and the notes after it.
 */
function authorities(md: string): { rows: string[]; notes: string[] } {
  if (md.includes('### Authorities relied on')) return listed(md, 'Authorities relied on');
  // The summary names them in a line; the tables under Verification are the file's own citations.
  const { notes } = listed(md, 'Verification');
  const from = notes.findIndex((l) => l.startsWith('Authorities relied on'));
  const to = notes.findIndex((l, i) => i > from && l === DOCUMENT_CITATIONS_HEADING);
  return { rows: [], notes: from < 0 ? [] : notes.slice(from, to < 0 ? undefined : to) };
}

/** The authorities listed: a table's rows, or (a guest report's summary) the one line that names them. */
function researchRows(md: string): string[] {
  const { rows, notes } = authorities(md);
  if (rows.length) return rows;
  const line = notes.find((l) => l.startsWith('Authorities relied on'));
  if (!line) return [];
  // "Authorities relied on (all in the bundled index): A; B." says where once for all of them.
  const [, all, names] = /^Authorities relied on(?: \((?:all )?(.+?)\))?: (.*)\.$/.exec(line) ?? [];
  return (names ?? '').split('; ').map((n) => (all ? `${n} — ${all}` : n));
}
const documentRows = (md: string) => (md.includes(`### ${DOCUMENT_CITATIONS_HEADING}`) ? listed(md, DOCUMENT_CITATIONS_HEADING).rows : []);

describe('citations per tier: the report lists no more authorities than the tier allows', () => {
  it('reads the caps from the tier table (DESIGN §2: 3 / 10 / 20)', () => {
    expect(TIERS.map((t) => getTiers()[t].maxCitations)).toEqual([3, 10, 20]);
  });

  it.each(TIERS)('caps a %s report with more verified authorities than its cap, in all lists together, and says how many more there are', (tier) => {
    const cap = getTiers()[tier].maxCitations;
    const markdown = renderReport(report(tier, cap + 4, 3));
    const research = researchRows(markdown);
    const documents = documentRows(markdown);

    expect(research).toHaveLength(cap);
    expect(research.map((r) => r.split(' | ')[0])).toEqual(Array.from({ length: cap }, (_, i) => `${authority(i).name}, ${authority(i).citation} — in the bundled index`));
    expect(documents).toEqual([]);
    expect(research.length + documents.length).toBeLessThanOrEqual(cap);
    expect(authorities(markdown).notes).toContain(`4 more verified authorities are not listed: a ${tier}-tier report lists at most ${cap} citations in all (bundle.json has every one).`);
    // None of the file's citations fits: the count is said, with no empty heading over it.
    expect(markdown).toContain(`_3 confirmed citations from the file are not listed: a ${tier}-tier report lists at most ${cap} citations in all (bundle.json has every one)._`);
    expect(markdown).not.toContain(`### ${DOCUMENT_CITATIONS_HEADING}`);
    // Nothing past the cap is named anywhere, and the unverified one never is.
    expect(markdown).not.toContain(authority(cap).citation);
    expect(markdown).not.toContain('2020 FCA 200');
    expect(markdown).not.toContain(authority(999).citation);
  });

  it.each(TIERS)('fills a %s report’s remaining places with the citations confirmed in the file, then counts the rest', (tier) => {
    const cap = getTiers()[tier].maxCitations;
    const markdown = renderReport(report(tier, cap - 1, 3));
    expect(researchRows(markdown)).toHaveLength(cap - 1);
    expect(documentRows(markdown).map((r) => r.split(' | ')[0])).toEqual(['2020 FCA 200']);
    expect(listed(markdown, DOCUMENT_CITATIONS_HEADING).notes).toContain(`2 more confirmed citations from the file are not listed: a ${tier}-tier report lists at most ${cap} citations in all (bundle.json has every one).`);
    expect(authorities(markdown).notes.join(' ')).not.toMatch(/not listed/);
  });

  it.each(TIERS)('lists every verified authority of a %s report within its cap, and says nothing about a limit', (tier) => {
    const cap = getTiers()[tier].maxCitations;
    const markdown = renderReport(report(tier, cap - 1, 1));
    expect(researchRows(markdown).length + documentRows(markdown).length).toBe(cap);
    expect(markdown).not.toMatch(/not listed: a/);
  });
});
