/** Text of a plain-text or Markdown file: UTF-8 (or UTF-16 with BOM), CRLF normalised, form feeds split pages. */
import { hasText } from '../../../core/caseText/hasText';
import { type ExtractionOutcome, outcomeWithoutText } from './extractionOutcome';
import type { PageText } from '../../../contracts/intakeOutput';
import { decodeText } from './textDecoding';

export function splitTextPages(text: string): PageText[] {
  const normalised = text.replace(/\r\n?/g, '\n');
  const texts = normalised.split('\f');
  while (texts.length > 1 && !hasText(texts[texts.length - 1])) texts.pop();
  return texts.map((pageText, i) => ({ page: i + 1, text: pageText }));
}

export function extractText(bytes: Uint8Array): ExtractionOutcome {
  if (bytes.length === 0) return outcomeWithoutText('empty', 'empty file (0 bytes)');
  const decoded = decodeText(bytes);
  if (!decoded) return outcomeWithoutText('corrupt', 'not readable as text: invalid UTF-8 or binary data');
  const pages = splitTextPages(decoded.text);
  if (!pages.some((p) => hasText(p.text))) return outcomeWithoutText('empty', 'text file contains no text', pages.length);
  const count = pages.length;
  const encoding = decoded.encoding === 'utf-8' ? '' : `, ${decoded.encoding.toUpperCase()}`;
  return {
    status: 'ok',
    statusDetail: `text read (${count} ${count === 1 ? 'page' : 'pages'}${encoding})`,
    pages,
    pageCount: count,
  };
}
