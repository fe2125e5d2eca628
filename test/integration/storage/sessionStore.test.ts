import { startEmulators, type Emulators } from '../../../local/emulators';
import { SessionAlreadyExists, SessionNotFound, VersionConflict } from '../../../lambdas/core/session/sessionErrors';
import type { Session } from '../../../lambdas/core/session/sessionSchema';
import { newSession } from './sessionFixtures';

describe('SessionStore: create, get and save', () => {
  let emu: Emulators;
  beforeAll(async () => {
    emu = await startEmulators();
  });
  afterAll(async () => {
    await emu.stop();
  });

  it('creates a RUNNING session at version 0 with empty collections and reads it back unchanged', async () => {
    const init = newSession({ executionArn: 'arn:aws:states:ca-central-1:000000000000:execution:risk-audit:x' });
    const created = await emu.store.create(init);

    expect(created).toMatchObject({ ...init, status: 'RUNNING', version: 0, currentStage: null, completedStages: [], outputs: {} });
    expect(created.usage).toEqual({ modelCalls: 0, inputTokens: 0, outputTokens: 0 });
    expect(created.startedAt).toBe(created.updatedAt);
    expect(await emu.store.get(init.auditId)).toEqual(created);
  });

  it('saves changes as the next version and round-trips arbitrary JSON outputs exactly', async () => {
    const created = await emu.store.create(newSession());
    const output = {
      score: 72.125,
      tiny: 1.5e-7,
      huge: 1.7976931348623157e308,
      empty: '',
      emptyList: [],
      emptyMap: {},
      nested: [{ a: null, b: [true, false], 'key with spaces': 'é—✓' }],
    };
    const changed: Session = {
      ...created,
      currentStage: 'detective',
      completedStages: ['intake'],
      outputs: { intake: { inline: output }, 'detective@1': { inline: 'plain string' }, flag: { inline: null } },
      stageStatus: { intake: 'ok', detective: 'ok:rules only' },
      stageTimings: { intake: { startedAt: created.startedAt, endedAt: created.startedAt, elapsedMs: 12.5 } },
      retries: { intake: 1 },
      usage: { modelCalls: 2, inputTokens: 300, outputTokens: 40 },
    };

    const saved = await emu.store.save(changed);
    const read = await emu.store.get(created.auditId);

    expect(saved.version).toBe(1);
    expect(read).toEqual(saved);
    expect(read.outputs.intake).toEqual({ inline: output });
    expect(await emu.store.readOutput(read, 'intake')).toEqual(output);
    expect(await emu.store.readOutput(read, 'flag')).toBeNull();
    expect(await emu.store.readOutput(read, 'judge')).toBeUndefined();
  });

  it('refuses to create a second session with the same audit id (SessionAlreadyExists)', async () => {
    const init = newSession();
    await emu.store.create(init);
    await expect(emu.store.create(init)).rejects.toBeInstanceOf(SessionAlreadyExists);
  });

  it('throws SessionNotFound naming the audit for an unknown audit id', async () => {
    const err = await emu.store.get('no-such-audit').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SessionNotFound);
    expect((err as SessionNotFound).auditId).toBe('no-such-audit');
    expect((err as Error).message).toContain('no-such-audit');
  });

  it('rejects a save with a stale version with a VersionConflict carrying the audit id and expected version', async () => {
    const created = await emu.store.create(newSession());
    await emu.store.save({ ...created, currentStage: 'intake' });

    const err = await emu.store.save({ ...created, currentStage: 'detective' }).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(VersionConflict);
    expect(err).toMatchObject({ auditId: created.auditId, expectedVersion: 0, actualVersion: 1 });
    expect((await emu.store.get(created.auditId)).currentStage).toBe('intake');
  });

  it('refuses an update whose mutation changes the audit id or the version (InvalidSessionMutation)', async () => {
    const created = await emu.store.create(newSession());
    await expect(emu.store.update(created.auditId, (s) => ({ ...s, version: s.version + 5 }))).rejects.toMatchObject({
      name: 'InvalidSessionMutation',
      auditId: created.auditId,
    });
    await expect(emu.store.update(created.auditId, (s) => ({ ...s, auditId: 'other' }))).rejects.toMatchObject({ name: 'InvalidSessionMutation' });
    expect((await emu.store.get(created.auditId)).version).toBe(0);
  });

  it('applies an update to the copy the caller already holds, without reading it again', async () => {
    const created = await emu.store.create(newSession());
    const get = jest.spyOn(emu.store, 'get');
    try {
      const saved = await emu.store.update(created.auditId, (s) => ({ ...s, currentStage: 'intake' }), { current: created });
      expect(get).not.toHaveBeenCalled();
      expect(saved).toMatchObject({ version: 1, currentStage: 'intake' });
    } finally {
      get.mockRestore();
    }
  });

  it('re-applies an update to a fresh read when the copy the caller holds is out of date (no lost update)', async () => {
    const created = await emu.store.create(newSession());
    await emu.store.update(created.auditId, (s) => ({ ...s, retries: { ...s.retries, gatekeeper: 1 } }));
    const saved = await emu.store.update(created.auditId, (s) => ({ ...s, currentStage: 'verifier' }), { current: created });
    expect(saved).toMatchObject({ version: 2, currentStage: 'verifier', retries: { gatekeeper: 1 } });
  });
});
