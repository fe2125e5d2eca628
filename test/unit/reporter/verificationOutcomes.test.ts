import { incompleteSection, ISSUE_LABELS, verificationSection } from '../../../lambdas/agents/reporter/sections/verificationSection';
import { loadResearchIndex } from '../../../lambdas/core/caselaw/loadIndex';
import { CitationIssue, VerifierOutput } from '../../../lambdas/contracts/verifierOutput';
import { verifyCitations } from '../../../lambdas/agents/verifier/verification/verifyCitations';

const now = new Date('2026-11-22T12:00:00Z');
const index = loadResearchIndex();

/** One citation of each outcome, as a submission letter might cite them. */
const output = VerifierOutput.parse(
  verifyCitations(
    [
      { citation: 'Hassani v. Canada (Minister of Citizenship and Immigration), 2006 FC 1283', foundIn: 'document:letter.docx' },
      { citation: '2031 FC 5', foundIn: 'document:letter.docx' },
      { citation: 'Baker v. Canada, 2019 SCC 65', foundIn: 'strategist' },
      { citation: 'Dunsmuir v. New Brunswick, 2008 SCC 9', foundIn: 'document:letter.docx' },
      { citation: '2014 FCA 113', foundIn: 'document:letter.docx' },
      { citation: '2017 SCC 50', proposition: 'the Court held that a conditional sentence is a term of imprisonment', foundIn: 'document:letter.docx' },
      { citation: '[1999] 2 SCR 817', foundIn: 'detective' },
    ],
    index,
    { iteration: 2, now },
  ),
);

describe('the report speaks the verifier’s outcome words', () => {
  it('labels every outcome by its own word', () => {
    for (const issue of CitationIssue.options) expect(ISSUE_LABELS[issue].startsWith(issue)).toBe(true);
  });

  it('lists each failed citation with its outcome and the action that follows it', () => {
    const section = incompleteSection(output);
    expect(section).toContain('| Hassani v. Canada (Minister of Citizenship and Immigration), 2006 FC 1283 | unverified (may be real, but no configured source confirmed it): could not be verified offline |');
    expect(section).toContain('| 2031 FC 5 | fabricated (this citation cannot exist): 2031 FC 5 cannot exist');
    expect(section).toContain('| Baker v. Canada, 2019 SCC 65 | name-mismatch (the style of cause names another decision)');
    expect(section).toContain('| Dunsmuir v. New Brunswick, 2008 SCC 9 | superseded (no longer good law): overtaken in part by');
    expect(section).toContain('| 2014 FCA 113 | overruled (no longer good law): reversed on appeal by');
    expect(section).toContain('| 2017 SCC 50 | proposition-mismatch (does not support what it is cited for)');
    expect(section).toContain('verify it on CanLII before relying on it');
    expect(section).toContain('remove it: no decision can have this citation');
    expect(section).not.toMatch(/no such decision found/);
  });

  it('says what to do about the outcomes present, and only those', () => {
    const onlyUnverified = { ...output, failed: output.failed.filter((f) => f.issue === 'unverified') };
    const next = (s: string) => s.slice(s.indexOf('**What to do next:**'));
    expect(next(incompleteSection(onlyUnverified))).toMatch(/check an \*unverified\* one on CanLII/i);
    expect(next(incompleteSection(onlyUnverified))).not.toMatch(/fabricated|superseded|name-mismatch/);
    expect(next(incompleteSection(output))).toMatch(/remove a \*fabricated\* citation; replace an \*overruled\* one/i);
  });

  it('counts the outcomes in the verification status, most serious first', () => {
    const session = { auditId: 'aud-1', caseId: 'case-1', workflowType: 'final-review' as const, tier: 'ultra' as const, model: 'none' as const, startedAt: now.toISOString() };
    expect(verificationSection({ verifier: output, detective: undefined, maxCitations: 20, session })).toContain('Not verified: 1 fabricated, 1 overruled, 1 superseded, 1 name-mismatch, 1 proposition-mismatch, 1 unverified.');
  });
});
