import { disclaimerFor } from '../../../../lambdas/agents/reporter/disclaimer';
import { FOOTER_DISCLAIMER } from '../../../../lambdas/agents/reporter/pdf/pageFrame';
import { renderReportPdf } from '../../../../lambdas/agents/reporter/pdf/renderReportPdf';
import { parseReportMarkdown, plainText, type Block } from '../../../../lambdas/agents/reporter/pdf/reportBlocks';
import { PAGE } from '../../../../lambdas/agents/reporter/pdf/pdfTheme';
import { PLACEHOLDER } from '../../../../lambdas/agents/reporter/pdf/text/textLayout';
import { renderReport } from '../../../../lambdas/agents/reporter/renderReport';
import type { ReportModel } from '../../../../lambdas/agents/reporter/reportModel';
import { INCOMPLETE_HEADING } from '../../../../lambdas/agents/reporter/sections/verificationSection';
import { closePdfWorkers } from '../../../../lambdas/agents/intake/documents/pdfWorkerPool';
import { JUDGED_TYPES, judgedReport } from '../judgedFixture';
import { BENIGN_NAMES, studyPermitReport } from '../reportFixture';
import { emptySectionsReport, LONG_NAME, manyFindingsReport, missingFieldsReport, WORLD_NAMES, worldNamesReport } from './hardReports';
import { fontsOf, readPdf, squeeze, type ReadPdf } from './readPdf';

jest.setTimeout(60_000);
afterAll(() => closePdfWorkers());

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The text of the pages without their running headers and footers, so a paragraph continued over a page
 * break reads as one. Page one counts: the memo flows on it, below the cover's head.
 */
const bodyText = (pdf: ReadPdf, join = ''): string =>
  pdf.pages
    .flatMap((p, n) => {
      // Page one's contents box sits below the memo: a paragraph the memo continues on page two reads on past it.
      const contents = n === 0 ? p.items.find((i) => i.str.trim() === 'IN THIS REPORT')?.y : undefined;
      return p.items.filter((i) => i.y > PAGE.bodyBottom - 4 && i.y < PAGE.bodyTop + 4 && (contents === undefined || i.y > contents + 1)).map((i) => i.str);
    })
    .join(join);

/** The section titles (`##`) of report.md, in order. */
const sectionTitles = (markdown: string): string[] =>
  parseReportMarkdown(markdown).flatMap((b) => (b.kind === 'heading' && b.level === 2 ? [plainText(b.runs)] : []));

/** Every piece of text a reader sees in a block: a heading, a paragraph, each list item, each table cell. */
function blockTexts(block: Block): string[] {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
    case 'quote':
      return [plainText(block.runs)];
    case 'list':
      return block.items.map(plainText);
    case 'table':
      return [...block.header, ...block.rows.flat()].map(plainText);
  }
}

async function render(m: ReportModel): Promise<{ markdown: string; bytes: Uint8Array; pdf: ReadPdf }> {
  const markdown = renderReport(m);
  const bytes = await renderReportPdf(m, markdown);
  return { markdown, bytes, pdf: await readPdf(bytes) };
}

const documentList = (): ReportModel => {
  const m = studyPermitReport(BENIGN_NAMES);
  return { ...m, session: { ...m.session, workflowType: 'document-list', tier: 'pro' }, workflowTitle: 'Document list', reportDepth: 'full', detective: undefined, verifier: undefined };
};

const REPORTS: Array<[string, () => ReportModel]> = [
  ...JUDGED_TYPES.map((t): [string, () => ReportModel] => [`${t} (ultra, INCOMPLETE)`, () => judgedReport(BENIGN_NAMES, BENIGN_NAMES, { workflowType: t })]),
  ['risk-audit (guest, PASS)', () => judgedReport(BENIGN_NAMES, BENIGN_NAMES, { workflowType: 'risk-audit', reportDepth: 'summary', verification: 'PASS' })],
  ['final-review (pro, PASS)', () => judgedReport(BENIGN_NAMES, BENIGN_NAMES, { workflowType: 'final-review', reportDepth: 'full', verification: 'PASS' })],
  ['document-list', documentList],
  ['client-guidance', () => studyPermitReport(BENIGN_NAMES)],
];

