/**
 * Statements in prose: where a pattern matches, the sentence around it, and whether the sentence
 * negates it ("we have never lived together") or asks it ("Have you lived together?").
 */
import type { Evidence } from '../../../contracts/intakeOutput';
import type { PageRef } from './caseFile';
import { quoteLine } from './evidenceQuotes';

export interface Statement {
  ref: PageRef;
  /** The match itself. */
  start: number;
  end: number;
  matched: string;
  /** Sentence bounds around the match. */
  sentenceStart: number;
  sentenceEnd: number;
  sentence: string;
  negated: boolean;
  question: boolean;
}

const NEGATION = /(?:\b(?:not|never|no|without|nor|jamais|pas|aucune?|sans|ni)\b|n't\b|\bn['’])/i;
const NEGATION_REACH = 50;

const LIST_ITEM = /^[ \t]*(?:[-*•|]|\d{1,2}[.)]|\[)/;
/** A line that ends a sentence, a label or a Yes/No answer: the next line starts a new statement. */
const LINE_COMPLETE = /(?:[.?!:;]|\b(?:Yes|No|YES|NO|Oui|Non))[ \t]*$/;

function sentenceBounds(text: string, start: number, end: number): { start: number; end: number } {
  let from = start;
  while (from > 0) {
    const ch = text[from - 1];
    if ((ch === '.' || ch === '!' || ch === '?') && /\s/.test(text[from] ?? ' ')) break;
    if (ch === '\n' && (text[from - 2] === '\n' || LIST_ITEM.test(text.slice(from, from + 8)) || LINE_COMPLETE.test(text.slice(Math.max(0, from - 12), from - 1)))) break;
    if (ch === '|') break;
    from--;
  }
  let to = end;
  while (to < text.length) {
    const ch = text[to];
    if ((ch === '.' || ch === '!' || ch === '?') && /\s/.test(text[to + 1] ?? ' ')) {
      to++;
      break;
    }
    if (ch === '\n' && (text[to + 1] === '\n' || LIST_ITEM.test(text.slice(to + 1, to + 9)) || LINE_COMPLETE.test(text.slice(Math.max(0, to - 12), to)))) break;
    if (ch === '|') break;
    to++;
  }
  return { start: from, end: to };
}

/** Every match of `pattern` in the pages, with its sentence. */
export function findStatements(pages: readonly PageRef[], pattern: RegExp): Statement[] {
  const flags = pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`;
  const global = new RegExp(pattern.source, flags);
  const out: Statement[] = [];
  for (const ref of pages) {
    const text = ref.page.text;
    for (const m of text.matchAll(global)) {
      const start = m.index ?? 0;
      const end = start + m[0].length;
      if (end === start) continue;
      const bounds = sentenceBounds(text, start, end);
      const sentence = text.slice(bounds.start, bounds.end);
      const before = text.slice(Math.max(bounds.start, start - NEGATION_REACH), start);
      out.push({
        ref,
        start,
        end,
        matched: m[0],
        sentenceStart: bounds.start,
        sentenceEnd: bounds.end,
        sentence: sentence.replace(/\s+/g, ' ').trim(),
        negated: NEGATION.test(before),
        question: sentence.trimEnd().endsWith('?'),
      });
    }
  }
  return out;
}

/** Affirmative statements only (neither negated nor asked). */
export function findAffirmations(pages: readonly PageRef[], pattern: RegExp): Statement[] {
  return findStatements(pages, pattern).filter((s) => !s.negated && !s.question);
}

/** The line of a statement as evidence. */
export function quoteStatement(s: Statement): Evidence | undefined {
  return quoteLine(s.ref, s.start, s.end);
}
