import { startEmulators, type Emulators } from '../../../local/emulators';
import { SessionStore } from '../../../lambdas/core/session/sessionStore';
import { newSession, steppingClock } from './sessionFixtures';

describe('SessionStore: listing an owner’s audits', () => {
  let emu: Emulators;
  let store: SessionStore;
  beforeAll(async () => {
    emu = await startEmulators();
    store = new SessionStore({ ddb: emu.clients.ddb, tableName: emu.tableName, blobs: emu.blobs, clock: steppingClock() });
  });
  afterAll(async () => {
    await emu.stop();
  });

  it('lists the owner’s sessions newest first, filtered by case id and limited', async () => {
    const first = await store.create(newSession({ owner: 'alice', caseId: 'case-a' }));
    const second = await store.create(newSession({ owner: 'alice', caseId: 'case-b' }));
    await store.create(newSession({ owner: 'bob', caseId: 'case-a' }));
    const third = await store.create(newSession({ owner: 'alice', caseId: 'case-a' }));

    const all = await store.listByOwner('alice');
    const caseA = await store.listByOwner('alice', { caseId: 'case-a' });
    const latest = await store.listByOwner('alice', { limit: 2 });
    const latestOfCaseA = await store.listByOwner('alice', { caseId: 'case-a', limit: 1 });

    expect(all.map((s) => s.auditId)).toEqual([third.auditId, second.auditId, first.auditId]);
    expect(caseA.map((s) => s.auditId)).toEqual([third.auditId, first.auditId]);
    expect(latest.map((s) => s.auditId)).toEqual([third.auditId, second.auditId]);
    expect(latestOfCaseA.map((s) => s.auditId)).toEqual([third.auditId]);
    expect(all[0]).toEqual(third);
    expect(await store.listByOwner('nobody')).toEqual([]);
  });
});
