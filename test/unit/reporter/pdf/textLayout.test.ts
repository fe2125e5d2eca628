import { PDFDocument } from 'pdf-lib';
import { pdfFontkit, ReportFonts } from '../../../../lambdas/agents/reporter/pdf/text/pdfFonts';
import type { PageTextWriter, PlacedText } from '../../../../lambdas/agents/reporter/pdf/text/pageText';
import { COLORS } from '../../../../lambdas/agents/reporter/pdf/pdfTheme';
import { PLACEHOLDER, TextLayout, type TextStyle } from '../../../../lambdas/agents/reporter/pdf/text/textLayout';
import { LINEAR_B, LONG_NAME, SCRIPT_NAMES, WORLD_NAMES } from './hardReports';

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
    const samples = [
      LONG_NAME,
      ...Object.values(WORLD_NAMES),
      ...Object.values(SCRIPT_NAMES),
      `${WORLD_NAMES.chinese.repeat(40)} ${WORLD_NAMES.arabic}`,
      `${SCRIPT_NAMES.hindi.replace(' ', '').repeat(8)} ${SCRIPT_NAMES.thai.replace(' ', '').repeat(8)}`,
      'Études/relevé_bancaire-2024/mars.pdf',
    ];
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
    const [a, b, c] = Array.from(LINEAR_B);
    const pieces = text.resolve([{ text: `Applicant ${LINEAR_B} ${a}${b}`, style: body }]);
    expect(pieces.map((p) => p.text).join('')).toBe(`Applicant ${PLACEHOLDER.repeat(3)} ${PLACEHOLDER.repeat(2)}`);
    expect([...text.missing]).toEqual([
      [a, 2],
      [b, 2],
      [c, 1],
    ]);
  });

  it.each([
    ['chinese', 'DroidSansFallback.ttf'],
    ['korean', 'DroidSansFallback.ttf'],
    ['hindi', 'NotoSansDevanagari-Regular.ttf'],
    ['punjabi', 'NotoSansGurmukhi-Regular.ttf'],
    ['amharic', 'NotoSansEthiopic-Regular.ttf'],
    ['thai', 'NotoSansThai-Regular.ttf'],
  ] as const)('sets a %s name in its fallback face, whole, in every role (%s)', async (script, file) => {
    const { text } = await layout();
    for (const role of ['regular', 'bold', 'italic', 'heading'] as const) {
      const pieces = text.resolve([{ text: `Name: ${SCRIPT_NAMES[script]}`, style: { ...body, role } }]);
      expect(pieces.map((p) => p.text)).toEqual(['Name: ', SCRIPT_NAMES[script]]);
      expect(pieces[1].face.file).toBe(file);
    }
    expect(text.missing.size).toBe(0);
  });

  it('shapes Indic text: a conjunct is one glyph, a vowel sign written after its consonant is drawn before it', async () => {
    const { text } = await layout();
    const glyphs = (s: string) => {
      const [piece] = text.resolve([{ text: s, style: body }]);
      return piece.face.pdfFont.encodeText(s).asString().match(/.{4}/g)!;
    };
    expect(glyphs('क्ष')).toHaveLength(1);
    const [matra] = glyphs('ਿ');
    const [sa] = glyphs('ਸ');
    expect(glyphs('ਸਿ')).toEqual([matra, sa]);
    // The shaper's regenerator runtime is there only while it runs.
    expect((globalThis as { regeneratorRuntime?: unknown }).regeneratorRuntime).toBeUndefined();
  });

  it('draws no dotted circle the shaper adds inside a well-formed Sinhala name', async () => {
    const { text } = await layout();
    const [piece] = text.resolve([{ text: 'පෙරේරා', style: body }]);
    const [dotted] = piece.face.pdfFont.encodeText('\u25CC').asString().match(/.{4}/g)!;
    expect(piece.face.pdfFont.encodeText('පෙරේරා').asString().match(/.{4}/g)).not.toContain(dotted);
  });

  it('draws glyphs where the font places them (an Odia vowel sign over a conjunct), and Latin text plainly', async () => {
    const { text, drawn } = await layout();
    const [line] = text.wrap([{ text: 'Name: ମହାନ୍ତି', style: body }], 400);
    text.draw({} as never, line, 0, 0);
    const [latin, odia] = drawn[0];
    expect(latin.glyphs).toBeUndefined();
    expect(odia.text).toBe('ମହାନ୍ତି');
    // The vowel sign is moved back over the conjunct before it (a shift to the left, in thousandths of an em).
    expect(Math.min(...odia.glyphs!.before)).toBeLessThan(-500);
    expect(odia.glyphs!.codes).toHaveLength(odia.glyphs!.before.length);
  });

  it('keeps a Korean name whole on a line, breaking at the space between words', async () => {
    const { text } = await layout();
    const names = `${SCRIPT_NAMES.korean} 박서연`;
    const width = text.widthOf(`${SCRIPT_NAMES.korean} 박`, body);
    expect(text.wrap([{ text: names, style: body }], width).map(lineText)).toEqual([SCRIPT_NAMES.korean, '박서연']);
    // Chinese and Japanese may break between any two characters.
    expect(text.wrap([{ text: SCRIPT_NAMES.japanese, style: body }], text.widthOf('山田太', body)).map(lineText)).toEqual(['山田太', '郎']);
  });

  it('cuts a word too wide for its line between clusters, never inside a conjunct', async () => {
    const { text } = await layout();
    const word = 'क्षक्षक्षक्ष';
    const lines = text.wrap([{ text: word, style: body }], text.widthOf('क्षक्ष', body) + 0.5);
    expect(lines.map(lineText)).toEqual(['क्षक्ष', 'क्षक्ष']);
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
