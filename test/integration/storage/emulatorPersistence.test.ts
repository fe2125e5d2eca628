import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulators } from '../../../local/emulators';
import { newSession } from './sessionFixtures';

describe('Local emulators: persistence', () => {
  let dataFolder: string;
  beforeAll(async () => {
    dataFolder = await mkdtemp(join(tmpdir(), 'case-audit-persist-'));
  });
  afterAll(async () => {
    await rm(dataFolder, { recursive: true, force: true });
  });

  it('keeps sessions, events and objects across stop and restart on the same dataFolder', async () => {
    const init = newSession();
    const first = await startEmulators({ dataFolder });
    const created = await first.store.create(init);
    const saved = await first.store.save({ ...created, currentStage: 'detective', outputs: { intake: { inline: { big: 'x'.repeat(20_000) } } } });
    await first.store.appendEvent(init.auditId, { type: 'stage-completed', stage: 'intake' });
    await first.blobs.put('cases/local/case-001/documents/letter.txt', 'Dear officer');
    await first.stop();

    const second = await startEmulators({ dataFolder });
    try {
      expect(await second.store.get(init.auditId)).toEqual(saved);
      expect(await second.store.readOutput(saved, 'intake')).toEqual({ big: 'x'.repeat(20_000) });
      expect((await second.store.listEvents(init.auditId)).map((e) => e.type)).toEqual(['stage-completed']);
      expect(await second.blobs.getText('cases/local/case-001/documents/letter.txt')).toBe('Dear officer');
      const resumed = await second.store.update(init.auditId, (s) => ({ ...s, completedStages: ['intake'] }));
      expect(resumed.version).toBe(2);
    } finally {
      await second.stop();
    }
  });

  it('lets a second runtime on a dataFolder in use attach to the first and share its data', async () => {
    const first = await startEmulators({ dataFolder });
    const second = await startEmulators({ dataFolder });
    try {
      expect([first.home.role, second.home.role]).toEqual(['host', 'attached']);
      expect(second.endpoints).toEqual(first.endpoints);
      const init = newSession();
      await second.store.create(init);
      expect((await first.store.get(init.auditId)).auditId).toBe(init.auditId);
      await second.home.claim(init.auditId);
      expect(await first.home.runningAudits()).toEqual({ [init.auditId]: process.pid });
      await expect(first.home.claim(init.auditId)).rejects.toMatchObject({ name: 'AuditAlreadyRunning', pid: process.pid });
    } finally {
      await second.stop();
      await first.stop();
    }
    expect(await readdir(dataFolder)).not.toContain('runtime.lock');
    const again = await startEmulators({ dataFolder });
    expect(again.home.role).toBe('host');
    await again.stop();
  });

  it('starts empty when not persisting', async () => {
    const init = newSession();
    const first = await startEmulators();
    await first.store.create(init);
    await first.stop();

    const second = await startEmulators();
    try {
      await expect(second.store.get(init.auditId)).rejects.toMatchObject({ name: 'SessionNotFound' });
    } finally {
      await second.stop();
    }
  });

  it('can be stopped twice', async () => {
    const emu = await startEmulators();
    await emu.stop();
    await expect(emu.stop()).resolves.toBeUndefined();
  });
});
