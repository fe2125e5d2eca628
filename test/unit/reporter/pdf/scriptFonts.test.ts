import fs = require('node:fs');
import { basename, join } from 'node:path';
import * as fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import { renderReportPdf } from '../../../../lambdas/agents/reporter/pdf/renderReportPdf';
import { COLORS } from '../../../../lambdas/agents/reporter/pdf/pdfTheme';
import { fontFilesRead, pdfFontkit, ReportFonts, reportFontFolder } from '../../../../lambdas/agents/reporter/pdf/text/pdfFonts';
import { SCRIPT_FALLBACKS } from '../../../../lambdas/agents/reporter/pdf/text/scriptFallbacks';
import type { PageTextWriter } from '../../../../lambdas/agents/reporter/pdf/text/pageText';
import { PLACEHOLDER, TextLayout } from '../../../../lambdas/agents/reporter/pdf/text/textLayout';
import { renderReport } from '../../../../lambdas/agents/reporter/renderReport';
import type { ReportModel } from '../../../../lambdas/agents/reporter/reportModel';
import { closePdfWorkers } from '../../../../lambdas/agents/intake/documents/pdfWorkerPool';
import { judgedReport } from '../judgedFixture';
import { LINEAR_B, SCRIPT_NAMES, scriptNamesReport } from './hardReports';
import { fontsOf, readPdf, type EmbeddedFont } from './readPdf';

/**
 * The fallback fonts for scripts DejaVu lacks (CJK, Indic, Ethiopic, Thai...): read and embedded only
 * when a report needs them, shaped where the script needs it, embedded as intact subsets. The tests
 * run in order in this file's own module registry, so the first report of this process has Latin
 * names only and no font file has been read before it.
 */

jest.setTimeout(60_000);
afterAll(() => closePdfWorkers());

const DEJAVU = ['DejaVuSansCondensed.ttf', 'DejaVuSansCondensed-Bold.ttf', 'DejaVuSansCondensed-Oblique.ttf', 'DejaVuSerif-Bold.ttf'];

