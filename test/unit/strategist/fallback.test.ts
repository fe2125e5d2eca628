import { strategistAgent } from '../../../lambdas/agents/strategist/strategistAgent';
import { StrategistOutput } from '../../../lambdas/contracts/strategistOutput';
import { jsonBlobs, session, strategistContext } from './strategistFixtures';

class BlobNotJson extends Error {
  override readonly name = 'BlobNotJson';
}

describe('strategist fallback', () => {
  it('is a valid output with score 0, low confidence and a weakness saying the analysis could not run', () => {
    const out = strategistAgent.fallback!(strategistContext({ blobs: jsonBlobs(new Map()) }), new BlobNotJson('bad'));
    expect(StrategistOutput.parse(out)).toEqual(out);
    expect(out).toMatchObject({ rubricScore: 0, defensibilityScore: 0, confidence: 'low', modelAdjustment: null, factors: [] });
    expect(out.weaknesses).toEqual([{ text: expect.stringContaining('could not run (BlobNotJson)') }]);
    expect(out.strengths).toEqual([]);
  });

  it('keeps the application type intake recognised when its output is in the session', () => {
    const ctx = strategistContext({
      blobs: jsonBlobs(new Map()),
      session: session({ outputs: { intake: { inline: { applicationType: 'work-permit' } } } }),
    });
    expect(strategistAgent.fallback!(ctx, new Error('x')).applicationType).toBe('work-permit');
  });

  it('falls back to the unknown type when intake output is not inline', () => {
    const ctx = strategistContext({ blobs: jsonBlobs(new Map()), session: session({ outputs: { intake: { s3Key: 'k', bytes: 10 } } }) });
    expect(strategistAgent.fallback!(ctx, new Error('x')).applicationType).toBe('unknown');
  });

  it('can never raise a score: every field that carries one is 0', () => {
    const out = strategistAgent.fallback!(strategistContext({ blobs: jsonBlobs(new Map()) }), new Error('x'));
    expect([out.rubricScore, out.defensibilityScore]).toEqual([0, 0]);
    expect(out.evidencePlan).toEqual({ baseline: [], live: [], strategic: [] });
  });
});
