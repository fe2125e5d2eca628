/**
 * Renders the PDF and DOCX documents of the example case folders from plain-text sources.
 *
 *   npx tsx examples/build-examples.ts
 *
 * Every file `examples/_sources/<folder>/<name>.<pdf|docx>.txt` becomes
 * `examples/<folder>/<name>.<pdf|docx>`. TXT and MD documents live directly in the case folders
 * and are not touched here.
 *
 * Source conventions (one source line = one output line; long lines wrap to the page width):
 *   `# Heading`          bold line (the `# ` marker is not printed)
 *   `<<<PAGE BREAK>>>`   starts a new page
 *   lines between two "```" fences are set in a monospaced font (tables, statements)
 *
 * Output is deterministic: fixed PDF metadata dates, fixed ZIP entry times, no random ids, so
 * re-running produces byte-identical files.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PDFDocument, PDFFont, StandardFonts, rgb } from 'pdf-lib';
import { docxPackage, xmlEscape } from '../test/fixtures/documents/docxPackage';

const EXAMPLES_DIR = __dirname;
const SOURCES_DIR = join(EXAMPLES_DIR, '_sources');
const PAGE_BREAK = '<<<PAGE BREAK>>>';
const FENCE = '```';

/** PDF metadata dates (absolute instants, so independent of the time zone). */
const PDF_DATE = new Date('2026-01-15T00:00:00Z');
/**
 * ZIP entry time. ZIP stores a local "DOS" date/time and fflate reads the local fields of the
 * Date, so build the Date from local fields: the stored value is 2026-01-15 00:00:00 in every
 * time zone.
 */
const ZIP_DATE = new Date(2026, 0, 15, 0, 0, 0);

// ---------------------------------------------------------------- text preparation

/** Typographic characters mapped to plain ASCII so Helvetica (WinAnsi) encodes every glyph. */
const REPLACEMENTS: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u00A0': ' ',
  '\u2022': '*',
  '\u00D7': 'x',
  '\t': '    ',
};

export class UnsupportedCharacter extends Error {
  constructor(file: string, line: number, char: string) {
    super(
      `${file}:${line}: character U+${char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')} ` +
        `cannot be rendered with the standard PDF fonts; use plain ASCII in the source`,
    );
    this.name = 'UnsupportedCharacter';
  }
}

/** Replaces typographic characters and rejects anything outside printable ASCII. */
function sanitise(text: string, file: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n');
  return lines.map((raw, index) => {
    let line = '';
    for (const ch of raw) {
      const mapped = REPLACEMENTS[ch] ?? ch;
      for (const c of mapped) {
        const code = c.charCodeAt(0);
        if (code < 0x20 || code > 0x7e) throw new UnsupportedCharacter(file, index + 1, c);
      }
      line += mapped;
    }
    return line.replace(/\s+$/, '');
  });
}

type Block =
  | { kind: 'text'; text: string; bold: boolean }
  | { kind: 'mono'; text: string }
  | { kind: 'break' };

/** Turns sanitised source lines into blocks (one per source line). */
function parse(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let mono = false;
  for (const line of lines) {
    if (line.trim() === FENCE) {
      mono = !mono;
      continue;
    }
    if (line.trim() === PAGE_BREAK) {
      blocks.push({ kind: 'break' });
    } else if (mono) {
      blocks.push({ kind: 'mono', text: line });
    } else if (line.startsWith('# ')) {
      blocks.push({ kind: 'text', text: line.slice(2), bold: true });
    } else {
      blocks.push({ kind: 'text', text: line, bold: false });
    }
  }
  return blocks;
}

// ---------------------------------------------------------------- PDF

const PAGE_WIDTH = 612; // US Letter, points
const PAGE_HEIGHT = 792;
const MARGIN = 56;
const BODY_SIZE = 10;
const HEADING_SIZE = 12;
const MONO_SIZE = 8;
const LEADING = 1.35;

/** Splits one line into pieces that fit `maxWidth`, breaking at spaces (hard-splitting long words). */
function wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  if (text === '') return [''];
  if (font.widthOfTextAtSize(text, size) <= maxWidth) return [text];
  const indent = /^\s*/.exec(text)?.[0] ?? '';
  const words = text.trim().split(/ +/);
  const out: string[] = [];
  let current = indent;
  const fits = (s: string): boolean => font.widthOfTextAtSize(s, size) <= maxWidth;
  for (let word of words) {
    const candidate = current.trim() === '' ? indent + word : `${current} ${word}`;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current.trim() !== '') out.push(current);
    current = indent;
    while (!fits(indent + word)) {
      let cut = word.length - 1;
      while (cut > 1 && !fits(indent + word.slice(0, cut))) cut -= 1;
      out.push(indent + word.slice(0, cut));
      word = word.slice(cut);
    }
    current = indent + word;
  }
  if (current.trim() !== '') out.push(current);
  return out;
}

