import type { PDFPage } from 'pdf-lib';
import { BODY_WIDTH, COLORS, PAGE, TYPE } from './pdfTheme';
import type { TextLayout, TextStyle } from './text/textLayout';

/**
 * The disclaimer in one line, at the foot of every page: the same meaning as the full disclaimer that
 * opens the report (../disclaimer.ts), shortened to fit.
 */
export const FOOTER_DISCLAIMER =
  'Risk assessment of judicial defensibility only: not a prediction of any outcome, not a guarantee of a visa or permit, not legal advice. Officers keep their discretion.';

export interface FrameInput {
  workflowTitle: string;
  caseId: string;
  tier: string;
}

/**
 * Running header (every page but the cover: Case Audit, the workflow, the case) and footer (every
 * page: the disclaimer line and "Page n of N"), drawn once the number of pages is known.
 */
export function drawPageFrames(pages: readonly PDFPage[], text: TextLayout, input: FrameInput): void {
  const size = TYPE.running.size;
  const gold: TextStyle = { role: 'bold', size, color: COLORS.gold };
  const navy: TextStyle = { role: 'regular', size, color: COLORS.navy };
  const muted: TextStyle = { role: 'regular', size, color: COLORS.muted };
  const numberStyle: TextStyle = { role: 'bold', size, color: COLORS.navy };
  const right = PAGE.marginX + BODY_WIDTH;
  // Two lines, clear of the page number (the sentence is ours and fits in two).
  const disclaimerWidth = BODY_WIDTH - 90;
  const disclaimer = text.wrap([{ text: FOOTER_DISCLAIMER, style: muted }], disclaimerWidth).slice(0, 2);
  pages.forEach((page, i) => {
    if (i > 0) {
      const brand = text.fit('CASE AUDIT', gold, 80);
      text.draw(page, brand, PAGE.marginX, PAGE.headerBaseline);
      const title = text.fit(input.workflowTitle, navy, 200);
      text.draw(page, title, PAGE.marginX + brand.width + 8, PAGE.headerBaseline);
      const caseLine = text.fit(`Case ${input.caseId} · ${input.tier} tier`, muted, BODY_WIDTH - brand.width - title.width - 40);
      text.draw(page, caseLine, right - caseLine.width, PAGE.headerBaseline);
      page.drawRectangle({ x: PAGE.marginX, y: PAGE.headerBaseline - 7, width: BODY_WIDTH, height: 0.8, color: COLORS.gold });
    }
    const leading = TYPE.running.leading;
    page.drawRectangle({ x: PAGE.marginX, y: PAGE.footerBaseline + leading + 9, width: BODY_WIDTH, height: 0.5, color: COLORS.rule });
    const number = text.fit(`Page ${i + 1} of ${pages.length}`, numberStyle, 90);
    text.draw(page, number, right - number.width, PAGE.footerBaseline + leading);
    disclaimer.forEach((line, k) => text.draw(page, line, PAGE.marginX, PAGE.footerBaseline + leading - k * leading));
  });
}
