import { readAuditSettings } from '../../../lambdas/core/settings/auditSettings';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { verifierAgent } from '../../../lambdas/agents/verifier/verifierAgent';
import { logger } from '../../../lambdas/core/observability/logger';
import { CANLII_API_KEY_SECRET_SETTING, forgetCanliiApiKey } from '../../../lambdas/core/research/canliiApiKey';
import type { DetectiveOutput } from '../../../lambdas/contracts/detectiveOutput';
import type { Session } from '../../../lambdas/core/session/sessionSchema';
import type { SessionStore } from '../../../lambdas/core/session/sessionStore';
import type { AgentContext } from '../../../lambdas/core/stage/stageContract';
import type { BlobStore } from '../../../lambdas/core/storage/blobStore';
import { getTiers, getWorkflow } from '../../../workflows/registry';
import { type FakeCanlii, REAL_UNINDEXED, startFakeCanlii } from './fakeCanliiServer';

/** The Verifier as deployed on AWS: the CanLII key in a Secrets Manager secret the function is told the name of. */

const SECRET = 'case-audit/canlii';

const detective: DetectiveOutput = {
  plan: [],
  authorities: [
    {
      kind: 'case',
      citation: '2006 FC 1283',
      name: 'Hassani v. Canada (Citizenship and Immigration)',
      proposition: 'an officer must put credibility concerns to the applicant',
      issueId: 'procedural-fairness',
      source: 'mcp',
      score: 1,
      confidence: 'medium',
    },
  ],
  similarCases: [],
  deepResearch: { status: 'skipped', reason: 'tier', findings: [] },
  researchCalls: { used: 1, limit: 6 },
  excluded: [],
  notes: [],
};

function context(): AgentContext {
  const workflow = getWorkflow('risk-audit');
  const session: Session = {
    auditId: 'aud-canlii-secret',
    caseId: 'case-canlii',
    owner: 'local',
    workflowType: 'risk-audit',
    tier: 'pro',
    model: 'none',
    gateMode: 'live',
    status: 'RUNNING',
    currentStage: 'verifier',
    completedStages: ['intake', 'detective', 'strategist', 'gatekeeper'],
    outputs: {},
    stageStatus: {},
    stageTimings: {},
    retries: {},
    verificationIterations: 0,
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
    outputOf: async <T>(stageId: string) => ({ detective })[stageId as 'detective'] as T | undefined,
  };
}

describe('the Verifier with the CanLII key in Secrets Manager (CASE_AUDIT_CANLII_API_KEY_SECRET)', () => {
  const secrets = mockClient(SecretsManagerClient);
  let fake: FakeCanlii;

  beforeAll(async () => {
    fake = await startFakeCanlii(REAL_UNINDEXED);
  });
  afterAll(async () => {
    secrets.restore();
    await fake.close();
  });
  beforeEach(() => {
    secrets.reset();
    forgetCanliiApiKey();
    fake.requests.length = 0;
    process.env[CANLII_API_KEY_SECRET_SETTING] = SECRET;
    process.env.CASE_AUDIT_CANLII_ENDPOINT = fake.endpoint;
  });
  afterEach(() => {
    delete process.env[CANLII_API_KEY_SECRET_SETTING];
    delete process.env.CASE_AUDIT_CANLII_ENDPOINT;
    jest.restoreAllMocks();
  });

  it('reads the key from the secret and confirms on CanLII a decision the index lacks', async () => {
    secrets.on(GetSecretValueCommand, { SecretId: SECRET }).resolves({ SecretString: fake.apiKey });
    const { output, status } = await verifierAgent.run(context());
    expect(fake.requests).toEqual([expect.objectContaining({ path: '/v1/caseBrowse/en/fct/2006fc1283/', apiKey: fake.apiKey })]);
    expect(output.checked.find((c) => c.citation === '2006 FC 1283')).toMatchObject({ verdict: 'verified', detail: expect.stringMatching(/^confirmed on CanLII/) });
    expect(status).toBe('ok:1 citations verified, 1 CanLII lookup');
    expect(process.env.CASE_AUDIT_CANLII_API_KEY).toBeUndefined();
  });

  it('verifies offline when the secret cannot be read: the citation stays unverified and the status says why, without the key', async () => {
    // What Secrets Manager answers a role without GetSecretValue on the secret.
    secrets.on(GetSecretValueCommand).rejects(Object.assign(new Error('not authorized to perform: secretsmanager:GetSecretValue'), { name: 'AccessDeniedException' }));
    const error = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    const { output, status } = await verifierAgent.run(context());
    expect(fake.requests).toHaveLength(0);
    expect(output.checked.find((c) => c.citation === '2006 FC 1283')).toMatchObject({ verdict: 'failed', issue: 'unverified' });
    expect(status).toMatch(/^ok:1 of 1 citations failed, CanLII not used \(/);
    expect(status).toContain(`CanLII not used (the CanLII API key could not be read from Secrets Manager secret ${SECRET} (AccessDeniedException))`);
    expect(error).toHaveBeenCalledWith('CanLII API key unavailable; verifying without CanLII', expect.objectContaining({ secret: SECRET, error: 'AccessDeniedException' }));
    expect(JSON.stringify(error.mock.calls)).not.toContain(fake.apiKey);
  });
});
