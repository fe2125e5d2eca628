import { readAuditSettings } from '../../../lambdas/core/settings/auditSettings';
import { verifierAgent } from '../../../lambdas/agents/verifier/verifierAgent';
import { logger } from '../../../lambdas/core/observability/logger';
import type { Authority, DetectiveOutput } from '../../../lambdas/contracts/detectiveOutput';
import type { VerifierOutput } from '../../../lambdas/contracts/verifierOutput';
import type { Session } from '../../../lambdas/core/session/sessionSchema';
import type { SessionStore } from '../../../lambdas/core/session/sessionStore';
import type { AgentContext } from '../../../lambdas/core/stage/stageContract';
import type { BlobStore } from '../../../lambdas/core/storage/blobStore';
import { getTiers, getWorkflow } from '../../../workflows/registry';
import { deadCanliiEndpoint, type FakeCanlii, REAL_UNINDEXED, startFakeCanlii } from './fakeCanliiServer';

/** The Verifier agent as the CLI and Lambda run it, with CanLII configured through the environment. */

const authority = (citation: string, name: string, proposition: string): Authority => ({
  kind: 'case',
  citation,
  name,
  proposition,
  issueId: 'procedural-fairness',
  source: 'mcp',
  score: 1,
  confidence: 'medium',
});

const HASSANI = authority('2006 FC 1283', 'Hassani v. Canada (Citizenship and Immigration)', 'an officer must put credibility concerns to the applicant');
const UNKNOWN = authority('2022 FC 1734', 'Okafor-Lindqvist v. Canada (Citizenship and Immigration)', 'officers must interview spouses');
const VAVILOV = authority('2019 SCC 65', 'Canada (Minister of Citizenship and Immigration) v. Vavilov', 'reasonableness is the presumptive standard of review');

function detective(used: number, authorities: Authority[] = [HASSANI, UNKNOWN, VAVILOV]): DetectiveOutput {
  return {
    plan: [],
    authorities,
    similarCases: [],
    deepResearch: { status: 'skipped', reason: 'tier', findings: [] },
    researchCalls: { used, limit: 6 },
    excluded: [],
    notes: [],
  };
}

function context(outputs: Record<string, unknown>, verificationIterations = 0): AgentContext {
  const workflow = getWorkflow('risk-audit');
  const session: Session = {
    auditId: 'aud-canlii',
    caseId: 'case-canlii',
    owner: 'local',
    workflowType: 'risk-audit',
    tier: 'pro',
    model: 'none',
    gateMode: 'live',
    status: 'RUNNING',
    currentStage: 'verifier',
    completedStages: ['intake', 'detective', 'strategist', 'gatekeeper', ...(verificationIterations ? ['verifier'] : [])],
    outputs: {},
    stageStatus: {},
    stageTimings: {},
    retries: {},
    verificationIterations,
    usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0 },
    version: 5,
    startedAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:05.000Z',
  };
  return {
    session,
    workflow,
    stage: workflow.stages.find((s) => s.id === 'verifier')!,
    tierFeatures: getTiers().pro,
    store: {} as SessionStore,
    blobs: {} as BlobStore,
    now: () => new Date('2026-03-01T10:00:06.000Z'),
    settings: readAuditSettings(process.env),
    outputOf: async <T>(stageId: string) => outputs[stageId] as T | undefined,
  };
}

const checkedOf = (output: VerifierOutput, citation: string) => output.checked.find((c) => c.citation === citation);

