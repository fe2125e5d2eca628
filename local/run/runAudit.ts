/**
 * The work of `case-audit run` once the case folder is read and the output folder checked: store the
 * documents, pin them, start the audit, follow it, copy the reports and print the result. The same
 * code runs in the command's own process or in the data folder's host (hostedRuns.ts), which differ
 * only in the runtime, the claim on the audit and where the text goes.
 */
import type { AuditSettings } from '../../lambdas/core/settings/auditSettings';
import { newAuditId } from '../../lambdas/core/audit/auditId';
import { startAudit } from '../../lambdas/core/audit/startAudit';
import { summarizeAudit, type AuditSummary } from '../../lambdas/core/audit/auditSummary';
import { MAX_DOCUMENT_BYTES } from '../../lambdas/agents/intake/documents/extractDocument';
import type { DataFolderSession } from '../dataFolder/dataFolderSession';
import type { LocalRuntime } from '../localRuntime';
import { type CaseFolder, startRequestOf } from './caseFolder';
import { EXIT, UsageError } from './exitCodes';
import { type CommandOutput, processOutput } from './commandOutput';
import { humanSummary } from './humanSummary';
import { LOCAL_OWNER } from './localData';
import { progressPrinter } from './progress';
import { copyReports } from './reportFiles';
import { removeUnpinnedDocuments, uploadCaseFiles } from './uploadCaseFiles';
import { warmPdfReader } from './warmPdfReader';

export interface OutputFlags extends ReviewFlag {
  json?: boolean;
  out?: string;
}

export interface ReviewFlag {
  /** `off`: this audit is never held for review; default: the tier's review policy applies. */
  review?: string;
}

/** The session's review mode for `--review`; a UsageError (exit 2) for anything but `off` or `policy`. */
export function reviewModeOf(flag: string | undefined): 'policy' | 'off' {
  if (flag === undefined || flag === 'policy') return 'policy';
  if (flag === 'off') return 'off';
  throw new UsageError(`invalid --review: '${flag}' (use --review off for an audit that no reviewer needs to see; by default the tier's review policy applies)`);
}

export function exitCodeFor(status: AuditSummary['status']): number {
  switch (status) {
    case 'SUCCEEDED':
      return EXIT.ok;
    case 'INCOMPLETE':
      return EXIT.incomplete;
    case 'AWAITING_REVIEW':
      return EXIT.awaitingReview;
    // Ended without a review but with its report: as an incomplete audit, a person must still look at it.
    case 'REVIEW_EXPIRED':
      return EXIT.incomplete;
    default:
      return EXIT.failed;
  }
}

const progressTo = (io: CommandOutput) => progressPrinter({ isTTY: io.stderrIsTTY, write: (text) => io.stderr(text) });

/** Waits for the execution, copies the reports to `outDir` and prints the result; returns the exit code. */
export async function finishAudit(rt: LocalRuntime, auditId: string, flags: OutputFlags, outDir: string, io: CommandOutput = processOutput, signal?: AbortSignal): Promise<number> {
  const outcome = await rt.wait(auditId);
  // Stopped because the command is gone: the audit stays interrupted for `case-audit resume`.
  if (signal?.aborted) return EXIT.failed;
  const session = await rt.emulators.store.get(auditId);
  let summary = await summarizeAudit(rt.emulators.store, session);
  if (outcome.status === 'FAILED' && summary.status !== 'FAILED') {
    // The failure could not even be recorded on the session: report the execution's own error.
    summary = { ...summary, status: 'FAILED', error: { stage: session.currentStage, error: outcome.error?.name ?? 'ExecutionFailed', message: outcome.error?.message ?? '' } };
  }
  if (summary.status === 'AWAITING_REVIEW') {
    // No report yet: it is rendered once the reviewer decides (case-audit review).
    io.stdout(flags.json ? `${JSON.stringify(summary, null, 2)}\n` : humanSummary(summary));
    return EXIT.awaitingReview;
  }
  try {
    summary = await copyReports(rt.emulators.blobs, summary, outDir);
  } catch (err) {
    io.stderr(`case-audit: the reports could not be written to ${outDir} (${(err as Error).message}); the audit is stored — see: case-audit status ${auditId}\n`);
  }
  io.stdout(flags.json ? `${JSON.stringify(summary, null, 2)}\n` : humanSummary(summary));
  return exitCodeFor(summary.status);
}

export interface AuditRun {
  rt: LocalRuntime;
  /** Whose claim the audit runs under (the command's own connection to the data folder). */
  home: DataFolderSession;
  folder: CaseFolder;
  outDir: string;
  flags: OutputFlags;
  io?: CommandOutput;
  /** Told the audit's id as soon as it exists (before its documents are stored). */
  onAuditId?(auditId: string): void;
  /** Aborted when the command is gone: no further stage starts, nothing more is printed. */
  signal?: AbortSignal;
  /** The audit's settings as the command read them at its start (default: this process's environment). */
  settings?: AuditSettings;
}

/** Runs the audit of a case folder to its end; returns the command's exit code. */
export async function runAudit({ rt, home, folder, outDir, flags, io = processOutput, onAuditId, signal, settings }: AuditRun): Promise<number> {
  const { blobs, store } = rt.emulators;
  const { request } = folder;
  const target = { owner: LOCAL_OWNER, caseId: request.caseId };
  const reviewMode = reviewModeOf(flags.review);
  const auditId = newAuditId();
  await home.claim(auditId);
  onAuditId?.(auditId);
  const abort = () => rt.abort(auditId);
  signal?.addEventListener('abort', abort, { once: true });
  try {
    warmPdfReader(folder.files);
    const documents = await uploadCaseFiles(blobs, target, folder.files, MAX_DOCUMENT_BYTES);
    signal?.throwIfAborted();
    rt.observe(progressTo(io), auditId);
    await startAudit(
      { store, blobs, starter: { start: (session) => rt.startWith(session, settings ? { settings } : {}) } },
      startRequestOf(folder, {
        ...target,
        auditId,
        reviewMode,
        manifest: { documents, skipped: folder.skipped },
        onCreated: () => {
          const skipped = folder.skipped.length ? `, ${folder.skipped.length} file(s) skipped` : '';
          io.stderr(`Audit ${auditId} started: case ${request.caseId}, ${request.workflowType}, tier ${request.tier}, ${documents.length} document(s)${skipped}\n`);
          // Said here, not only in the report: the user may have expected these files to be read.
          for (const own of folder.ownReports) io.stderr(`  left out ${own.name}: ${own.reason}\n`);
        },
      }),
    );
    if (signal?.aborted) abort(); // asked to stop while the execution was being started
    const code = await finishAudit(rt, auditId, flags, outDir, io, signal);
    if (signal?.aborted) return code;
    await home.release(auditId);
    await removeUnpinnedDocuments(store, blobs, target).catch(() => 0);
    return code;
  } finally {
    signal?.removeEventListener('abort', abort);
  }
}
