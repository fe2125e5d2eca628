import { startEmulators, type Emulators } from '../../../local/emulators';
import { newSession } from './sessionFixtures';

describe('SessionStore: transparency log events', () => {
  let emu: Emulators;
  beforeAll(async () => {
    emu = await startEmulators();
  });
  afterAll(async () => {
    await emu.stop();
  });

  it('lists events in the order they were appended, even within the same millisecond', async () => {
    const { auditId } = await emu.store.create(newSession());
    const types = Array.from({ length: 30 }, (_, i) => `event-${String(i).padStart(2, '0')}`);
    for (const type of types) await emu.store.appendEvent(auditId, { type, stage: 'intake', detail: { i: type } });

    const events = await emu.store.listEvents(auditId);

    expect(events.map((e) => e.type)).toEqual(types);
    expect(events[0]).toEqual({ at: expect.any(String), type: 'event-00', stage: 'intake', detail: { i: 'event-00' } });
  });

  it('orders events by their timestamp and keeps details exactly', async () => {
    const { auditId } = await emu.store.create(newSession());
    await emu.store.appendEvent(auditId, { type: 'gate', at: '2025-01-01T00:00:02.000Z', detail: { verdict: 'WARN', score: 0.5, note: '' } });
    await emu.store.appendEvent(auditId, { type: 'start', at: '2025-01-01T00:00:01.000Z' });

    const events = await emu.store.listEvents(auditId);

    expect(events).toEqual([
      { type: 'start', at: '2025-01-01T00:00:01.000Z', detail: {} },
      { type: 'gate', at: '2025-01-01T00:00:02.000Z', detail: { verdict: 'WARN', score: 0.5, note: '' } },
    ]);
  });

  it('keeps events of different audits apart and out of the session item', async () => {
    const a = await emu.store.create(newSession());
    const b = await emu.store.create(newSession());
    await emu.store.appendEvent(a.auditId, { type: 'only-a' });
    expect(await emu.store.listEvents(b.auditId)).toEqual([]);
    expect(await emu.store.get(a.auditId)).toEqual(a);
  });
});
