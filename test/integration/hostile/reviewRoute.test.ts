import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiDeps } from '../../../lambdas/api/apiDeps';
import { S3UrlSigner } from '../../../lambdas/api/s3UrlSigner';
import { startAudit } from '../../../lambdas/core/audit/startAudit';
import { documentsPrefix } from '../../../lambdas/core/storage/objectKeys';
import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import { apiCaller } from '../api/apiRequests';

/** Issue 33: POST /audits/{id}/review and the reviewers' queue, through the route Lambdas against dynalite and s3rver. */
jest.setTimeout(300_000);

const EXAMPLE = join(__dirname, '../../../examples/spousal-sponsorship-risk-audit');

describe('POST /audits/{id}/review and GET /audits?status=AWAITING_REVIEW', () => {
  let rt: LocalRuntime;
  let call: ReturnType<typeof apiCaller>;
  const continued: string[] = [];
  beforeAll(async () => {
    rt = await startLocalRuntime({ persist: false });
    const deps: ApiDeps = {
      store: rt.emulators.store,
      blobs: rt.emulators.blobs,
      starter: rt,
      signer: new S3UrlSigner(rt.emulators.clients.s3, rt.emulators.bucket),
      defaults: { gateMode: 'live' },
      uploadUrlSeconds: 900,
      downloadUrlSeconds: 300,
      // As `case-audit serve` continues an execution: it runs again from its session.
      reviews: { continueAfter: async (d) => void continued.push(d.session.auditId) },
    };
    call = apiCaller(() => deps);
    for (const owner of ['alice', 'bob']) {
      for (const name of readdirSync(EXAMPLE).filter((n) => n !== 'audit.json' && n !== 'README.md')) {
        await rt.emulators.blobs.put(`${documentsPrefix(owner, 'spousal')}${name}`, readFileSync(join(EXAMPLE, name)));
      }
    }
  });
  afterAll(async () => {
    await rt.stop();
  });

  async function awaiting(owner: string): Promise<string> {
    const s = await startAudit(
      { store: rt.emulators.store, blobs: rt.emulators.blobs, starter: rt },
      { caseId: 'spousal', workflowType: 'document-list', tier: 'guest', model: 'none', gateMode: 'live', owner, reviewMode: 'policy' },
    );
    expect((await rt.wait(s.auditId)).status).toBe('AWAITING_REVIEW');
    return s.auditId;
  }

  it("lets the audit's owner approve it, answers a stranger 404 as for an audit that does not exist, and answers 409 once it no longer awaits review", async () => {
    const id = await awaiting('alice');
    const stranger = await call('reviewAudit', { sub: 'mallory', pathParameters: { id }, body: { decision: 'approve' } });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe(`audit ${id} not found`);
    expect((await rt.emulators.store.get(id)).status).toBe('AWAITING_REVIEW');

    const ok = await call('reviewAudit', { sub: 'alice', pathParameters: { id }, body: { decision: 'approve', note: 'Fine to send.' } });
    expect(ok.status).toBe(200);
    expect(ok.body.review).toMatchObject({ decision: 'approve', note: 'Fine to send.', reviewer: 'alice' });
    expect(continued).toContain(id);

    const again = await call('reviewAudit', { sub: 'alice', pathParameters: { id }, body: { decision: 'approve' } });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('NotAwaitingReview');
  });

  it('lets a member of the reviewers group decide for any owner; 400 for an unknown stage and for a second return', async () => {
    const id = await awaiting('bob');
    const unknown = await call('reviewAudit', { sub: 'rita', groups: 'reviewers', pathParameters: { id }, body: { decision: 'return', stage: 'judge' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain("cannot return the audit to 'judge'");
    const returned = await call('reviewAudit', { sub: 'rita', groups: 'admins,reviewers', pathParameters: { id }, body: { decision: 'return', stage: 'gatekeeper', note: 'Look again.' } });
    expect(returned.status).toBe(200);
    // The execution runs the gatekeeper again and waits for the second review.
    await rt.startWith(await rt.emulators.store.get(id), {});
    expect((await rt.wait(id)).status).toBe('AWAITING_REVIEW');
    const second = await call('reviewAudit', { sub: 'rita', groups: 'reviewers', pathParameters: { id }, body: { decision: 'return', stage: 'gatekeeper' } });
    expect(second.status).toBe(400);
    expect(second.body.message).toContain('already returned once');
  });

  it("lists the caller's own audits awaiting review, and every owner's to a reviewer", async () => {
    const alices = await awaiting('alice');
    const bobs = await awaiting('bob');
    const own = await call('listAudits', { sub: 'alice', query: { status: 'AWAITING_REVIEW' } });
    expect(own.status).toBe(200);
    const ownIds = own.body.audits.map((a: { auditId: string }) => a.auditId);
    expect(ownIds).toContain(alices);
    expect(ownIds).not.toContain(bobs);
    expect(own.body.audits.every((a: { status: string }) => a.status === 'AWAITING_REVIEW')).toBe(true);
    const queue = await call('listAudits', { sub: 'rita', groups: 'reviewers', query: { status: 'AWAITING_REVIEW' } });
    expect(queue.body.audits.map((a: { auditId: string }) => a.auditId)).toEqual(expect.arrayContaining([alices, bobs]));
    const bogus = await call('listAudits', { sub: 'alice', query: { status: 'DONE' } });
    expect(bogus.status).toBe(400);
  });
});