/** A font's PostScript name from its PDF BaseFont (pdf-lib names a subset `/<PostScript name>-<number>`). */
const family = (font: EmbeddedFont): string => font.baseFont.replace(/^\//, '').replace(/-\d+$/, '');

async function render(m: ReportModel): Promise<{ markdown: string; bytes: Uint8Array }> {
  const markdown = renderReport(m);
  return { markdown, bytes: await renderReportPdf(m, markdown) };
}

describe('fallback fonts for scripts DejaVu lacks', () => {
  it('are not read or embedded for a report of Latin names', async () => {
    const read = jest.spyOn(fs, 'readFileSync');
    let bytes: Uint8Array;
    let paths: string[];
    try {
      ({ bytes } = await render(judgedReport()));
    } finally {
      paths = read.mock.calls.map(([path]) => String(path));
      read.mockRestore();
    }
    const fontsRead = paths.filter((path) => path.startsWith(reportFontFolder()));
    expect(fontsRead.map((path) => basename(path)).sort()).toEqual([...DEJAVU].sort());
    expect(fontFilesRead().sort()).toEqual([...DEJAVU].sort());
    const embedded = (await fontsOf(bytes)).map(family).sort();
    expect(embedded).toEqual(['DejaVuSansCondensed', 'DejaVuSansCondensed-Bold', 'DejaVuSansCondensed-Oblique', 'DejaVuSerif-Bold']);
  });

  it('are not read for a character none of them covers: Linear B and an emoji are placeholders, counted', async () => {
    const doc = await PDFDocument.create();
    doc.registerFontkit(pdfFontkit);
    const text = new TextLayout(await ReportFonts.embed(doc), {} as PageTextWriter);
    const pieces = text.resolve([{ text: `Applicant ${LINEAR_B} 👩`, style: { role: 'bold', size: 10, color: COLORS.ink } }]);
    expect(pieces.map((p) => p.text).join('')).toBe(`Applicant ${PLACEHOLDER.repeat(3)} ${PLACEHOLDER}`);
    expect([...text.missing]).toEqual([...Array.from(LINEAR_B, (ch): [string, number] => [ch, 1]), ['👩', 1]]);
    expect(fontFilesRead().sort()).toEqual([...DEJAVU].sort());
  });

  describe('a report whose names are in Chinese, Japanese, Korean, Hindi, Punjabi, Bengali, Tamil, Urdu, Amharic and Thai', () => {
    let markdown: string;
    let bytes: Uint8Array;
    let text: string;
    let cover: string;
    let fonts: EmbeddedFont[];
    beforeAll(async () => {
      ({ markdown, bytes } = await render(scriptNamesReport()));
      const pdf = await readPdf(bytes);
      text = pdf.pages.map((p) => p.text).join(' ');
      cover = pdf.pages[0].text;
      fonts = await fontsOf(bytes);
    });

    it.each(Object.entries(SCRIPT_NAMES))('shows the %s name %s: every character is in the PDF text', (_script, name) => {
      expect(markdown).toContain(name);
      // Text extraction gives a reordered vowel sign (ਸਿ, ি) in the order it is drawn, so each character is looked for, not the name.
      const missing = Array.from(name).filter((ch) => ch !== ' ' && !text.includes(ch));
      expect(missing).toEqual([]);
    });

    it('draws no placeholder for them, and the cover notes no character it cannot show', () => {
      expect(text).not.toContain(PLACEHOLDER);
      expect(cover).not.toMatch(/cannot be shown by this PDF's fonts/);
    });

    it('embeds the fallback fonts those scripts need and no other, each a small subset of its file', () => {
      const fallbacks = fonts.filter((f) => !family(f).startsWith('DejaVu'));
      expect(fallbacks.map(family).sort()).toEqual([
        'DroidSansFallback',
        'NotoSansArabic-Regular',
        'NotoSansBengali-Regular',
        'NotoSansDevanagari-Regular',
        'NotoSansEthiopic-Regular',
        'NotoSansGurmukhi-Regular',
        'NotoSansTamil-Regular',
        'NotoSansThai-Regular',
      ]);
      for (const font of fallbacks) {
        const file = `${family(font)}.ttf`;
        const whole = fs.statSync(join(reportFontFolder(), file)).size;
        expect({ file, subset: font.programBytes > 500 && font.programBytes < whole / 10 }).toEqual({ file, subset: true });
        expect(font.subtype).toBe('/Type0');
      }
      expect(fontFilesRead().sort()).toEqual([...DEJAVU, ...fallbacks.map((f) => `${family(f)}.ttf`)].sort());
    });

    it("keeps every glyph of a subset intact (Droid Sans Fallback's glyphs have odd lengths, and the subset's loca table halves offsets)", () => {
      for (const file of ['DroidSansFallback.ttf', 'DejaVuSansCondensed.ttf']) {
        const font = fonts.find((f) => `${family(f)}.ttf` === file)!;
        const original = fontkit.create(fs.readFileSync(join(reportFontFolder(), file)));
        const subset = fontkit.create(Buffer.from(font.program!));
        let compared = 0;
        for (const [id, chars] of font.toUnicode) {
          const codePoints = Array.from(chars);
          // A joining letter (Arabic script) is drawn in its contextual form, which maps back to the letter itself.
          if (codePoints.length !== 1 || /\s|\p{Script=Arabic}/u.test(chars)) continue;
          const expected = original.glyphForCodePoint(codePoints[0].codePointAt(0)!).path.toSVG();
          expect({ file, chars, outline: subset.getGlyph(id).path.toSVG() }).toEqual({ file, chars, outline: expected });
          compared++;
        }
        // The ten ideographs and hangul syllables of the names; the Latin letters, digits and punctuation of the report.
        expect(compared).toBeGreaterThanOrEqual(file === 'DroidSansFallback.ttf' ? 10 : 60);
      }
    });

    it('stays small: well under 1 MB', () => {
      expect(bytes.length).toBeLessThan(1024 * 1024);
      expect(bytes.length).toBeLessThan(200 * 1024);
    });
  });

  it('cover, between them, every character each fallback file has and DejaVu lacks (so one never read is never needed)', () => {
    const dejaVu = new Set(fontkit.create(fs.readFileSync(join(reportFontFolder(), 'DejaVuSansCondensed.ttf'))).characterSet);
    for (const { file, ranges } of SCRIPT_FALLBACKS) {
      const chars = fontkit.create(fs.readFileSync(join(reportFontFolder(), file))).characterSet;
      // Control characters are drawn as spaces, and U+FFFF is not a character.
      const outside = chars.filter((cp) => cp >= 0x20 && cp !== 0xffff && !dejaVu.has(cp) && !ranges.some(([from, to]) => cp >= from && cp <= to));
      expect({ file, outside: outside.map((cp) => cp.toString(16)) }).toEqual({ file, outside: [] });
    }
  });

  it('set an Urdu word whose letters DejaVu lacks (ہ ے ۓ) whole in Noto Sans Arabic, so its letters stay joined, and leave other Arabic-script words to DejaVu', async () => {
    const doc = await PDFDocument.create();
    doc.registerFontkit(pdfFontkit);
    const text = new TextLayout(await ReportFonts.embed(doc), {} as PageTextWriter);
    const pieces = text.resolve([{ text: 'Applicant عائشہ خان, note: ہے ۓ', style: { role: 'bold', size: 10, color: COLORS.ink } }]);
    const faceOf = (word: string) => pieces.find((p) => p.text.includes(word))?.face.file;
    expect(pieces.map((p) => p.text).join('')).toBe('Applicant عائشہ خان, note: ہے ۓ');
    expect(faceOf('عائشہ')).toMatch(/NotoSansArabic/);
    expect(pieces.find((p) => p.text.includes('عائشہ'))!.text).not.toMatch(/[A-Za-z]/); // the word is one piece of its own face
    expect(faceOf('خان')).toMatch(/DejaVu/);
    expect(faceOf('ہے')).toMatch(/NotoSansArabic/);
    expect(text.missing.size).toBe(0);
  });
});
