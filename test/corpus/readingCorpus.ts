/**
 * The reading corpus (test/corpus/reading/<en|fr>/<item>/): each item's documents as an audit
 * receives them — `.docx.txt` and `.pdf.txt` sources rendered into real DOCX and PDF files — and
 * its expectations (expected.json; format in test/corpus/reading/README.md).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { DocumentFile } from '../../lambdas/agents/intake/documents/extractDocument';
import { docx, PAGE_BREAK, type DocxBlock } from '../fixtures/documents/officeFixtures';
import * as fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';

/** DejaVu (the report's font) covers the currency signs and accents corpus documents use. */
const FONT = join(__dirname, '../../lambdas/agents/reporter/pdf/fonts/DejaVuSansCondensed.ttf');

function wrap(line: string, width: number): string[] {
  const out: string[] = [];
  let rest = line;
  while (rest.length > width) {
    const cut = rest.lastIndexOf(' ', width);
    const at = cut > width / 2 ? cut : width;
    out.push(rest.slice(0, at));
    rest = rest.slice(at).trimStart();
  }
  out.push(rest);
  return out;
}

/** A PDF with a text layer, one page per form feed, drawn line by line as a word processor would. */
async function unicodePdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(readFileSync(FONT), { subset: true });
  for (const pageText of text.split('\f')) {
    // Long lines wrap and long pages continue on a new page, so that nothing is drawn off the page.
    const lines = pageText.split('\n').flatMap((line) => wrap(line, 95));
    for (let first = 0; first < Math.max(lines.length, 1); first += 46) {
      const page = doc.addPage([612, 792]);
      lines.slice(first, first + 46).forEach((line, i) => page.drawText(line, { x: 50, y: 750 - i * 15, size: 10, font }));
    }
  }
  return doc.save();
}

export const CORPUS_ROOT = join(__dirname, 'reading');

export interface ExpectedFact {
  kind: 'event' | 'declaration' | 'money' | 'party' | 'officer-finding';
  [field: string]: unknown;
}

export interface CorpusExpectation {
  about: string;
  documents: Record<string, { type: string; language?: string }>;
  application?: { kind: string; subKinds?: string[]; applicantLocation?: string; isRefusal?: boolean };
  /** null: the item scores typing only. */
  facts: ExpectedFact[] | null;
  absent?: ExpectedFact[];
}

export interface CorpusItem {
  id: string;
  language: 'en' | 'fr';
  folder: string;
  expected: CorpusExpectation;
}

export function loadCorpus(root = CORPUS_ROOT): CorpusItem[] {
  const items: CorpusItem[] = [];
  for (const language of ['en', 'fr'] as const) {
    const dir = join(root, language);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      const folder = join(dir, name);
      if (!statSync(folder).isDirectory() || !existsSync(join(folder, 'expected.json'))) continue;
      items.push({ id: `${language}/${name}`, language, folder, expected: JSON.parse(readFileSync(join(folder, 'expected.json'), 'utf8')) as CorpusExpectation });
    }
  }
  return items;
}

/**
 * Ways to write the same documents otherwise, to see how much of the score holds when the layout
 * changes and the words do not (`READING_VARIANT=<name> npm run bench -- reading`):
 * - `squeeze`: runs of spaces and tabs closed up to one space, as a PDF's text layer gives columns;
 * - `upper-labels`: a form line's label in capitals ("FAMILY NAME: …");
 * - `wrap`: lines of prose cut at 70 characters, as a narrow page or an e-mail client does (rows of columns kept whole).
 */
export const READING_VARIANTS = ['squeeze', 'upper-labels', 'wrap'] as const;
export type ReadingVariant = (typeof READING_VARIANTS)[number];

function rewrap(line: string, width: number): string {
  const out: string[] = [];
  let rest = line;
  while (rest.length > width) {
    const cut = rest.lastIndexOf(' ', width);
    if (cut <= width / 2) break;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut + 1);
  }
  return [...out, rest].join('\n');
}

export function writtenOtherwise(text: string, variant: ReadingVariant | undefined): string {
  switch (variant) {
    case 'squeeze':
      return text.replace(/[ \t]{2,}/g, ' ');
    case 'upper-labels':
      return text.replace(/^([ \t]*)([^:\n]{2,40})(?=[ \t]*:[ \t]*\S)/gmu, (_, lead: string, label: string) => lead + label.toUpperCase());
    case 'wrap':
      // Prose only: a table's or a form's row (columns, bars, tabs) keeps its line.
      return text.split('\n').map((l) => (/\||\t| {2,}/.test(l.trim()) ? l : rewrap(l, 70))).join('\n');
    default:
      return text;
  }
}

/** The item's documents as files, named as the audit sees them; sources rendered to DOCX or PDF. */
export async function corpusFiles(item: CorpusItem, variant?: ReadingVariant): Promise<DocumentFile[]> {
  return folderFiles(item.folder, variant);
}

/**
 * A corpus folder's documents as files (every file but `expected.json`): `.docx.txt` and `.pdf.txt`
 * sources rendered into real DOCX and PDF named without the `.txt`, other files as they are.
 */
export async function folderFiles(folder: string, variant?: ReadingVariant): Promise<DocumentFile[]> {
  const files: DocumentFile[] = [];
  for (const source of readdirSync(folder).sort()) {
    if (source === 'expected.json' || source.startsWith('.')) continue;
    const text = writtenOtherwise(readFileSync(join(folder, source), 'utf8'), variant);
    const docId = `doc-${files.length + 1}`;
    if (source.endsWith('.docx.txt')) {
      const blocks: DocxBlock[] = text.split('\f').flatMap((page, i) => [...(i ? [PAGE_BREAK as DocxBlock] : []), ...page.split('\n')]);
      files.push({ docId, name: source.slice(0, -4), bytes: docx(blocks) });
    } else if (source.endsWith('.pdf.txt')) {
      files.push({ docId, name: source.slice(0, -4), bytes: await unicodePdf(text) });
    } else {
      files.push({ docId, name: source, bytes: new TextEncoder().encode(text) });
    }
  }
  return files;
}
