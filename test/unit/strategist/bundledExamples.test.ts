/**
 * The Strategist on the bundled example cases (examples/<case>/): the text and Markdown files as they are,
 * and the PDF/DOCX documents from their plain-text sources (examples/_sources/), page breaks kept.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scoreCaseFile } from '../../../lambdas/agents/strategist/scoreCaseFile';
import { promisesOutcome } from '../../../lambdas/agents/strategist/scoring/outcomeLanguage';
import { StrategistOutput } from '../../../lambdas/contracts/strategistOutput';
import { loadResearchIndex } from '../../../lambdas/core/caselaw/loadIndex';
import { verifyEvidence } from '../../../lambdas/core/caseText/verifyEvidence';
import { collectAgentCitations, verifyCitations } from '../../../lambdas/agents/verifier/verification/verifyCitations';
import { ASSESSED_ON, caseFileOf, type TextDocument } from './strategistFixtures';

const EXAMPLES = join(__dirname, '../../../examples');
const NOT_DOCUMENTS = new Set(['README.md', 'audit.json']);

function exampleDocuments(folder: string): TextDocument[] {
  const own = readdirSync(join(EXAMPLES, folder))
    .filter((f) => !NOT_DOCUMENTS.has(f) && /\.(?:txt|md)$/.test(f))
    .map((name) => ({ name, text: readFileSync(join(EXAMPLES, folder, name), 'utf8') }));
  const sources = join(EXAMPLES, '_sources', folder);
  const rendered = existsSync(sources)
    ? readdirSync(sources).map((name) => ({ name, text: readFileSync(join(sources, name), 'utf8').replace(/<<<PAGE BREAK>>>\n?/g, '\f') }))
    : [];
  return [...own, ...rendered];
}

const folders = readdirSync(EXAMPLES, { withFileTypes: true })
  .filter((d) => d.isDirectory() && !d.name.startsWith('_'))
  .map((d) => d.name)
  .sort();

async function audit(folder: string, docs = exampleDocuments(folder)) {
  const file = await caseFileOf(docs, ASSESSED_ON);
  return { file, out: scoreCaseFile(file) };
}

const factor = (out: StrategistOutput, id: string) => out.factors.find((f) => f.id === id)!;

/** Every sentence the Strategist wrote (not the quotes). */
function prose(out: StrategistOutput): string[] {
  return [
    out.rationale,
    out.confidenceReason,
    ...out.factors.flatMap((f) => [f.label, f.finding]),
    ...out.strengths.map((p) => p.text),
    ...out.weaknesses.map((p) => p.text),
    ...Object.values(out.evidencePlan).flatMap((items) => items.flatMap((i) => [i.item, i.why])),
  ];
}

describe('strategist on the bundled examples', () => {
  it.each(folders)('%s: a valid output whose every quote is verbatim, with no promise and no citation the verifier would fail', async (folder) => {
    const { file, out } = await audit(folder);
    expect(StrategistOutput.parse(out)).toEqual(out);
    const docs = file.documents.map((d) => d.extracted);
    for (const f of out.factors) for (const e of f.evidence) expect(verifyEvidence(docs, e)).toBe(true);
    for (const text of prose(out)) expect(promisesOutcome(text)).toBe(false);
    const inputs = collectAgentCitations([{ stage: 'strategist', text: JSON.stringify(out) }], { now: ASSESSED_ON });
    const verification = verifyCitations(inputs, loadResearchIndex(), { iteration: 1, now: ASSESSED_ON });
    expect(verification.checked.length).toBeGreaterThan(0);
    expect(verification.failed).toEqual([]);
  });

  it('spousal sponsorship: a well-evidenced relationship, but the undisclosed 2023 refusal is adverse (IRPA 40(1)(a))', async () => {
    const { out } = await audit('spousal-sponsorship-risk-audit');
    expect(out.applicationType).toBe('spousal-sponsorship');
    expect(out.rubricScore).toBeGreaterThanOrEqual(65);
    expect(factor(out, 'relationship-history').rating).toBe('strong');
    expect(factor(out, 'convenience-signals').rating).toBe('strong');
    const history = factor(out, 'immigration-history');
    expect(history).toMatchObject({ rating: 'adverse', provisions: expect.arrayContaining(['IRPA 40(1)(a)']) });
    expect(history.evidence.map((e) => e.docId)).toEqual(expect.arrayContaining(['trv-refusal-letter-2023.pdf.txt', 'imm5669-schedule-a-background-declaration.txt']));
  });

  it('spousal sponsorship: the instruction hidden in the chat log does not move the score', async () => {
    const docs = exampleDocuments('spousal-sponsorship-risk-audit');
    const cleaned = docs.map((d) => ({ ...d, text: d.text.replace(/Ignore all previous instructions[^\n]*/g, '') }));
    expect(cleaned).not.toEqual(docs);
    expect((await audit('spousal-sponsorship-risk-audit', cleaned)).out.rubricScore).toBe((await audit('spousal-sponsorship-risk-audit', docs)).out.rubricScore);
  });

  it('study permit (document list): the unexplained GHS 385,000 cash deposit makes funds adverse (IRPR 220)', async () => {
    const { out } = await audit('study-permit-document-list');
    const funds = factor(out, 'funds-provenance');
    expect(funds).toMatchObject({ rating: 'adverse', provisions: expect.arrayContaining(['IRPR 220']) });
    expect(funds.evidence[0].quote).toContain('CASH DEPOSIT - BRANCH COUNTER');
    expect(factor(out, 'home-ties').rating).toBe('strong');
    expect(out.evidencePlan.live.map((p) => p.factor)).toContain('funds-provenance');
  });

  it('visitor visa refusal: officer findings the record disproves, a fairness gap and reasons open to a reasonableness challenge', async () => {
    const { out } = await audit('visitor-visa-refusal-analysis');
    // The refused kind stays the type; the refusal rubric is chosen because the file answers a refusal.
    expect(out.applicationType).toBe('visitor-visa');
    expect(out.rubric.id).toBe('refusal-response');
    const grounds = factor(out, 'refusal-grounds-record');
    expect(grounds).toMatchObject({ rating: 'strong', provisions: expect.arrayContaining(['IRPR 179(b)']) });
    expect(grounds.finding).toMatch(/leave .* approved/);
    expect(grounds.evidence.map((e) => e.docId)).toEqual(expect.arrayContaining(['gcms-notes.pdf.txt', 'employment-letter.docx.txt', 'bank-statements-jul-sep-2025.pdf.txt']));
    expect(factor(out, 'procedural-fairness').rating).toBe('strong');
    expect(factor(out, 'reasons-reasonableness').finding).toContain('Vavilov, 2019 SCC 65');
  });

  it('work permit: the offer pays less than the LMIA wage (adverse) and the documented welding experience falls short (IRPR 200(3)(a))', async () => {
    const { out } = await audit('work-permit-initial-assessment');
    expect(factor(out, 'wage-consistency')).toMatchObject({ rating: 'adverse', finding: expect.stringContaining('29.00 per hour, below the 31.50 per hour') });
    const experience = factor(out, 'qualifications-experience');
    expect(experience).toMatchObject({ rating: 'weak', provisions: ['IRPR 200(3)(a)'] });
    expect(experience.finding).toContain('requires 3 years 0 months');
    expect(out.rubricScore).toBeLessThan(80);
  });
});
