/**
 * The 50 MB limit for one document at its real size, through the whole local runtime (S3 and DynamoDB
 * emulators, the document-list state machine, the Intake agent as deployed): a text file of exactly
 * MAX_DOCUMENT_BYTES is read in full, one a byte larger is refused `too-large` without being read.
 * The tests check the same boundary with a small limit injected (test/integration/reliability/
 * badDocuments.test.ts); this measures what a client's largest accepted file costs an audit.
 *
 *   npx tsx bench/documentSizeLimit.ts
 */
import '../local/polyfills';
import { startLocalRuntime } from '../local/localRuntime';
import { MAX_DOCUMENT_BYTES } from '../lambdas/agents/intake/documents/extractDocument';
import type { IntakeOutput } from '../lambdas/contracts/intakeOutput';
import { startAudit } from '../lambdas/core/audit/startAudit';
import { documentsPrefix } from '../lambdas/core/storage/objectKeys';

const CASE_ID = 'fifty-megabytes';

/** `bytes` bytes of bank-statement lines, ending on a line break (one MiB of lines, repeated). */
function statement(bytes: number): Buffer {
  const mib = 1024 * 1024;
  let text = '';
  for (let n = 1; text.length < mib; n++) {
    text += `2025-03-${String((n % 28) + 1).padStart(2, '0')}  Interac e-Transfer  ref ${String(n).padStart(6, '0')}  CAD ${n % 997}.00\n`;
  }
  const block = Buffer.from(`${text.slice(0, mib - 1)}\n`, 'latin1');
  const out = Buffer.alloc(bytes);
  for (let at = 0; at < bytes; at += block.length) block.copy(out, at, 0, Math.min(block.length, bytes - at));
  return out;
}

export async function benchDocumentSizeLimit(): Promise<Record<string, unknown>> {
  const rt = await startLocalRuntime({ persist: false });
  try {
    const { store, blobs } = rt.emulators;
    const prefix = documentsPrefix('local', CASE_ID);
    await blobs.put(`${prefix}imm1294.txt`, 'APPLICATION FOR STUDY PERMIT MADE OUTSIDE OF CANADA (IMM 1294)\nFamily name: Mensah\n');
    await blobs.put(`${prefix}transactions-at-limit.txt`, statement(MAX_DOCUMENT_BYTES));
    await blobs.put(`${prefix}transactions-over-limit.txt`, statement(MAX_DOCUMENT_BYTES + 1));

    const started = performance.now();
    const session = await startAudit({ store, blobs, starter: rt }, { caseId: CASE_ID, workflowType: 'document-list', tier: 'guest', model: 'none', gateMode: 'live', owner: 'local' });
    const outcome = await rt.wait(session.auditId);
    const auditMs = Math.round(performance.now() - started);
    const done = await store.get(session.auditId);
    const intake = await store.readOutput<IntakeOutput>(done, 'intake');
    const byName = Object.fromEntries((intake?.documents ?? []).map((d) => [d.name, d]));
    const atLimit = byName['transactions-at-limit.txt'];
    const overLimit = byName['transactions-over-limit.txt'];
    return {
      limitBytes: MAX_DOCUMENT_BYTES,
      status: outcome.status,
      auditMs,
      intakeMs: done.stageTimings.intake?.elapsedMs,
      atLimit: { status: atLimit?.status, characters: atLimit?.characters, readInFull: atLimit?.characters === MAX_DOCUMENT_BYTES },
      overLimit: { status: overLimit?.status, statusDetail: overLimit?.statusDetail },
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    };
  } finally {
    await rt.stop();
  }
}

if (require.main === module) {
  benchDocumentSizeLimit()
    .then((result) => process.stdout.write(`${JSON.stringify(result, null, 2)}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    });
}
