/**
 * Text of a Word (DOCX) document: paragraphs become lines, `<w:tab/>` a tab, `<w:br/>` a line
 * break, and explicit page breaks (`<w:br w:type="page"/>`) start a new page. The package is read
 * with the bounded ZIP reader, so a ZIP bomb ends as `too-large` instead of exhausting memory.
 */
import { strFromU8 } from 'fflate';
import { openZip, type ZipArchive, ZipCorrupt, ZipEncrypted, ZipLimitExceeded, ZipUnsupported } from './archive/boundedZip';
import { detectFormat } from './detectFormat';
import { hasText } from '../../../core/caseText/hasText';
import { type ExtractionOutcome, outcomeWithoutText } from './extractionOutcome';
import type { PageText } from '../../../contracts/intakeOutput';
import { archiveTooLargeDetail } from './sizeLimitDetail';

const MAIN_PART = 'word/document.xml';

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (entity, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body] ?? entity;
  });
}

/** Tags and text runs of WordprocessingML, in document order. */
const TOKEN = /<(\/?)([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|<!\[CDATA\[([\s\S]*?)\]\]>|<[?!][^>]*>|([^<]+)/g;

/** Splits the main document part into pages of text. */
export function documentXmlToPages(xml: string): string[] {
  const pages: string[] = [];
  let current = '';
  let inText = false;
  let inTabStops = false; // <w:tabs> in paragraph properties defines tab stops, not tab characters
  let afterPageBreak = false; // the end of the paragraph holding a page break starts no line
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(xml); m !== null; m = TOKEN.exec(xml)) {
    const [, closing, , local, attributes, selfClosing, cdata, chars] = m;
    if (chars !== undefined) {
      if (inText) current += decodeXmlEntities(chars);
      continue;
    }
    if (cdata !== undefined) {
      if (inText) current += cdata;
      continue;
    }
    if (local === undefined) continue; // declaration, comment, processing instruction
    if (local === 't') {
      inText = !closing && !selfClosing;
    } else if (local === 'tabs') {
      inTabStops = !closing && !selfClosing;
    } else if (closing) {
      if (local === 'p') {
        if (!(afterPageBreak && current === '')) current += '\n';
        afterPageBreak = false;
      }
    } else if (local === 'tab' && !inTabStops) {
      current += '\t';
    } else if (local === 'br' || local === 'cr') {
      if (/\btype\s*=\s*["']page["']/.test(attributes ?? '')) {
        pages.push(current);
        current = '';
        afterPageBreak = true;
      } else {
        current += '\n';
      }
    } else if (local === 'noBreakHyphen') {
      current += '-';
    } else if (local === 'p' && selfClosing) {
      current += '\n';
    }
  }
  pages.push(current);
  const trimmed = pages.map((page) => page.replace(/\n+$/, ''));
  while (trimmed.length > 1 && !hasText(trimmed[trimmed.length - 1])) trimmed.pop();
  return trimmed;
}

const UNREADABLE_CONTAINER = 'corrupt DOCX: the ZIP container cannot be read';

/** The main part's bytes, or the outcome that explains why the package cannot give them. */
async function readMainPart(bytes: Uint8Array): Promise<Uint8Array | ExtractionOutcome> {
  let archive: ZipArchive;
  try {
    archive = await openZip(bytes);
  } catch (error) {
    if (error instanceof ZipLimitExceeded) {
      return outcomeWithoutText('too-large', archiveTooLargeDetail('DOCX', error.limit, error.maximum));
    }
    return outcomeWithoutText('corrupt', UNREADABLE_CONTAINER);
  }
  const entry = archive.find(MAIN_PART);
  if (!entry) return outcomeWithoutText('corrupt', `corrupt DOCX: ${MAIN_PART} is missing`);
  try {
    return await archive.read(entry);
  } catch (error) {
    if (error instanceof ZipLimitExceeded) {
      return outcomeWithoutText('too-large', archiveTooLargeDetail('DOCX', error.limit, error.maximum, 'its text'));
    }
    if (error instanceof ZipEncrypted) {
      return outcomeWithoutText('encrypted', 'password-protected DOCX (its ZIP entries are encrypted)');
    }
    if (error instanceof ZipUnsupported) {
      const detail = `unsupported DOCX: ${MAIN_PART} uses ${error.feature} — save it again from Word or as PDF`;
      return outcomeWithoutText('unsupported', detail);
    }
    if (error instanceof ZipCorrupt) return outcomeWithoutText('corrupt', `corrupt DOCX: ${MAIN_PART} is damaged (${error.message})`);
    throw error;
  }
}

export async function extractDocx(bytes: Uint8Array): Promise<ExtractionOutcome> {
  if (bytes.length === 0) return outcomeWithoutText('empty', 'empty file (0 bytes)');
  const detected = await detectFormat(bytes);
  if (detected.kind === 'encrypted-office') {
    return outcomeWithoutText('encrypted', 'password-protected Word document (encrypted Office container)');
  }
  if (detected.format === 'ole') {
    return outcomeWithoutText('unsupported', `${detected.label} — not a DOCX; save it as DOCX or PDF`);
  }
  const main = await readMainPart(bytes);
  if (!(main instanceof Uint8Array)) return main;
  let xml: string;
  try {
    xml = new TextDecoder('utf-8', { fatal: true }).decode(main);
  } catch {
    xml = strFromU8(main, true);
  }
  if (!/<(?:\w+:)?document[\s>]/.test(xml)) {
    return outcomeWithoutText('corrupt', `corrupt DOCX: ${MAIN_PART} is not a Word document body`);
  }
  const texts = documentXmlToPages(xml.replace(/^\uFEFF/, ''));
  const pages: PageText[] = texts.map((text, i) => ({ page: i + 1, text }));
  if (!pages.some((p) => hasText(p.text))) {
    return outcomeWithoutText('empty', 'DOCX contains no text', pages.length);
  }
  const count = pages.length;
  return { status: 'ok', statusDetail: `text extracted (${count} ${count === 1 ? 'page' : 'pages'})`, pages, pageCount: count };
}
