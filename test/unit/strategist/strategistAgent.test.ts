import { strategistAgent } from '../../../lambdas/agents/strategist/strategistAgent';
import { StrategistOutput } from '../../../lambdas/contracts/strategistOutput';
import { logger } from '../../../lambdas/core/observability/logger';
import type { DetectiveOutput } from '../../../lambdas/contracts/detectiveOutput';
import { MissingStageOutput } from '../../../lambdas/core/stage/stageErrors';
import { STRONG_SPOUSAL } from './spousalCaseTexts';
import { intakeOf, jsonBlobs, strategistContext } from './strategistFixtures';
import { WEAK_STUDY } from './studyCaseTexts';

const detective: DetectiveOutput = {
  plan: [
    { id: 'funds', description: 'source of funds for a study permit', query: 'funds', topics: ['financial-capacity'], reason: 'bank statement in the file' },
    { id: 'ties', description: 'ties to the home country', query: 'ties', topics: ['study-permit'], reason: 'application type' },
  ],
  authorities: [],
  similarCases: [],
  deepResearch: { status: 'skipped', reason: 'tier', findings: [] },
  researchCalls: { used: 2, limit: 6 },
  excluded: [],
  notes: [],
};

describe('strategist agent', () => {
  afterEach(() => jest.restoreAllMocks());

  it('reads every document intake stored and returns an output that passes the contract', async () => {
    const { intake, extracted } = await intakeOf(WEAK_STUDY);
    const blobs = jsonBlobs(extracted);
    const result = await strategistAgent.run(strategistContext({ intake, blobs }));
    expect(blobs.read.sort()).toEqual([...extracted.keys()].sort());
    expect(StrategistOutput.parse(result.output)).toEqual(result.output);
    expect(result.status).toBe(`ok:score ${result.output.defensibilityScore}, confidence ${result.output.confidence}`);
  });

  it('mentions the issues the detective researched, and nothing more from its output', async () => {
    const { intake, extracted } = await intakeOf(WEAK_STUDY);
    const withResearch = await strategistAgent.run(strategistContext({ intake, blobs: jsonBlobs(extracted), detective }));
    const without = await strategistAgent.run(strategistContext({ intake, blobs: jsonBlobs(extracted) }));
    expect(withResearch.output.rationale).toContain('Legal research covered 2 issue(s): source of funds for a study permit; ties to the home country.');
    expect({ ...withResearch.output, rationale: '' }).toEqual({ ...without.output, rationale: '' });
  });

  it('scores the same file the same way every time', async () => {
    const { intake, extracted } = await intakeOf(STRONG_SPOUSAL);
    const first = await strategistAgent.run(strategistContext({ intake, blobs: jsonBlobs(extracted) }));
    const second = await strategistAgent.run(strategistContext({ intake, blobs: jsonBlobs(extracted) }));
    expect(second.output).toEqual(first.output);
  });

  it('lowers confidence when a document could not be read', async () => {
    const { intake, extracted } = await intakeOf(STRONG_SPOUSAL);
    intake.documents.push({ docId: 'scan.pdf', name: 'scan.pdf', status: 'needs-ocr', statusDetail: 'no text layer', type: 'other', typeReason: 'unknown', pages: 1, characters: 0 });
    const result = await strategistAgent.run(strategistContext({ intake, blobs: jsonBlobs(extracted) }));
    expect(result.output.confidence).toBe('medium');
    expect(result.output.confidenceReason).toContain('1 document(s) could not be read');
  });

  it('needs the intake output', async () => {
    await expect(strategistAgent.run(strategistContext({ blobs: jsonBlobs(new Map()) }))).rejects.toBeInstanceOf(MissingStageOutput);
  });

  it('fails (and so falls back) rather than score a file whose stored text is missing', async () => {
    const { intake, extracted } = await intakeOf(WEAK_STUDY);
    extracted.delete(intake.extractedText['bank-statement-meghna.txt']);
    await expect(strategistAgent.run(strategistContext({ intake, blobs: jsonBlobs(extracted) }))).rejects.toMatchObject({ name: 'BlobNotFound' });
  });

  it('logs ids, counts and the score only, never document text or names', async () => {
    const info = jest.spyOn(logger, 'info').mockImplementation(() => undefined);
    const { intake, extracted } = await intakeOf(WEAK_STUDY);
    const result = await strategistAgent.run(strategistContext({ intake, blobs: jsonBlobs(extracted) }));
    expect(info).toHaveBeenCalledWith('strategist scored the file', {
      auditId: 'aud-strategist',
      stage: 'strategist',
      applicationType: 'study-permit',
      rubric: 'study-permit@1.0',
      documentsRead: 5,
      documentsUnread: 0,
      factors: result.output.factors.length,
      byRating: expect.any(Object),
      rubricScore: result.output.rubricScore,
      confidence: result.output.confidence,
    });
    const logged = JSON.stringify(info.mock.calls);
    for (const secret of ['Hasan', 'Rafiqul', 'Toronto', 'CASH DEPOSIT', 'bank-statement-meghna', 'unemployed']) expect(logged).not.toContain(secret);
  });
});
