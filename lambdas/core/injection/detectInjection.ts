import type { ExtractedDocument } from '../../contracts/intakeOutput';
import { excerptAround } from './excerptAround';
import { bundledInjectionPatterns, type CompiledInjectionPattern, type InjectionPatternSet } from './injectionPatterns';
import type { InjectionAttempt } from '../../contracts/injectionAttempt';
import { normalizeForScan } from './normalizeForScan';
import { opensSentence } from './sentenceStart';

/** At most this many attempts are reported per document: a hostile file cannot flood the report. */
export const MAX_ATTEMPTS_PER_DOCUMENT = 10;

export interface DetectInjectionOptions {
  /** Defaults to the bundled injectionPatterns.json. */
  patterns?: InjectionPatternSet;
  maxPerDocument?: number;
}

/** The parts of an extracted document the detector reads. */
export type ScannableDocument = Pick<ExtractedDocument, 'docId' | 'name' | 'pages'>;

export interface InjectionHit {
  start: number;
  end: number;
  order: number;
  pattern: CompiledInjectionPattern;
}

/**
 * Every match of the pattern set in `text` (already normalised with normalizeForScan), in reading
 * order; sentence-start patterns only where a sentence begins. No de-duplication.
 */
export function findInjectionHits(text: string, set: InjectionPatternSet = bundledInjectionPatterns()): InjectionHit[] {
  const hits: InjectionHit[] = [];
  set.patterns.forEach((pattern, order) => {
    // A copy, so that no caller's use of the shared RegExp (lastIndex) can make a page start mid-way.
    for (const m of text.matchAll(new RegExp(pattern.regex))) {
      const start = m.index;
      if (pattern.anchor === 'sentence-start' && !opensSentence(text, start, set.leadIn)) continue;
      hits.push({ start, end: start + m[0].length, order, pattern });
    }
  });
  // Reading order; at the same position, the pattern listed first in the data file wins.
  return hits.sort((a, b) => a.start - b.start || a.order - b.order);
}

/**
 * Finds text in one document that addresses the audit's language models instead of a human reader:
 * orders to ignore instructions, fake system messages, chat-template tokens, dictated verdicts or
 * scores, requests to hide findings. Deterministic, data-driven (injectionPatterns.json), English and
 * French. One finding per passage: a match already visible in an earlier finding's excerpt on the same
 * page is not repeated, nor are the same words caught again by the same pattern elsewhere in the document.
 */
export function detectInjectionInDocument(doc: ScannableDocument, options: DetectInjectionOptions = {}): InjectionAttempt[] {
  const set = options.patterns ?? bundledInjectionPatterns();
  const limit = options.maxPerDocument ?? MAX_ATTEMPTS_PER_DOCUMENT;
  const attempts: InjectionAttempt[] = [];
  const seen = new Set<string>();
  const pages = [...doc.pages].sort((a, b) => a.page - b.page);
  for (const { page, text: raw } of pages) {
    const text = normalizeForScan(raw);
    const shown: Array<{ from: number; to: number }> = [];
    for (const hit of findInjectionHits(text, set)) {
      if (attempts.length >= limit) return attempts;
      if (shown.some((s) => hit.start >= s.from && hit.end <= s.to)) continue;
      const excerpt = excerptAround(text, hit.start, hit.end);
      shown.push(excerpt);
      // The same words caught by the same pattern again (a footer on every page) are one attempt.
      const key = `${hit.pattern.id}\u0000${text.slice(hit.start, hit.end).replace(/\s+/g, ' ').toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      attempts.push({ document: doc.name, docId: doc.docId, page, excerpt: excerpt.text, pattern: hit.pattern.id, category: hit.pattern.category });
    }
  }
  return attempts;
}

/** Runs the detector over every document, in the order given. */
export function detectInjectionAttempts(documents: readonly ScannableDocument[], options: DetectInjectionOptions = {}): InjectionAttempt[] {
  return documents.flatMap((doc) => detectInjectionInDocument(doc, options));
}
