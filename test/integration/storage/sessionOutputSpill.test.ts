import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { startEmulators, type Emulators } from '../../../local/emulators';
import { sessionKey } from '../../../lambdas/core/session/sessionKeys';
import { newSession } from './sessionFixtures';

function bigOutput(bytes: number, seed: string): { seed: string; paragraphs: string[] } {
  const paragraph = `${seed}: The applicant's ties to the home country are documented in the bank statement. `;
  return { seed, paragraphs: Array.from({ length: Math.ceil(bytes / paragraph.length) }, (_, i) => `${i} ${paragraph}`) };
}

describe('SessionStore: large outputs go to S3', () => {
  let emu: Emulators;
  beforeAll(async () => {
    emu = await startEmulators();
  });
  afterAll(async () => {
    await emu.stop();
  });

  async function rawItemBytes(auditId: string): Promise<number> {
    const { Item } = await emu.clients.ddb.send(new GetCommand({ TableName: emu.tableName, Key: sessionKey(auditId) }));
    return Buffer.byteLength(JSON.stringify(Item));
  }

  it('keeps a 300 KB output in S3 with a pointer in the item and reads it back identically', async () => {
    const created = await emu.store.create(newSession());
    const output = bigOutput(300_000, 'intake');

    const saved = await emu.store.save({ ...created, outputs: { intake: { inline: output }, small: { inline: { ok: true } } } });
    const read = await emu.store.get(created.auditId);

    expect(read.outputs.intake).toEqual(saved.outputs.intake);
    expect(read.outputs.intake).toEqual({
      s3Key: expect.stringMatching(new RegExp(`^sessions/${created.auditId}/outputs/intake\\.[0-9a-f]{16}\\.json$`)),
      bytes: Buffer.byteLength(JSON.stringify(output)),
    });
    expect(read.outputs.small).toEqual({ inline: { ok: true } });
    expect(await emu.store.readOutput(read, 'intake')).toEqual(output);
    expect(await rawItemBytes(created.auditId)).toBeLessThan(5_000);
  });

  it('spills the largest outputs when several medium ones together would push the item over ~100 KB', async () => {
    const created = await emu.store.create(newSession());
    const outputs = Object.fromEntries(
      ['intake', 'detective', 'strategist', 'gatekeeper', 'verifier', 'judge', 'reporter', 'detective@1'].map((stage) => [
        stage,
        { inline: bigOutput(15_000, stage) },
      ]),
    );

    const saved = await emu.store.save({ ...created, outputs });

    const spilled = Object.values(saved.outputs).filter((o) => 's3Key' in o);
    expect(spilled.length).toBeGreaterThan(0);
    expect(spilled.length).toBeLessThan(8);
    expect(await rawItemBytes(created.auditId)).toBeLessThan(100_000);
    const read = await emu.store.get(created.auditId);
    for (const stage of Object.keys(outputs)) expect(await emu.store.readOutput(read, stage)).toEqual(outputs[stage].inline);
  });

  it('keeps an already-spilled pointer as it is on later saves', async () => {
    const created = await emu.store.create(newSession());
    const first = await emu.store.save({ ...created, outputs: { intake: { inline: bigOutput(40_000, 'x') } } });
    const second = await emu.store.update(created.auditId, (s) => ({ ...s, currentStage: 'detective' }));
    expect(second.outputs.intake).toEqual(first.outputs.intake);
    expect(second.version).toBe(2);
  });
});
