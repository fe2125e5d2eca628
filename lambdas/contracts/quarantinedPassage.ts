import * as z from 'zod';

/**
 * Text taken out of a document's extracted pages before any later stage reads them, and kept aside so
 * that the gatekeeper can report it. Nothing here imports intakeSchema.ts (which imports this file).
 */

/** Why a passage was quarantined. */
export const QUARANTINE_REASONS = [
  'near-background-colour', // PDF text painted in (almost) the colour behind it: white on white
  'tiny-text', // PDF text smaller than a person can read
  'off-page', // PDF text placed outside the page's visible box
  'invisible-render-mode', // PDF text drawn in the "invisible" or "clip only" render mode with no image beneath
  'transparent', // PDF text painted with (almost) zero opacity
  'hidden-formatting', // a Word run marked hidden (w:vanish)
  'control-characters', // invisible Unicode characters: zero-width, bidi overrides, tag characters
  'injection-pattern', // a sentence addressed to the audit's language models (gatekeeper's injection patterns)
] as const;
export const QuarantineReason = z.enum(QUARANTINE_REASONS);
export type QuarantineReason = z.infer<typeof QuarantineReason>;

/** Reasons that mean "a person reading the document would not see this text". */
export const HIDDEN_TEXT_REASONS: readonly QuarantineReason[] = ['near-background-colour', 'tiny-text', 'off-page', 'invisible-render-mode', 'transparent', 'hidden-formatting'];

/** At most this many passages are recorded per document; the text of any further ones is still removed. */
export const MAX_QUARANTINED_PER_DOCUMENT = 100;

/** Longest quarantined text kept per passage (characters); longer passages are cut with `…`. */
export const MAX_QUARANTINED_TEXT = 2000;
/** Longest excerpt kept for a report. */
export const MAX_QUARANTINE_EXCERPT = 200;

export const QuarantinedPassage = z.strictObject({
  /** 1-based page of the extracted text the passage was taken from. */
  page: z.number().int().positive(),
  reason: QuarantineReason,
  /** The passage as a language model would have read it (invisible characters shown as ⟨U+200B⟩). */
  text: z.string().min(1).max(MAX_QUARANTINED_TEXT),
  /** What made it hidden, in a few words ("fill #ffffff on #ffffff", "0.5 pt", "3 zero-width characters"). */
  detail: z.string().max(200).optional(),
  /** For `injection-pattern`: the pattern id and category from the gatekeeper's injectionPatterns.json. */
  pattern: z.string().optional(),
  category: z.string().optional(),
  /** A short excerpt for reports (whitespace collapsed), when it differs from the start of `text`. */
  excerpt: z.string().min(1).max(MAX_QUARANTINE_EXCERPT).optional(),
});
export type QuarantinedPassage = z.infer<typeof QuarantinedPassage>;

/**
 * A passage found by a screener in one page's text, by UTF-16 offsets into that text. Screeners are
 * supplied by callers (the intake agent passes the gatekeeper's prompt-injection patterns), so that
 * core code does not depend on an agent's data.
 */
export interface ScreenedPassage {
  start: number;
  end: number;
  pattern: string;
  category: string;
  /** How the passage should be shown in a report (at most MAX_QUARANTINE_EXCERPT characters). */
  excerpt: string;
}

export type PassageScreener = (pageText: string) => ScreenedPassage[];

/** Cuts `text` to at most `max` characters, ending with `…`, never splitting a surrogate pair. */
export function boundText(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = '';
  for (const ch of text) {
    if (kept.length + ch.length > max - 1) break;
    kept += ch;
  }
  return `${kept.trimEnd()}…`;
}

/** Keeps the first `max` passages and folds the rest into a count on the last one kept. */
export function capPassages(passages: readonly QuarantinedPassage[], max = MAX_QUARANTINED_PER_DOCUMENT): QuarantinedPassage[] {
  if (passages.length <= max) return [...passages];
  const kept = passages.slice(0, max);
  const last = kept[max - 1];
  kept[max - 1] = { ...last, detail: boundText(`${last.detail ? `${last.detail}; ` : ''}${passages.length - max} more passages removed and not listed`, 200) };
  return kept;
}
