/**
 * Recognises the reports Case Audit itself writes (report.md, report.pdf, bundle.json) by the marks
 * the reporter puts in them, not by their names: a copy left in a case folder (or a default output
 * folder inside it) is not a client document, while a client's own file called report.pdf is.
 * Reads at most the first few kilobytes of a file, and a whole file only for a small PDF.
 */
import { closeSync, constants, openSync, readSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

export type OwnReportKind = 'report.md' | 'report.pdf' | 'bundle.json';

const HEAD_BYTES = 4096;
/** Case Audit's PDF reports are tens to hundreds of kilobytes; a larger PDF is a client's. */
const MAX_REPORT_PDF_BYTES = 8 * 1024 * 1024;

/** renderReport.ts: the disclaimer (quoted), the title line, then the case, audit, tier and analysis mode line. */
const MARKDOWN_HEAD = /^(?:>[^\n]*\n+)*# Case Audit — [^\n]+\n\nCase [^\n]* · audit `?aud-[0-9a-z]+`? · tier [a-z-]+ · analysis mode: /;
/** reporterAgent.ts: the bundle's first keys, in the order it writes them. */
const BUNDLE_HEAD = /^\{"auditId":"[^"]+","caseId":"[^"]*","workflowType":"[^"]+","tier":"[^"]+","analysisMode":"/;

/** A PDF string as pdf-lib writes document information: UTF-16BE with a byte-order mark, in hex. */
const pdfHexText = (text: string): string => `<FEFF${[...text].map((c) => c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')).join('')}>`;
/** renderReportPdf.ts sets both; a client's PDF made with pdf-lib has neither. */
const PDF_MARKS = [`/Creator ${pdfHexText('Case Audit reporter')}`, `/Producer ${pdfHexText('Case Audit (pdf-lib)')}`];

function readPart(path: string, bytes: number): Buffer | undefined {
  let fd: number | undefined;
  try {
    // Never blocks on a FIFO swapped in since the folder was listed, never follows a link.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    const buffer = Buffer.alloc(bytes);
    let read = 0;
    for (let n = -1; n !== 0 && read < bytes; read += n) n = readSync(fd, buffer, read, bytes - read, read);
    return buffer.subarray(0, read);
  } catch {
    return undefined; // reading it for the audit reports the problem as the document's status
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** True when the PDF's document information (plain, or in a compressed object stream) carries the reporter's marks. */
function isReportPdf(pdf: Buffer): boolean {
  const text = pdf.toString('latin1');
  const hasMarks = (s: string) => PDF_MARKS.every((mark) => s.includes(mark));
  if (hasMarks(text)) return true;
  const streams = /\/Type \/ObjStm[^]*?>>\s*stream\r?\n/g;
  for (let m = streams.exec(text); m; m = streams.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) return false;
    try {
      if (hasMarks(inflateSync(pdf.subarray(start, end), { maxOutputLength: MAX_REPORT_PDF_BYTES }).toString('latin1'))) return true;
    } catch {
      // not a stream pdf-lib wrote
    }
  }
  return false;
}

/** Which of Case Audit's own reports the file at `path` is, or undefined for any other file. */
export function ownReportKind(path: string, size: number): OwnReportKind | undefined {
  const head = readPart(path, Math.min(size, HEAD_BYTES));
  if (!head) return undefined;
  const start = head.toString('utf8');
  if (MARKDOWN_HEAD.test(start)) return 'report.md';
  if (BUNDLE_HEAD.test(start)) return 'bundle.json';
  if (start.startsWith('%PDF-') && size <= MAX_REPORT_PDF_BYTES) {
    const whole = readPart(path, size);
    if (whole && isReportPdf(whole)) return 'report.pdf';
  }
  return undefined;
}

/** The reason a skipped report is given in the run's output and the report's list of files left out. */
export const ownReportReason = (kind: OwnReportKind): string =>
  `a Case Audit ${kind} written by an earlier audit, not a client document (recognised by its content)`;
