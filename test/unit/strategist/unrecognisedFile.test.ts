import { scoreCaseFile } from '../../../lambdas/agents/strategist/scoreCaseFile';
import { StrategistOutput } from '../../../lambdas/contracts/strategistOutput';
import { caseFileOf } from './strategistFixtures';
import { UNRECOGNISED_FILE } from './unrecognisedCaseTexts';

describe('strategist: unrecognised application type', () => {
  it('still scores the file, on the minimal rubric, with low confidence and says why', async () => {
    const file = await caseFileOf(UNRECOGNISED_FILE);
    expect(file.applicationType).toBe('unknown');
    const out = StrategistOutput.parse(scoreCaseFile(file));
    expect(out.rubric.id).toBe('unknown');
    expect(out.rubricScore).toBeGreaterThanOrEqual(0);
    expect(out.confidence).toBe('low');
    expect(out.confidenceReason).toMatch(/application type was not recognised \(.+\)/);
    expect(out.confidenceReason).toContain('Treat the score as indicative only');
  });

  it('recommends the application form so that the type can be recognised', async () => {
    const out = scoreCaseFile(await caseFileOf(UNRECOGNISED_FILE));
    expect(out.evidencePlan.strategic.map((p) => p.item)).toEqual(expect.arrayContaining([expect.stringContaining('application form')]));
  });

  it('does not crash on a file with no readable document', async () => {
    const file = { ...(await caseFileOf(UNRECOGNISED_FILE)), documents: [], unread: [{ docId: 'scan.pdf', name: 'scan.pdf', status: 'needs-ocr' as const }] };
    const out = scoreCaseFile(file);
    expect(out.rubricScore).toBe(0);
    expect(out.confidence).toBe('low');
    expect(out.factors.every((f) => f.rating === 'no-evidence')).toBe(true);
  });
});
