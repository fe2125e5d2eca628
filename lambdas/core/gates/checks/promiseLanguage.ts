import * as z from 'zod';
import raw from './outcomePromises.json';
import { capped, gateError, isRecord, pathOf } from '../gateIssues';
import type { GateIssue } from '../gateSchema';

/**
 * Finds outcome-promising language ("guaranteed", "will be approved", "certain to succeed", and their
 * French equivalents) in text an agent wrote. The phrases live in outcomePromises.json.
 */

const Phrase = z.strictObject({
  id: z.string().regex(/^[a-z]+(?:-[a-z]+)*$/),
  language: z.enum(['en', 'fr']),
  regex: z.string().min(1),
  needsOutcomeTerm: z.boolean().default(false),
  examples: z.array(z.string().min(1)).min(1),
  counterExamples: z.array(z.string().min(1)).default([]),
});

export const PromiseLanguageFile = z.strictObject({
  $comment: z.string().optional(),
  negationCues: z.array(z.string().min(1)).min(1),
  negationWindow: z.number().int().positive(),
  outcomeTerms: z.string().min(1),
  outcomeWindow: z.number().int().positive(),
  exceptions: z.array(z.string().min(1)),
  phrases: z.array(Phrase).min(1),
});
export type PromiseLanguageFile = z.infer<typeof PromiseLanguageFile>;

/** A Unicode-aware `\b`: JavaScript's own treats `é` as a non-word character. */
const WORD = '[\\p{L}\\p{N}_]';
const UNICODE_BOUNDARY = `(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`;

function compile(source: string, flags = 'giu'): RegExp {
  return new RegExp(source.replace(/\\b/g, UNICODE_BOUNDARY), flags);
}

/**
 * A pattern and a cheap pre-test for it: the same pattern without its word boundaries matches
 * wherever the pattern does (and more), but V8 scans for it fast, while the look-around boundary
 * costs at every position. Most text has no promise at all, so most patterns stop at the pre-test.
 */
interface Screened {
  re: RegExp;
  mayMatch: RegExp;
}

function screened(source: string, flags = 'giu'): Screened {
  return { re: compile(source, flags), mayMatch: new RegExp(source.replace(/\\b/g, ''), flags.replace('g', '')) };
}

export interface PromiseMatch {
  /** The phrase id from outcomePromises.json, e.g. `en-will-be-approved`. */
  phrase: string;
  /** The words matched, as written. */
  text: string;
  index: number;
  /** The clause around the match, for a person to find it. */
  context: string;
}

export interface PromiseDetector {
  find(text: string): PromiseMatch[];
  readonly phrases: ReadonlyArray<z.infer<typeof Phrase>>;
}

/** Clause boundaries: a promise and its negation or outcome term must share a clause. */
const CLAUSE_END = /[.!?;:,\n]/;

function clauseBefore(text: string, index: number, window: number): string {
  const before = text.slice(Math.max(0, index - window), index);
  const cut = Math.max(...[...before].map((c, i) => (CLAUSE_END.test(c) ? i : -1)));
  return cut >= 0 ? before.slice(cut + 1) : before;
}

function clauseAround(text: string, start: number, end: number, window: number): string {
  const after = text.slice(end, end + window);
  const stop = after.search(CLAUSE_END);
  return `${clauseBefore(text, start, window)} ${text.slice(start, end)} ${stop >= 0 ? after.slice(0, stop) : after}`;
}

export function createPromiseDetector(file: PromiseLanguageFile): PromiseDetector {
  const negations = file.negationCues.map((c) => compile(c, 'iu'));
  const outcome = compile(file.outcomeTerms, 'iu');
  const exceptions = file.exceptions.map((e) => screened(e));
  const phrases = file.phrases.map((p) => ({ ...p, ...screened(p.regex) }));
  return {
    phrases: file.phrases,
    find(text) {
      // Exceptions are blanked out (same length, so indexes still point into the original text).
      let scanned = text;
      for (const e of exceptions) if (e.mayMatch.test(scanned)) scanned = scanned.replace(e.re, (m) => ' '.repeat(m.length));
      const matches: PromiseMatch[] = [];
      for (const p of phrases) {
        if (!p.mayMatch.test(scanned)) continue;
        for (const m of scanned.matchAll(p.re)) {
          const index = m.index ?? 0;
          const end = index + m[0].length;
          if (matches.some((x) => index < x.index + x.text.length && x.index < end)) continue;
          const before = clauseBefore(scanned, index, file.negationWindow);
          if (negations.some((n) => n.test(before))) continue;
          if (p.needsOutcomeTerm && !outcome.test(clauseAround(scanned, index, end, file.outcomeWindow).replace(m[0], ' '))) continue;
          matches.push({ phrase: p.id, text: text.slice(index, end), index, context: clauseAround(text, index, end, 60).replace(/\s+/g, ' ').trim() });
        }
      }
      return matches.sort((a, b) => a.index - b.index);
    },
  };
}

let bundled: PromiseDetector | undefined;

/** The detector for the bundled outcomePromises.json (validated once per process). */
export function promiseDetector(): PromiseDetector {
  bundled ??= createPromiseDetector(PromiseLanguageFile.parse(raw));
  return bundled;
}

/** A piece of prose an agent wrote, and where it sits in the output. */
export interface Prose {
  path: string;
  text: string;
}

/** One error per passage that promises an outcome. */
export function promiseIssues(prose: readonly Prose[], code: string): GateIssue[] {
  const detector = promiseDetector();
  const issues: GateIssue[] = [];
  for (const p of prose) {
    for (const m of detector.find(p.text)) {
      issues.push(
        gateError(
          code,
          `${p.path} promises an outcome (${m.phrase}); Case Audit assesses defensibility and never predicts or guarantees a decision`,
          'state the risk and what supports or weakens the file instead of promising a result (no "guaranteed", "will be approved", "certain to succeed")',
          [p.path, `"${m.context}"`],
        ),
      );
    }
  }
  return capped(issues);
}

/**
 * Every string an agent wrote in an output, with its path, leaving out `evidence` (quotes from the
 * client's documents, which may say anything) and any other keys in `skipKeys`.
 */
export function proseOf(value: unknown, skipKeys: readonly string[] = []): Prose[] {
  const skip = new Set(['evidence', ...skipKeys]);
  const out: Prose[] = [];
  const walk = (node: unknown, path: PropertyKey[]) => {
    if (path.length > 32) return;
    if (typeof node === 'string') {
      out.push({ path: pathOf(path), text: node });
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, [...path, i]));
    } else if (isRecord(node)) {
      for (const [key, child] of Object.entries(node)) if (!skip.has(key)) walk(child, [...path, key]);
    }
  };
  walk(value, []);
  return out;
}
