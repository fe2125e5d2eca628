/**
 * A `case-audit run` that has just started its data folder's host runs the audit itself (the new host
 * is still loading its own code), but must first wait for the host's emulators to come up: about a
 * second, on another core. This loads the code the audit will need in that wait, a part at a time,
 * so that the audit starts on loaded code: the audit engine and local runtime, PDF.js when the
 * folder holds a PDF, and the PDF report writer. Not the stages' handlers: they set up their logger
 * as they load, and must find the log level the local runtime sets when it starts.
 *
 * It does nothing unless this process started the host: a command attaching to a running host hands
 * the audit over and needs none of it. Each part is loaded only while the wait lasts, with a turn of
 * the event loop between parts so that the wait notices the host as soon as it is ready. Best effort:
 * the audit loads whatever is missing, and reports any failure where it matters.
 */
import type { RunFlags } from '../../local/run/caseFolder';

/** Not unref'd: the command's own connection to its host does not keep it alive, and these short waits must. */
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The parts to load for a run of `caseDir`, in the order the audit needs them. */
function partsFor(caseDir: string, flags: RunFlags): Array<() => unknown> {
  const parts: Array<() => unknown> = [() => require('../../local/run/runAudit'), () => require('../../local/run/localData')];
  try {
    const { readCaseFolder } = require('../../local/run/caseFolder') as typeof import('../../local/run/caseFolder');
    if (readCaseFolder(caseDir, flags).files.some((f) => /\.pdf$/i.test(f.name))) {
      parts.push(() => (require('../../lambdas/agents/intake/documents/loadPdfjs') as typeof import('../../lambdas/agents/intake/documents/loadPdfjs')).loadPdfjs());
    }
  } catch {
    // A folder the run will refuse: it says why, and nothing more is worth loading.
    return parts;
  }
  parts.push(() => require('../../lambdas/agents/reporter/pdf/renderReportPdf'));
  return parts;
}

/**
 * Starts loading while `waiting()` holds and this process started the host; returns when done or
 * when the wait is over.
 */
export async function warmWhileHostStarts(caseDir: string, flags: RunFlags, waiting: () => boolean): Promise<void> {
  const { spawnedByThisProcess } = require('../../local/dataFolder/daemonProcess') as typeof import('../../local/dataFolder/daemonProcess');
  // The host is started a moment after the command begins: wait for that, or for the end of the wait.
  while (waiting() && !spawnedByThisProcess()) await sleep(10);
  if (!waiting()) return;
  for (const part of partsFor(caseDir, flags)) {
    if (!waiting()) return;
    try {
      await part();
    } catch {
      // reported by the stage that needs it
    }
    await sleep(1);
  }
}
