import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { loadPdfjs } from '../../../../lambdas/agents/intake/documents/loadPdfjs';

/** A run of text as PDF.js reads it: its string and where it sits on the page (PDF points). */
export interface TextItem {
  str: string;
  x: number;
  y: number;
  width: number;
}

export interface ReadPage {
  width: number;
  height: number;
  items: TextItem[];
  /** The page's text in reading order (the order it was written), runs joined by spaces. */
  text: string;
}

export interface ReadPdf {
  pages: ReadPage[];
  info: Record<string, unknown>;
}

/** Reads a PDF the way a reader's software does (PDF.js): each page's text runs, and the document information. */
export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const pdfjs = await (await loadPdfjs()).getResolvedPDFJS();
  const task = pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 });
  try {
    const doc = await task.promise;
    const pages: ReadPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [, , width, height] = page.view;
      const content = await page.getTextContent();
      const items = content.items.flatMap((item) =>
        'str' in item && item.str ? [{ str: item.str, x: item.transform[4], y: item.transform[5], width: item.width }] : [],
      );
      pages.push({ width, height, items, text: items.map((i) => i.str).join(' ') });
    }
    const { info } = await doc.getMetadata();
    return { pages, info: info as Record<string, unknown> };
  } finally {
    await task.destroy();
  }
}

/** Text with every space and line break taken out: wrapping a line changes only where spaces fall. */
export const squeeze = (text: string): string => text.replace(/\s+/g, '');

export interface EmbeddedFont {
  baseFont: string;
  subtype: string;
  /** Stored size in bytes of the font program embedded for it; 0 when none is (a standard font such as Helvetica). */
  programBytes: number;
  /** The embedded font program, decompressed (a TrueType file for pdf-lib's fonts); undefined when there is none. */
  program?: Uint8Array;
  /** The font's ToUnicode map: each glyph id of the program to the text it stands for. */
  toUnicode: Map<number, string>;
}

/** The single mappings (`bfchar`) of a ToUnicode CMap, as pdf-lib writes them: `<glyph id> <UTF-16BE hex>`. */
function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const section of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, id, hex] of section[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g)) {
      const units = hex.match(/.{4}/g)?.map((u) => parseInt(u, 16)) ?? [];
      map.set(parseInt(id, 16), String.fromCharCode(...units));
    }
  }
  return map;
}

/** Every top-level font of the PDF (read with pdf-lib's object model): its name, its type and the size of its embedded program. */
export async function fontsOf(bytes: Uint8Array): Promise<EmbeddedFont[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const name = (dict: PDFDict, key: string) => String(dict.get(PDFName.of(key)) ?? '');
  const programOf = (font: PDFDict): PDFRawStream | undefined => {
    const descriptor = font.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
    const program = descriptor?.lookup(PDFName.of('FontFile2')) ?? descriptor?.lookup(PDFName.of('FontFile')) ?? descriptor?.lookup(PDFName.of('FontFile3'));
    return program instanceof PDFRawStream ? program : undefined;
  };
  const fonts: EmbeddedFont[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || name(object, 'Type') !== '/Font' || name(object, 'Subtype') === '/CIDFontType2') continue;
    const descendants = object.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray);
    const target = descendants ? descendants.lookup(0, PDFDict) : object;
    const program = programOf(target);
    const toUnicode = object.lookup(PDFName.of('ToUnicode'));
    fonts.push({
      baseFont: name(object, 'BaseFont'),
      subtype: name(object, 'Subtype'),
      programBytes: program?.contents.length ?? 0,
      program: program && decodePDFRawStream(program).decode(),
      toUnicode: toUnicode instanceof PDFRawStream ? parseToUnicode(Buffer.from(decodePDFRawStream(toUnicode).decode()).toString('latin1')) : new Map(),
    });
  }
  return fonts;
}