async function renderPdf(lines: string[], title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor('Case Audit examples (fictional data)');
  pdf.setSubject('Synthetic document for the Case Audit example case folders');
  pdf.setCreator('examples/build-examples.ts');
  pdf.setProducer('pdf-lib 1.17.1');
  pdf.setCreationDate(PDF_DATE);
  pdf.setModificationDate(PDF_DATE);

  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  const maxWidth = PAGE_WIDTH - 2 * MARGIN;
  const ink = rgb(0.1, 0.1, 0.1);

  let page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN;
  let pageHasContent = false;
  const newPage = (): void => {
    page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    y = PAGE_HEIGHT - MARGIN;
    pageHasContent = false;
  };

  for (const block of parse(lines)) {
    if (block.kind === 'break') {
      if (pageHasContent) newPage();
      continue;
    }
    const font = block.kind === 'mono' ? mono : block.bold ? bold : regular;
    const size = block.kind === 'mono' ? MONO_SIZE : block.bold ? HEADING_SIZE : BODY_SIZE;
    const lineHeight = size * LEADING;
    for (const piece of wrap(block.text, font, size, maxWidth)) {
      if (piece === '') {
        // A blank source line is a half-height gap; it never starts a page.
        if (pageHasContent) y -= lineHeight / 2;
        continue;
      }
      if (y - size < MARGIN) newPage();
      y -= size;
      page.drawText(piece, { x: MARGIN, y, size, font, color: ink });
      y -= lineHeight - size;
      pageHasContent = true;
    }
  }
  return pdf.save({ useObjectStreams: false });
}

// ---------------------------------------------------------------- DOCX

function docxParagraph(block: Block): string {
  if (block.kind === 'break') return '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';
  if (block.text === '') return '<w:p/>';
  const runProps =
    block.kind === 'mono'
      ? '<w:rPr><w:rFonts w:ascii="Courier New" w:hAnsi="Courier New"/><w:sz w:val="18"/></w:rPr>'
      : block.bold
        ? '<w:rPr><w:b/></w:rPr>'
        : '';
  return `<w:p><w:r>${runProps}<w:t xml:space="preserve">${xmlEscape(block.text)}</w:t></w:r></w:p>`;
}

function renderDocx(lines: string[]): Uint8Array {
  const body = parse(lines).map(docxParagraph).join('');
  const document =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
    `<w:body>${body}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/>` +
    '<w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134" w:header="708" w:footer="708" w:gutter="0"/>' +
    '</w:sectPr></w:body></w:document>';
  return docxPackage(document, ZIP_DATE);
}

// ---------------------------------------------------------------- main

interface Job {
  source: string;
  target: string;
  format: 'pdf' | 'docx';
}

function findJobs(): Job[] {
  const jobs: Job[] = [];
  for (const folder of readdirSync(SOURCES_DIR).sort()) {
    const folderPath = join(SOURCES_DIR, folder);
    if (!statSync(folderPath).isDirectory()) continue;
    for (const file of readdirSync(folderPath).sort()) {
      const match = /^(.+\.(pdf|docx))\.txt$/.exec(file);
      if (!match) continue;
      jobs.push({
        source: join(folderPath, file),
        target: join(EXAMPLES_DIR, folder, match[1]),
        format: match[2] as 'pdf' | 'docx',
      });
    }
  }
  return jobs;
}

async function main(): Promise<void> {
  const jobs = findJobs();
  for (const job of jobs) {
    const rel = relative(EXAMPLES_DIR, job.source);
    const lines = sanitise(readFileSync(job.source, 'utf8'), rel);
    const bytes =
      job.format === 'pdf'
        ? await renderPdf(lines, relative(EXAMPLES_DIR, job.target))
        : renderDocx(lines);
    writeFileSync(job.target, bytes);
    console.log(`${relative(EXAMPLES_DIR, job.target)}  ${bytes.length} bytes`);
  }
  console.log(`${jobs.length} documents rendered`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
