import { startEmulators, type Emulators } from '../../../local/emulators';
import { newSession } from './sessionFixtures';

describe('SessionStore: optimistic locking under concurrency', () => {
  let emu: Emulators;
  beforeAll(async () => {
    emu = await startEmulators();
  });
  afterAll(async () => {
    await emu.stop();
  });

  it('loses no update when 20 writers update one session concurrently', async () => {
    const { auditId } = await emu.store.create(newSession());
    const writers = Array.from({ length: 20 }, (_, i) => `writer-${i}`);

    await Promise.all(
      writers.map((id) =>
        emu.store.update(auditId, (s) => ({
          ...s,
          completedStages: [...s.completedStages, id],
          retries: { ...s.retries, counter: (s.retries.counter ?? 0) + 1 },
        })),
      ),
    );

    const final = await emu.store.get(auditId);
    expect([...final.completedStages].sort()).toEqual([...writers].sort());
    expect(final.retries.counter).toBe(20);
    expect(final.version).toBe(20);
  });

  it('gives up with the last VersionConflict after maxAttempts', async () => {
    const { auditId } = await emu.store.create(newSession());
    // Every attempt is overtaken by another write made from inside the mutation.
    const interfering = emu.store.update(
      auditId,
      async (s) => {
        await emu.store.update(auditId, (t) => ({ ...t, verificationIterations: t.verificationIterations + 1 }));
        return { ...s, currentStage: 'never-written' };
      },
      { maxAttempts: 3 },
    );
    await expect(interfering).rejects.toMatchObject({ name: 'VersionConflict', auditId });
    const final = await emu.store.get(auditId);
    expect(final.verificationIterations).toBe(3);
    expect(final.currentStage).toBeNull();
  });
});
