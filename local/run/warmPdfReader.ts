import { loadPdfjs } from '../../lambdas/agents/intake/documents/loadPdfjs';
import type { CaseFile } from './scanCaseFolder';

/**
 * Loads PDF.js (about 0.15 s of compiling) while the host stores the case's files, when the folder
 * holds a PDF: intake then finds it loaded instead of loading it on the audit's critical path.
 * Best effort: a failure here is reported by intake, where it matters.
 */
export function warmPdfReader(files: readonly CaseFile[]): void {
  if (!files.some((f) => /\.pdf$/i.test(f.name))) return;
  setImmediate(() => {
    loadPdfjs().catch(() => undefined);
  });
}
