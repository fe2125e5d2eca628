import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import { ModelThrottled } from '../../../lambdas/core/model/modelErrors';
import { AccountModelSlots } from '../../../lambdas/core/model/resilience/accountModelSlots';

const MODEL = 'bedrock:us.anthropic.claude-haiku-4-5-20251001-v1:0';

/**
 * The account-wide Bedrock governor counts calls in the sessions table, here the local DynamoDB
 * emulator: a burst queues for slots instead of meeting Bedrock's throttling all at once.
 */
describe('account-wide model slots (a semaphore in the sessions table)', () => {
  let rt: LocalRuntime;
  let clock = 1_000_000;
  const slots = (limit: number, leaseMs = 60_000) =>
    new AccountModelSlots({ client: rt.emulators.clients.ddb, tableName: rt.emulators.tableName, limit, leaseMs, now: () => clock, sleep: async (ms) => {
      clock += ms;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }, random: () => 0.5 });

  beforeAll(async () => {
    rt = await startLocalRuntime({ persist: false });
  });
  afterAll(async () => {
    await rt.stop();
  });

  it('lets `limit` callers in at once, across separate processes (separate instances), and the next one in when a slot is given back', async () => {
    const a = slots(2);
    const b = slots(2);
    const first = await a.acquire(`${MODEL}#1`, 1_000);
    const second = await b.acquire(`${MODEL}#1`, 1_000);
    const start = clock;
    const third = a.acquire(`${MODEL}#1`, 600_000);
    // The third waits (the clock only moves while it sleeps); a slot given back lets it in.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await first();
    const release = await third;
    expect(clock).toBeGreaterThan(start);
    await second();
    await release();
  });

  it('throttles a caller whose wait runs past its time, naming the limit (the step then falls back to rules)', async () => {
    const holder = await slots(1).acquire(`${MODEL}#2`, 1_000);
    const waited = await slots(1).acquire(`${MODEL}#2`, 5_000).catch((e: unknown) => e);
    expect(waited).toBeInstanceOf(ModelThrottled);
    expect((waited as Error).message).toMatch(/all 1 account-wide slots for .* stayed busy for 5 s/);
    await holder();
  });

  it('frees the slot of a holder that died once its lease has run out', async () => {
    await slots(1, 10_000).acquire(`${MODEL}#3`, 1_000); // never released
    clock += 10_001;
    const next = await slots(1, 10_000).acquire(`${MODEL}#3`, 1_000);
    await next();
  });

  it('counts each model apart', async () => {
    const one = await slots(1).acquire(`${MODEL}#4`, 1_000);
    const other = await slots(1).acquire('bedrock:global.anthropic.claude-sonnet-4-5-20250929-v1:0#4', 1_000);
    await one();
    await other();
  });

  it('keeps every holder when many race for the same item (conditional writes on its version)', async () => {
    const racers = await Promise.all(Array.from({ length: 6 }, () => slots(6).acquire(`${MODEL}#5`, 60_000)));
    const item = await rt.emulators.clients.ddb.send(new (await import('@aws-sdk/lib-dynamodb')).GetCommand({ TableName: rt.emulators.tableName, Key: { pk: `MODEL_SLOTS#${MODEL}#5`, sk: 'SLOTS' }, ConsistentRead: true }));
    expect(Object.keys((item.Item as { holders: Record<string, number> }).holders)).toHaveLength(6);
    await Promise.all(racers.map((release) => release()));
    const after = await rt.emulators.clients.ddb.send(new (await import('@aws-sdk/lib-dynamodb')).GetCommand({ TableName: rt.emulators.tableName, Key: { pk: `MODEL_SLOTS#${MODEL}#5`, sk: 'SLOTS' }, ConsistentRead: true }));
    expect((after.Item as { holders: Record<string, number> }).holders).toEqual({});
  });
});