describe('report.pdf', () => {
  describe.each(REPORTS)('%s', (_label, build) => {
    let markdown: string;
    let pdf: ReadPdf;
    let model: ReportModel;
    beforeAll(async () => {
      model = build();
      ({ markdown, pdf } = await render(model));
    });

    it('opens with the disclaimer: the first text of the first page, before any section', () => {
      const first = collapse(pdf.pages[0].text);
      // Each workflow's own disclaimer: a checklist or client guidance claims no grounding in case law.
      expect(first.indexOf(collapse(disclaimerFor(model.session.workflowType)))).toBeGreaterThan(-1);
      expect(first.indexOf(collapse(disclaimerFor(model.session.workflowType)))).toBeLessThan(first.indexOf(sectionTitles(markdown)[0]));
      expect(first.startsWith('DISCLAIMER — PLEASE READ FIRST')).toBe(true);
    });

    it('has every section title of report.md, in the same order, and lists each on the cover', () => {
      const titles = sectionTitles(markdown);
      expect(titles.length).toBeGreaterThan(2);
      const body = collapse(bodyText(pdf, ' '));
      let from = 0;
      for (const title of titles) {
        const at = body.indexOf(title, from);
        expect({ title, found: at >= 0 }).toEqual({ title, found: true });
        from = at + title.length;
      }
      const cover = collapse(pdf.pages[0].text);
      for (const title of titles) expect(cover).toContain(title);
    });

    it('says everything report.md says, in the same order (every heading, paragraph, list item and table cell)', () => {
      const blocks = parseReportMarkdown(markdown);
      // The cover replaces the title line; the disclaimer is checked above.
      const bodyBlocks = blocks.filter((b) => !(b.kind === 'heading' && b.level === 1) && b.kind !== 'quote').slice(1);
      const body = squeeze(bodyText(pdf));
      let from = 0;
      for (const text of bodyBlocks.flatMap(blockTexts)) {
        const at = body.indexOf(squeeze(text), from);
        expect({ text, found: at >= 0 }).toEqual({ text, found: true });
        from = at;
      }
    });

    it('numbers its pages and carries the disclaimer line in every footer', () => {
      const total = pdf.pages.length;
      expect(total).toBeGreaterThanOrEqual(2);
      expect(total).toBeLessThanOrEqual(25);
      pdf.pages.forEach((page, i) => {
        expect(page.text).toContain(`Page ${i + 1} of ${total}`);
        expect(squeeze(page.text)).toContain(squeeze(FOOTER_DISCLAIMER));
      });
    });

    it('keeps all text inside the page margins', () => {
      for (const page of pdf.pages) {
        for (const item of page.items) {
          expect(item.x).toBeGreaterThanOrEqual(PAGE.marginX - 0.5);
          expect(item.x + item.width).toBeLessThanOrEqual(page.width - PAGE.marginX + 0.5);
          expect(item.y).toBeGreaterThan(20);
          expect(item.y).toBeLessThan(page.height - 20);
        }
      }
    });
  });

  it('sets the title, subject, author, keywords and creation date', async () => {
    const m = judgedReport(BENIGN_NAMES, BENIGN_NAMES, { workflowType: 'refusal-analysis' });
    const { pdf } = await render(m);
    expect(pdf.info).toMatchObject({
      Title: 'Case Audit — Refusal analysis — case case-1',
      Author: 'Case Audit',
      Creator: 'Case Audit reporter',
      Keywords: expect.stringContaining('refusal-analysis'),
      Language: 'en-CA',
    });
    expect(pdf.info.Subject).toMatch(/^Judicial defensibility report \(Refusal analysis, ultra tier\).*not legal advice\.$/);
    // 2026-01-02T03:05:00.000Z, the report's generation time.
    expect(pdf.info.CreationDate).toMatch(/^D:20260102030500/);
  });

  it('embeds its fonts as subsets and uses no standard (non-embedded) font', async () => {
    const { bytes } = await render(judgedReport());
    const fonts = await fontsOf(bytes);
    expect(fonts.length).toBeGreaterThanOrEqual(3);
    for (const font of fonts) {
      expect(font).toMatchObject({ subtype: '/Type0', baseFont: expect.stringMatching(/DejaVu/) });
      expect(font.programBytes).toBeGreaterThan(1000);
      // The whole face is 350–680 KB; a subset holds only the glyphs the report draws.
      expect(font.programBytes).toBeLessThan(120_000);
    }
  });

  it('shows the score gauge and the outcome on the cover, as the strategist and judge gave them', async () => {
    const m = judgedReport(BENIGN_NAMES, BENIGN_NAMES, { workflowType: 'risk-audit', verification: 'PASS' });
    const { pdf } = await render(m);
    const cover = collapse(pdf.pages[0].text);
    expect(cover).toContain('48 /100');
    expect(cover).toContain('FINAL DECISION REVISE');
    expect(cover).not.toContain('PROVISIONAL');
  });

  it('marks an INCOMPLETE audit on the cover and never shows its outcome as final', async () => {
    const { pdf } = await render(judgedReport(BENIGN_NAMES, BENIGN_NAMES, { workflowType: 'initial-assessment' }));
    const cover = collapse(pdf.pages[0].text);
    expect(cover).toContain('VERDICT — PROVISIONAL, NOT FINAL CAUTION');
    expect(cover).toContain(INCOMPLETE_HEADING);
  });

  it('shows every rubric factor with its weight and rating at every depth, so the score can be checked', async () => {
    for (const reportDepth of ['summary', 'full'] as const) {
      const m = judgedReport(BENIGN_NAMES, BENIGN_NAMES, { reportDepth });
      const text = collapse((await render(m)).pdf.pages.map((p) => p.text).join(' '));
      for (const f of m.strategist!.factors) expect(text).toContain(f.label);
    }
  });

  it('is small: a typical report is well under 1 MB', async () => {
    const { bytes } = await render(judgedReport());
    expect(bytes.length).toBeLessThan(1024 * 1024);
  });
});

