import { randomBytes } from 'node:crypto';
import type { PassageScreener } from '../../../contracts/quarantinedPassage';

/**
 * Documents and other case data as a prompt carries them: clearly delimited, quoted data. Each block
 * is fenced by markers holding a fresh random boundary, and any `<<<` or `>>>` inside the text is
 * defused, so no document can close its block early or open a fake one. Intake has already taken
 * hidden and injected text out of the pages (lambdas/core/documents/quarantine/); a page is
 * screened once more here with the same injection patterns the gatekeeper reports, and any passage
 * they find is left out of the prompt.
 */

export interface PromptPage {
  page: number;
  text: string;
}

export interface PromptDocument {
  docId: string;
  name: string;
  type: string;
  pages: readonly PromptPage[];
}

export interface DocumentDataOptions {
  /** Characters of document text in all (the rest is cut, and the cut is marked). */
  maxChars: number;
  /** Finds passages addressed to the models (the gatekeeper's injection patterns); they are left out. */
  screen?: PassageScreener;
  /** For tests: a fixed boundary instead of a random one. */
  boundary?: string;
}

export interface DocumentData {
  text: string;
  documents: number;
  /** Characters of document text left out for length. */
  charsCut: number;
  /** Passages left out because they address the models. */
  passagesLeftOut: number;
}

/** Marker-like sequences defused: `<<<` → `‹‹‹`, `>>>` → `›››`. */
export const defuse = (text: string): string => text.replace(/<{3,}/g, (m) => '‹'.repeat(m.length)).replace(/>{3,}/g, (m) => '›'.repeat(m.length));

/** A value for an attribute of a marker: one line, quotes escaped, at most 120 characters. */
const attribute = (value: string): string => JSON.stringify(defuse(value.replace(/\s+/g, ' ').trim()).slice(0, 120));

export const newBoundary = (): string => randomBytes(6).toString('hex');

const LEFT_OUT = '[left out: text addressed to an AI reviewer]';

function screened(text: string, screen: PassageScreener | undefined): { text: string; removed: number } {
  if (!screen) return { text, removed: 0 };
  const spans = screen(text).sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  let removed = 0;
  for (const span of spans) {
    if (span.end <= at) continue;
    out += text.slice(at, Math.max(at, span.start)) + (span.start >= at ? LEFT_OUT : '');
    if (span.start >= at) removed += 1;
    at = span.end;
  }
  return { text: out + text.slice(at), removed };
}

/**
 * The documents as delimited data blocks, within `maxChars` of text in all: shorter documents are
 * sent whole and the rest of the room is shared evenly by the longer ones. Only the text that is
 * sent is screened.
 */
export function documentData(docs: readonly PromptDocument[], options: DocumentDataOptions): DocumentData {
  const boundary = options.boundary ?? newBoundary();
  const prepared = docs
    .map((doc) => {
      const pages = doc.pages.map((page) => ({ page: page.page, text: page.text.trim() })).filter((p) => p.text);
      return { doc, pages, length: pages.reduce((n, p) => n + p.text.length, 0) };
    })
    .filter((d) => d.pages.length);

  // Room per document: the shortest first, each taking at most an even share of what is left.
  const room = new Map<(typeof prepared)[number], number>();
  let left = Math.max(0, options.maxChars);
  [...prepared]
    .sort((a, b) => a.length - b.length)
    .forEach((d, i, sorted) => {
      const share = Math.min(d.length, Math.floor(left / (sorted.length - i)));
      room.set(d, share);
      left -= share;
    });

  let charsCut = 0;
  let passagesLeftOut = 0;
  const blocks = prepared.map((d) => {
    let budget = room.get(d) ?? 0;
    const pages: string[] = [];
    for (const page of d.pages) {
      if (budget <= 0) {
        charsCut += page.text.length;
        continue;
      }
      const cut = page.text.length > budget;
      const clean = screened(cut ? page.text.slice(0, budget) : page.text, options.screen);
      passagesLeftOut += clean.removed;
      charsCut += Math.max(0, page.text.length - budget);
      budget -= Math.min(page.text.length, budget);
      pages.push(`[page ${page.page}]\n${defuse(clean.text)}${cut ? ' [… cut for length]' : ''}`);
    }
    const { doc } = d;
    return `<<<DOCUMENT ${boundary} id=${attribute(doc.docId)} name=${attribute(doc.name)} type=${attribute(doc.type)}>>>\n${pages.join('\n') || '[no text within the length limit]'}\n<<<END DOCUMENT ${boundary}>>>`;
  });
  return { text: blocks.join('\n\n'), documents: blocks.length, charsCut, passagesLeftOut };
}

/** Structured data (earlier findings, an authority's holding, a proposition) as one delimited block of JSON. */
export function dataBlock(label: string, value: unknown, boundary: string = newBoundary()): string {
  return `<<<DATA ${boundary} ${attribute(label)}>>>\n${defuse(JSON.stringify(value, null, 1))}\n<<<END DATA ${boundary}>>>`;
}
