import { PDFDocument } from 'pdf-lib';
import { pdfFontkit, ReportFonts } from '../../../../lambdas/agents/reporter/pdf/text/pdfFonts';
import type { PageTextWriter, PlacedText } from '../../../../lambdas/agents/reporter/pdf/text/pageText';
import { COLORS } from '../../../../lambdas/agents/reporter/pdf/pdfTheme';
import { PLACEHOLDER, TextLayout, type TextStyle } from '../../../../lambdas/agents/reporter/pdf/text/textLayout';
import { LONG_NAME, WORLD_NAMES } from './hardReports';

const body: TextStyle = { role: 'regular', size: 9.6, color: COLORS.ink };
const heading: TextStyle = { role: 'heading', size: 17, color: COLORS.navy };

/** A layout whose drawn runs are captured instead of written to a page. */
async function layout(): Promise<{ text: TextLayout; drawn: PlacedText[][] }> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(pdfFontkit);
  const drawn: PlacedText[][] = [];
  const writer = { write: (_page: unknown, runs: readonly PlacedText[]) => drawn.push([...runs]) } as unknown as PageTextWriter;
  return { text: new TextLayout(await ReportFonts.embed(doc), writer), drawn };
}

const lineText = (line: { pieces: Array<{ text: string }> }) => line.pieces.map((p) => p.text).join('');

describe('PDF text layout', () => {
  it.each([30, 60, 120, 300])('never makes a line wider than %d points, whatever the text', async (width) => {
    const { text } = await layout();
    const samples = [LONG_NAME, ...Object.values(WORLD_NAMES), `${WORLD_NAMES.chinese.repeat(40)} ${WORLD_NAMES.arabic}`, 'Études/relevé_bancaire-2024/mars.pdf'];
    for (const sample of samples) {
      for (const style of [body, heading]) {
        const lines = text.wrap([{ text: sample, style }], width);
        // A single character wider than the line (a 17 pt capital in 30 pt) is the only thing allowed to exceed it.
        for (const line of lines) if (Array.from(lineText(line)).length > 1) expect(line.width).toBeLessThanOrEqual(width + 0.01);
        expect(lines.map(lineText).join('').replace(/\s/g, '')).toBe(text.resolve([{ text: sample, style }]).map((p) => p.text).join('').replace(/\s/g, ''));
      }
    }
  });

  it('breaks at spaces first, then after slashes, and keeps short words whole', async () => {
    const { text } = await layout();
    const width = text.widthOf('Send a readable copy of Études/', body) + 2;
    const lines = text.wrap([{ text: 'Send a readable copy of Études/relevé_bancaire.pdf today', style: body }], width);
    expect(lines.map(lineText)).toEqual(['Send a readable copy of Études/', 'relevé_bancaire.pdf today']);
  });

  it('draws a right-to-left name with its words in visual order inside a left-to-right line', async () => {
    const { text, drawn } = await layout();
    const [line] = text.wrap([{ text: `Name: ${WORLD_NAMES.hebrew} 42`, style: body }], 400);
    text.draw({} as never, line, 0, 0);
    expect(drawn[0].map((r) => r.text.trim())).toEqual(['Name:', 'כהן', 'שרה', '42']);
    // Each run starts where the one before it ends.
    const xs = drawn[0].map((r) => r.x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
  });

  it('shows a character no embedded font has as the placeholder, and counts it', async () => {
    const { text } = await layout();
    const pieces = text.resolve([{ text: `Applicant ${WORLD_NAMES.chinese}`, style: body }]);
    expect(pieces.map((p) => p.text).join('')).toBe(`Applicant ${PLACEHOLDER.repeat(3)}`);
    expect([...text.missing.keys()]).toEqual(Array.from(WORLD_NAMES.chinese));
  });

  it('falls back to another face for a character the first one lacks (Arabic in a serif heading)', async () => {
    const { text } = await layout();
    const pieces = text.resolve([{ text: `Case ${WORLD_NAMES.arabic}`, style: heading }]);
    expect(pieces.map((p) => p.text)).toEqual(['Case ', WORLD_NAMES.arabic]);
    expect(pieces[0].face).not.toBe(pieces[1].face);
    expect(text.missing.size).toBe(0);
  });

  it('cuts a line to a width with an ellipsis', async () => {
    const { text } = await layout();
    const line = text.fit(LONG_NAME, body, 100);
    expect(line.width).toBeLessThanOrEqual(100);
    expect(lineText(line).endsWith('…')).toBe(true);
  });
});
