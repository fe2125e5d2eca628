import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulators } from '../local/emulators';
import type { Session } from '../lambdas/core/session/sessionSchema';

const OPS = 500;

function percentile(sortedMs: number[], p: number): number {
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return Number(sortedMs[Math.max(0, index)].toFixed(3));
}

async function time(ops: number, op: (i: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < ops; i++) {
    const t0 = performance.now();
    await op(i);
    samples.push(performance.now() - t0);
  }
  return samples.sort((a, b) => a - b);
}

/** Stage outputs of the size a mid-audit session carries (profile, research, score, gate results). */
function realisticOutputs(): Session['outputs'] {
  const evidence = (i: number) => ({ docId: `doc-${i % 7}`, page: (i % 12) + 1, quote: `The applicant stated item ${i} in the submission letter.` });
  return {
    intake: {
      inline: {
        applicationType: 'spousal-sponsorship',
        documents: Array.from({ length: 12 }, (_, i) => ({ name: `doc-${i}.pdf`, type: 'bank-statement', pages: 3, status: 'ok' })),
        facts: Array.from({ length: 40 }, (_, i) => ({ field: `fact-${i}`, value: `value ${i}`, evidence: [evidence(i)] })),
      },
    },
    detective: {
      inline: {
        citations: Array.from({ length: 10 }, (_, i) => ({ citation: `20${10 + i} FC ${100 + i}`, proposition: 'Genuineness of the relationship', confidence: 0.8 })),
      },
    },
    strategist: {
      inline: {
        score: 68,
        factors: Array.from({ length: 8 }, (_, i) => ({ name: `factor-${i}`, weight: 0.125, finding: 'partially supported', evidence: [evidence(i)] })),
      },
    },
  };
}

/**
 * Start time and p50/p99 latency of SessionStore.get and SessionStore.update (ms), in the mode the
 * CLI uses: data on disk, served by the data folder's background host, reached over loopback.
 */
export async function benchSessionStore(): Promise<Record<string, number>> {
  const dataFolder = mkdtempSync(join(tmpdir(), 'case-audit-bench-store-'));
  process.env.CASE_AUDIT_HOST_IDLE_MS ??= '2000';
  const t0 = performance.now();
  const emu = await startEmulators({ dataFolder, persist: true, host: 'daemon' });
  const startMs = performance.now() - t0;
  try {
    const created = await emu.store.create({
      auditId: 'bench-audit',
      caseId: 'bench-case',
      owner: 'local',
      workflowType: 'risk-audit',
      tier: 'pro',
      model: 'none',
      gateMode: 'live',
    });
    const seeded = await emu.store.save({
      ...created,
      currentStage: 'gatekeeper',
      completedStages: ['intake', 'detective', 'strategist'],
      outputs: realisticOutputs(),
      stageStatus: { intake: 'ok', detective: 'ok', strategist: 'ok:rules only' },
    });
    const itemBytes = Buffer.byteLength(JSON.stringify(seeded));

    // Warm-up (JIT, keep-alive connections) so the samples measure steady state.
    for (let i = 0; i < 100; i++) await emu.store.get(created.auditId);
    for (let i = 0; i < 100; i++) await emu.store.update(created.auditId, (s) => ({ ...s, retries: { ...s.retries, warmup: i + 1 } }));
    const gets = await time(OPS, () => emu.store.get(created.auditId));
    const updates = await time(OPS, (i) =>
      emu.store.update(created.auditId, (s) => ({ ...s, retries: { ...s.retries, bench: i + 1 } })),
    );

    return {
      emulatorStartMs: Number(startMs.toFixed(1)),
      sessionJsonBytes: itemBytes,
      getP50Ms: percentile(gets, 50),
      getP99Ms: percentile(gets, 99),
      updateP50Ms: percentile(updates, 50),
      updateP99Ms: percentile(updates, 99),
      ops: OPS,
    };
  } finally {
    await emu.stop();
  }
}

if (require.main === module) {
  benchSessionStore().then(
    (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
