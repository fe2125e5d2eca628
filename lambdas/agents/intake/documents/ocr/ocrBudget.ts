/**
 * The OCR allowance of one audit: pages and time. Shared by every document of the audit (runIntake
 * makes one per run), claimed a page at a time before the page is read, so that documents read at
 * the same time never overspend it together.
 */
import type { OcrLimits } from './ocrTypes';

export interface OcrBudget {
  /** Takes one page from the budget; a sentence saying why not when it is spent. */
  claim(): string | undefined;
  /** Gives back a page claimed but not read (it had no image to read). */
  refund(): void;
}

export function createOcrBudget(limits: Pick<OcrLimits, 'maxPagesPerAudit' | 'budgetMs'>, now: () => number = Date.now): OcrBudget {
  let pagesLeft = limits.maxPagesPerAudit;
  const deadline = now() + limits.budgetMs;
  return {
    claim() {
      if (pagesLeft <= 0) return `over the limit of ${limits.maxPagesPerAudit} OCR pages an audit`;
      if (now() > deadline) return `the OCR time budget of ${Math.round(limits.budgetMs / 1000)} s for this audit ran out`;
      pagesLeft--;
      return undefined;
    },
    refund() {
      pagesLeft = Math.min(limits.maxPagesPerAudit, pagesLeft + 1);
    },
  };
}
