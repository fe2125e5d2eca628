/**
 * Decoding of plain-text bytes: UTF-8 (with or without BOM) and UTF-16 with a BOM.
 * Used both to detect that a file is text and to read it.
 */

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be';

export interface DecodedText {
  encoding: TextEncodingName;
  /** The decoded text without the byte-order mark. */
  text: string;
}

/** Share of control characters (other than tab, newlines, form feed) above which bytes are not text. */
const MAX_CONTROL_RATIO = 0.01;

function bomEncoding(bytes: Uint8Array): { encoding: TextEncodingName; bomLength: number } {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { encoding: 'utf-8', bomLength: 3 };
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  return { encoding: 'utf-8', bomLength: 0 };
}

function isControl(code: number): boolean {
  if (code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d) return false;
  return code < 0x20 || code === 0x7f;
}

/** True when the text has (almost) no control characters; any NUL disqualifies it. */
export function looksLikeReadableText(text: string): boolean {
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return false;
    if (isControl(code)) controls++;
  }
  return controls <= Math.floor(text.length * MAX_CONTROL_RATIO);
}

/**
 * Decodes `bytes` as text, or returns undefined when they are not valid text in a supported
 * encoding or contain too many control characters. `limit` decodes only a prefix (for sniffing).
 */
export function decodeText(bytes: Uint8Array, limit?: number): DecodedText | undefined {
  const { encoding, bomLength } = bomEncoding(bytes);
  const end = limit === undefined ? bytes.length : Math.min(bytes.length, bomLength + limit);
  const body = bytes.subarray(bomLength, end);
  const truncated = end < bytes.length;
  let text: string;
  try {
    // `stream: true` tolerates a multi-byte sequence cut at the end of a sniffed prefix.
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(body, { stream: truncated });
  } catch {
    return undefined;
  }
  if (!looksLikeReadableText(text)) return undefined;
  return { encoding, text };
}
