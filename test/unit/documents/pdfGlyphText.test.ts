/**
 * A page's text is built from the same replay of its drawing that screens it for hidden text
 * (pdf/glyphText.ts), instead of parsing the page a second time for PDF.js's text layer. Every later
 * stage (citations, forms, quarantine) was written against the text layer, so the built text must be
 * the text layer's, character for character: each case here is checked against PDF.js's own
 * `getTextContent` on the same page, as well as against what a reader sees.
 */
import '../../../local/polyfills';
import { PDFDocument } from 'pdf-lib';
import { loadPdfjs } from '../../../lambdas/agents/intake/documents/loadPdfjs';
import { type PdfjsModule, PDFJS_OPTIONS, readPdfPage, replayPage, textOfItems } from '../../../lambdas/agents/intake/documents/pdf/readPdfPage';
import { COLORS } from '../../../lambdas/agents/reporter/pdf/pdfTheme';
import { PageTextWriter } from '../../../lambdas/agents/reporter/pdf/text/pageText';
import { pdfFontkit, ReportFonts } from '../../../lambdas/agents/reporter/pdf/text/pdfFonts';
import { TextLayout } from '../../../lambdas/agents/reporter/pdf/text/textLayout';
import { drawnPdf } from '../../fixtures/documents/rawPdf';
import { SCRIPT_NAMES, WORLD_NAMES } from '../reporter/pdf/hardReports';

let pdfjs: PdfjsModule;
beforeAll(async () => {
  pdfjs = await (await loadPdfjs()).getResolvedPDFJS();
});

interface BothTexts {
  /** Built from the replay of the drawing; undefined when the page is left to the text layer. */
  built: string | undefined;
  /** PDF.js's text layer. */
  layer: string;
}

/** Both texts of page 1 of `bytes`. */
async function bothTexts(bytes: Uint8Array): Promise<BothTexts> {
  const task = pdfjs.getDocument({ ...PDFJS_OPTIONS, data: bytes.slice() });
  try {
    const page = await (await task.promise).getPage(1);
    const layer = textOfItems((await page.getTextContent()).items);
    const replay = await replayPage(pdfjs, page);
    return { built: replay?.text, layer };
  } finally {
    await task.destroy();
  }
}

/** The built text of a page drawn with `content`, after checking it is the text layer's. */
async function builtText(content: string, forms?: Record<string, string>): Promise<string> {
  const { built, layer } = await bothTexts(drawnPdf(content, forms));
  expect(built).toBe(layer);
  return built!;
}