describe('the Verifier with CanLII (CASE_AUDIT_CANLII_API_KEY) against a local fake', () => {
  let fake: FakeCanlii;

  beforeAll(async () => {
    fake = await startFakeCanlii(REAL_UNINDEXED);
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.mode = 'normal';
    process.env.CASE_AUDIT_CANLII_API_KEY = fake.apiKey;
    process.env.CASE_AUDIT_CANLII_ENDPOINT = fake.endpoint;
  });
  afterEach(() => {
    delete process.env.CASE_AUDIT_CANLII_API_KEY;
    delete process.env.CASE_AUDIT_CANLII_ENDPOINT;
    jest.restoreAllMocks();
  });

  it('without the key, never calls CanLII and leaves a real unindexed decision unverified', async () => {
    delete process.env.CASE_AUDIT_CANLII_API_KEY;
    const { output } = await verifierAgent.run(context({ detective: detective(2) }));
    expect(fake.requests).toHaveLength(0);
    expect(output.externalLookups).toBeUndefined();
    expect(checkedOf(output, '2006 FC 1283')).toMatchObject({ verdict: 'failed', issue: 'unverified' });
  });

  it('verifies what CanLII knows, keeps what it does not know unverified, and counts the calls against the audit', async () => {
    const { output, status } = await verifierAgent.run(context({ detective: detective(2) }));
    expect(checkedOf(output, '2006 FC 1283')).toMatchObject({ verdict: 'verified', detail: expect.stringMatching(/^confirmed on CanLII: Hassani v\. Canada/) });
    expect(checkedOf(output, '2022 FC 1734')).toMatchObject({ verdict: 'failed', issue: 'unverified', detail: expect.stringContaining('CanLII has no decision at 2022 FC 1734') });
    expect(checkedOf(output, '2019 SCC 65')?.verdict).toBe('verified');
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1/caseBrowse/en/fct/2006fc1283/', '/v1/caseBrowse/en/fct/2022fc1734/']);
    expect(output.researchCalls).toEqual({ used: 4, limit: 6 });
    expect(output.externalLookups?.map((l) => [l.citation, l.outcome])).toEqual([
      ['2006 FC 1283', 'found'],
      ['2022 FC 1734', 'no-such-case'],
    ]);
    expect(status).toBe('ok:1 of 3 citations failed, 2 CanLII lookups');
  });

  it('reuses the answers of the first verification run in the second, asking CanLII nothing again', async () => {
    const first = (await verifierAgent.run(context({ detective: detective(2) }))).output;
    fake.requests.length = 0;
    const second = (await verifierAgent.run(context({ detective: detective(3), 'verifier@1': first }, 1))).output;
    expect(fake.requests).toHaveLength(0);
    expect(checkedOf(second, '2006 FC 1283')?.verdict).toBe('verified');
    expect(second.researchCalls).toEqual({ used: 4, limit: 6 });
  });

  it('keeps the loop-back reserve before the last run: with one call left, it asks nothing and says why', async () => {
    const { output } = await verifierAgent.run(context({ detective: detective(5) }));
    expect(fake.requests).toHaveLength(0);
    expect(checkedOf(output, '2006 FC 1283')).toMatchObject({ issue: 'unverified', detail: expect.stringContaining('CanLII was not consulted') });
  });

  it.each([
    ['rate-limited', () => void (fake.mode = 'rate-limited'), 'rate-limited'],
    ['down (HTTP 500)', () => void (fake.mode = 'error'), 'ResearchSourceUnavailable'],
  ])('when CanLII is %s, keeps the citations unverified, logs it without document text, and never fails', async (_label, breakIt, reason) => {
    breakIt();
    const warn = jest.spyOn(logger, 'warn');
    const { output } = await verifierAgent.run(context({ detective: detective(2) }));
    expect(fake.requests).toHaveLength(1);
    expect(checkedOf(output, '2006 FC 1283')).toMatchObject({ issue: 'unverified', detail: expect.stringContaining(`CanLII could not be consulted (${reason})`) });
    expect(checkedOf(output, '2022 FC 1734')).toMatchObject({ issue: 'unverified', detail: expect.stringContaining('CanLII was not consulted') });
    expect(warn).toHaveBeenCalledWith('external citation lookup failed; the citation stays unverified', expect.objectContaining({ source: 'canlii', citation: '2006 FC 1283' }));
    expect(JSON.stringify(warn.mock.calls)).not.toMatch(/credibility concerns|interview spouses|Okafor/);
  });

  it('with a malformed endpoint setting, verifies offline and says why CanLII was not used', async () => {
    process.env.CASE_AUDIT_CANLII_ENDPOINT = 'api.canlii.org/v1';
    const { output, status } = await verifierAgent.run(context({ detective: detective(2) }));
    expect(checkedOf(output, '2006 FC 1283')).toMatchObject({ issue: 'unverified' });
    expect(status).toMatch(/CanLII not used \(CASE_AUDIT_CANLII_ENDPOINT must be an http\(s\) URL/);
  });

  it('when nothing listens at the endpoint, keeps the citations unverified and never fails', async () => {
    process.env.CASE_AUDIT_CANLII_ENDPOINT = await deadCanliiEndpoint();
    const { output } = await verifierAgent.run(context({ detective: detective(2) }));
    expect(checkedOf(output, '2006 FC 1283')).toMatchObject({ issue: 'unverified', detail: expect.stringContaining('CanLII could not be consulted') });
  });
});
