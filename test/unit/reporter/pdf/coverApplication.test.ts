/**
 * The cover's application row fits its panel: the label without its gloss, and a refusal file named
 * by the kind refused. The report's appendix keeps the full label.
 */
import { APPLICATION_TYPES } from '../../../../lambdas/contracts/intakeOutput';
import { applicationLabel, coverApplicationLabel } from '../../../../lambdas/agents/reporter/sections/caseSummary';
import { renderReportPdf } from '../../../../lambdas/agents/reporter/pdf/renderReportPdf';
import { judgedReport } from '../judgedFixture';
import { readPdf, squeeze } from './readPdf';

describe('the application on the cover', () => {
  it('names a refusal file by the kind refused, short enough for the cover panel', () => {
    expect(coverApplicationLabel('visitor-visa', true)).toBe('Refused: Visitor visa');
    expect(coverApplicationLabel('unknown', true)).toBe('Refused: kind not recognised');
    expect(coverApplicationLabel('visitor-visa')).toBe('Visitor visa');
    expect(applicationLabel('visitor-visa', true)).toBe('Response to a refusal (refused: Visitor visa (temporary resident visa))');
    for (const t of APPLICATION_TYPES) expect(coverApplicationLabel(t, true).length).toBeLessThanOrEqual(30);
  });

  it('is drawn whole on page one, without an ellipsis', async () => {
    const m = judgedReport();
    const refused = { ...m, intake: { ...m.intake, applicationType: 'visitor-visa' as const, refusal: { reason: 'the file holds the refusal letter it answers' } } };
    const pdf = await readPdf(await renderReportPdf(refused));
    const cover = squeeze(pdf.pages[0]!.text);
    expect(cover).toContain(squeeze('Refused: Visitor visa'));
    expect(cover).not.toContain(squeeze('Refused: Visitor visa…'));
  });
});