describe('page text built from the drawing', () => {
  it('puts a space where a kerned gap is as wide as a space or wider, and none inside a word', async () => {
    const text = await builtText('BT /F1 12 Tf 72 700 Td [(Hel) -20 (lo) -300 (world) -1500 (far) 60 (away)] TJ ET');
    expect(text).toBe('Hello world faraway');
  });

  it('reads word and character spacing as the space glyphs and gaps they make', async () => {
    expect(await builtText('BT /F1 10 Tf 6 Tw 0.5 Tc 72 700 Td (two words here) Tj ET')).toBe('two words here');
    expect(await builtText('BT /F1 10 Tf 72 700 Td (A        B) Tj ET')).toBe('A B');
    expect(await builtText('BT /F3 10 Tf 72 700 Td (Name:) Tj 140 0 Td (Abena) Tj ET')).toBe('Name: Abena');
  });

  it('breaks lines where the baseline moves down, and not where text continues on the same line', async () => {
    const text = await builtText('BT /F1 12 Tf 72 700 Td 14 TL (First line) Tj T* (Second line) Tj 0 -14 Td (Third) Tj (, same line) Tj ET');
    expect(text).toBe('First line\nSecond line\nThird, same line');
  });

  it('keeps a superscript on its line (text rise) and starts a new line after a move back to the margin', async () => {
    const text = await builtText('BT /F1 12 Tf 72 700 Td (E = mc) Tj 5 Ts /F1 8 Tf (2) Tj 0 Ts /F1 12 Tf ( holds) Tj -40 -20 Td (Next) Tj ET');
    expect(text).toBe('E = mc2 holds\nNext');
  });

  it('reads text turned a quarter, a half and three quarters of a turn, and slanted text', async () => {
    for (const matrix of ['0 1 -1 0 300 100', '-1 0 0 -1 500 600', '0 -1 1 0 100 700', '1 0.4 -0.4 1 72 300']) {
      const text = await builtText(`BT /F1 12 Tf ${matrix} Tm (Turned text) Tj 0 -14 Td (second line) Tj ET`);
      expect(text).toBe('Turned text\nsecond line');
    }
  });

  it('follows scaled and squeezed text (text matrix, CTM, horizontal scaling)', async () => {
    expect(await builtText('q 0.5 0 0 0.5 0 0 cm BT /F2 20 Tf 2 0 0 2 100 1200 Tm (Scaled words) Tj ET Q')).toBe('Scaled words');
    expect(await builtText('BT /F1 12 Tf 50 Tz 72 700 Td (Squeezed words) Tj 100 Tz ( here) Tj ET')).toBe('Squeezed words here');
  });

  it('leaves out glyphs drawn outside the page box', async () => {
    expect(await builtText('BT /F1 12 Tf -400 700 Td (Off the page) Tj ET BT /F1 12 Tf 72 700 Td (On the page) Tj ET')).toBe('On the page');
  });

  it('starts a form XObject’s text afresh, joined to the text around it without a separator', async () => {
    const text = await builtText('BT /F1 12 Tf 72 700 Td (Before) Tj ET /Fm1 Do BT /F1 12 Tf 72 600 Td (After) Tj ET', {
      Fm1: 'BT /F2 12 Tf 72 650 Td (Inside the form) Tj ET',
    });
    expect(text).toBe('BeforeInside the form\nAfter');
  });

  it('joins runs across fonts, sizes and marked content', async () => {
    const text = await builtText('BT /F1 12 Tf 72 700 Td (Bold) Tj /F2 12 Tf ( and plain) Tj /Span <</MCID 0>> BDC /F3 9 Tf ( and small) Tj EMC ET');
    expect(text).toBe('Bold and plain and small');
  });

  it('reads Indic scripts drawn with shaped glyphs and zero-width vowel signs', async () => {
    const { built, layer } = await bothTexts(await scriptsPdf([SCRIPT_NAMES.hindi, SCRIPT_NAMES.tamil, SCRIPT_NAMES.bengali, SCRIPT_NAMES.punjabi, SCRIPT_NAMES.thai]));
    expect(built).toBe(layer);
    expect(built!.split('\n')).toHaveLength(5);
  });

  it('leaves a page with right-to-left text to PDF.js’s text layer, which puts it in reading order', async () => {
    const bytes = await scriptsPdf([`Name: ${WORLD_NAMES.hebrew}`, `Applicant ${WORLD_NAMES.arabic}`]);
    expect((await bothTexts(bytes)).built).toBeUndefined();
    const task = pdfjs.getDocument({ ...PDFJS_OPTIONS, data: bytes.slice() });
    try {
      const read = await readPdfPage(pdfjs, await task.promise, 1);
      expect(read.text).toBe((await bothTexts(bytes)).layer);
      expect(read.text).toContain('כהן');
      expect(read.unchecked).toBeUndefined();
    } finally {
      await task.destroy();
    }
  });
});

/** A page with each of `lines` drawn the way the report writer draws text (shaped, in the fallback fonts). */
async function scriptsPdf(lines: readonly string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(pdfFontkit);
  const writer = new PageTextWriter();
  const layout = new TextLayout(await ReportFonts.embed(doc), writer);
  const page = doc.addPage([612, 792]);
  lines.forEach((line, i) => {
    const [wrapped] = layout.wrap([{ text: line, style: { role: 'regular', size: 12, color: COLORS.ink } }], 500);
    layout.draw(page, wrapped, 72, 720 - i * 24);
  });
  writer.finish(doc);
  return doc.save();
}