describe('report.pdf with hard input', () => {
  it('renders 300 findings on a sane number of pages, every table row inside the margins', async () => {
    const { pdf, markdown } = await render(manyFindingsReport(300));
    expect(pdf.pages.length).toBeGreaterThan(10);
    expect(pdf.pages.length).toBeLessThan(150);
    for (const title of sectionTitles(markdown)) expect(collapse(pdf.pages.map((p) => p.text).join(' '))).toContain(title);
    const body = squeeze(pdf.pages.map((p) => p.text).join(''));
    expect(body).toContain(squeeze('Finding 100: the statement on page 1'));
    expect(body).toContain(squeeze('Consistency finding 100:'));
    for (const page of pdf.pages) for (const item of page.items) expect(item.x + item.width).toBeLessThanOrEqual(page.width - PAGE.marginX + 0.5);
  });

  it('wraps very long names, shows accented, right-to-left and CJK names, and marks characters no font has', async () => {
    const { pdf, markdown } = await render(worldNamesReport());
    const text = pdf.pages.map((p) => p.text).join(' ');
    for (const page of pdf.pages) {
      for (const item of page.items) {
        expect(item.x).toBeGreaterThanOrEqual(PAGE.marginX - 0.5);
        expect(item.x + item.width).toBeLessThanOrEqual(page.width - PAGE.marginX + 0.5);
      }
    }
    expect(text).toContain(WORLD_NAMES.accented);
    // Hebrew and Arabic letters are drawn (shaped, in visual order), not replaced.
    for (const letter of ['ש', 'ה', 'م', 'ح']) expect(text).toContain(letter);
    expect(squeeze(text)).toContain(squeeze(LONG_NAME).slice(0, 40));
    // Chinese, Japanese and Korean names are drawn in the fallback font.
    for (const name of [WORLD_NAMES.chinese, WORLD_NAMES.japanese, WORLD_NAMES.korean]) {
      expect(markdown).toContain(name);
      expect(text).toContain(name);
    }
    // No embedded font has the emoji: it is shown as the placeholder, each time counted, and the cover says how many.
    expect(markdown).toContain('Ana 👩');
    expect(text).not.toContain('👩');
    expect(text).toContain(`Ana ${PLACEHOLDER}`);
    const note = collapse(pdf.pages[0].text).match(/(\d+) characters? \(.*?\) cannot be shown by this PDF's fonts and appears? as □/);
    // Every placeholder in the PDF, less the one in the note itself.
    const placeholders = text.split(PLACEHOLDER).length - 2;
    expect(placeholders).toBeGreaterThan(0);
    expect(Number(note?.[1])).toBe(placeholders);
  });

  it('renders a report whose later stages produced nothing, with each empty section titled', async () => {
    const { pdf, markdown } = await render(emptySectionsReport());
    expect(pdf.pages.length).toBeGreaterThanOrEqual(2);
    const text = collapse(pdf.pages.map((p) => p.text).join(' '));
    for (const title of sectionTitles(markdown)) expect(text).toContain(title);
    expect(collapse(pdf.pages[0].text)).toContain('not available');
  });

  it('renders a report from before the optional fields existed (no findings lists, no judge inputs, no skipped files)', async () => {
    const { pdf, markdown } = await render(missingFieldsReport());
    const text = collapse(pdf.pages.map((p) => p.text).join(' '));
    for (const title of sectionTitles(markdown)) expect(text).toContain(title);
  });

  it('renders when the workflow title, case id and every name are hostile Markdown', async () => {
    const { hostileNames, hostileTexts, shown } = await import('../hostileSamples');
    for (const offset of [0, 6, 12]) {
      const m = judgedReport(hostileNames(offset), hostileTexts(offset));
      const { pdf } = await render(m);
      const text = squeeze(pdf.pages.map((p) => p.text).join(''));
      for (const name of hostileNames(offset)) expect(text).toContain(squeeze(shown(name)).slice(0, 30));
    }
  });
});
