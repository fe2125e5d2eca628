import type { ResearchIndex } from '../caselaw/loadIndex';
import type { ParsedCitation } from '../citations/citationSchema';
import { parseCitations } from '../citations/parseCitations';
import { findOutOfScopeCitations } from './courtScope';
import type { CitationInput } from './verificationSchema';

/** Longest proposition taken from the sentence around a citation. */
export const MAX_PROPOSITION_LENGTH = 300;
/** How far from a citation a sentence boundary is looked for. */
const SENTENCE_REACH = 600;

/**
 * Phrases by which a sentence claims what a decision holds. Only such sentences are compared with
 * the holding: a citation given for background ("see also …") is not a claim to check.
 */
export const CLAIM_MARKER =
  /\b(?:held|holds|found that|ruled that|established|establishes|sets? out|set out|governing (?:test|standard|principle|framework|authority)|stands? for|leading (?:case|authority)|(?:confirmed|determined|decided|recogni[sz]ed|affirmed|clarified) that|makes? (?:it )?clear that|is authority for|the test (?:in|from|set out in))\b/i;

interface Span {
  start: number;
  end: number;
}

/** Words after which a period does not end a sentence. */
const ABBREVIATION_BEFORE = /(?:^|[\s(])(?:v|vs|c|s|ss|r|rr|para|paras|p|pp|no|nos|art|inc|ltd|co|corp|mr|mrs|ms|dr|st|jr|sr|cf|al|etc|sch|ch|e\.g|i\.e|(?:\p{Lu}\.)*\p{Lu})$/iu;

/** Marks the positions covered by `spans`, so boundary checks inside citations cost O(1). */
export function coverMask(length: number, spans: readonly Span[]): Uint8Array {
  const mask = new Uint8Array(length);
  for (const s of spans) mask.fill(1, Math.max(0, s.start), Math.min(length, s.end));
  return mask;
}

function isBoundary(text: string, at: number, covered: Uint8Array): boolean {
  const ch = text[at];
  if (ch === '\n') return /\n[ \t]*$/.test(text.slice(Math.max(0, at - 40), at)) || at === 0;
  if (ch !== '.' && ch !== '!' && ch !== '?') return false;
  if (at + 1 < text.length && !/\s/.test(text[at + 1])) return false;
  if (covered[at] === 1) return false;
  return ch !== '.' || !ABBREVIATION_BEFORE.test(text.slice(Math.max(0, at - 12), at));
}

/** The sentence containing [start, end); `covered` marks citation text, where no sentence ends. */
export function sentenceAround(text: string, span: Span, covered: Uint8Array): Span {
  let start = span.start;
  const floor = Math.max(0, span.start - SENTENCE_REACH);
  while (start > floor && !isBoundary(text, start - 1, covered)) start -= 1;
  let end = span.end;
  const ceiling = Math.min(text.length, span.end + SENTENCE_REACH);
  while (end < ceiling && !isBoundary(text, end, covered)) end += 1;
  return { start, end: Math.min(text.length, end + 1) };
}

/** The sentence with every citation in it removed, whitespace collapsed, at most MAX_PROPOSITION_LENGTH. */
function propositionText(text: string, sentence: Span, citationSpans: readonly Span[]): string {
  let out = '';
  let at = sentence.start;
  for (const span of citationSpans) {
    if (span.end <= sentence.start || span.start >= sentence.end) continue;
    out += `${text.slice(at, Math.max(at, span.start))} `;
    at = Math.max(at, span.end);
  }
  out += text.slice(at, sentence.end);
  const collapsed = out.replace(/\s+/g, ' ').replace(/\s+([,.;:])/g, '$1').trim();
  if (collapsed.length <= MAX_PROPOSITION_LENGTH) return collapsed;
  const cut = collapsed.slice(0, MAX_PROPOSITION_LENGTH);
  const lastSpace = cut.lastIndexOf(' ');
  return lastSpace > MAX_PROPOSITION_LENGTH / 2 ? cut.slice(0, lastSpace) : cut;
}

function citationString(c: ParsedCitation): string {
  switch (c.kind) {
    case 'neutral':
    case 'reporter':
      return c.parallelTo !== undefined ? `${c.parallelTo}, ${c.citation}` : c.citation;
    case 'statute':
      return c.provisionId;
    case 'style-of-cause':
      return c.name;
  }
}

const isCase = (c: ParsedCitation) => c.kind !== 'statute';

/** How many of the sorted `starts` fall in [span.start, span.end). */
function countIn(starts: readonly number[], span: Span): number {
  const lowerBound = (value: number) => {
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid] < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return lowerBound(span.end) - lowerBound(span.start);
}

/**
 * Every citation in a text, as verifier inputs: decisions (with the style of cause written before
 * them), decisions of courts outside the index, case names without a citation, and IRPA/IRPR
 * provisions. A decision gets a proposition only where its sentence makes an explicit claim about
 * what the decision holds and cites no other decision (so the claim is unambiguously about it).
 */
export function citationsInText(text: string, foundIn: string, index: ResearchIndex, now: Date): CitationInput[] {
  const parsed = parseCitations(text, { index, now });
  const outside = findOutOfScopeCitations(text);
  // A style of cause written right before a citation of another court is that citation's name.
  const namedOutside = new Map<number, string>();
  const kept = parsed.filter((c) => {
    if (c.kind !== 'style-of-cause') return true;
    const next = outside.find((o) => o.start >= c.end && /^\s{0,3},?\s{0,3}$/.test(text.slice(c.end, o.start)));
    if (!next) return true;
    namedOutside.set(next.start, c.name);
    return c.occurrences.length > 1;
  });
  // A parallel citation (`2001 FCA 345, [2002] 2 FC 413`) is the same decision as the one it follows.
  const isParallel = (c: ParsedCitation) => (c.kind === 'neutral' || c.kind === 'reporter') && c.parallelTo !== undefined;
  const caseStarts = [...kept.filter((c) => isCase(c) && !isParallel(c)).flatMap((c) => c.occurrences), ...outside]
    .map((s) => s.start)
    .sort((a, b) => a - b);
  const allSpans = [...kept.flatMap((c) => c.occurrences), ...outside].sort((a, b) => a.start - b.start);
  const covered = coverMask(text.length, allSpans);

  const inputs: CitationInput[] = [];
  for (const c of kept) {
    const base: CitationInput = {
      citation: citationString(c),
      foundIn,
      kind: c.kind === 'statute' ? 'provision' : 'case',
      ...((c.kind === 'neutral' || c.kind === 'reporter') && c.name !== undefined ? { name: c.name } : {}),
    };
    const propositions = new Set<string>();
    if (isCase(c) && !isParallel(c)) {
      for (const occurrence of c.occurrences) {
        const sentence = sentenceAround(text, occurrence, covered);
        if (countIn(caseStarts, sentence) > 1 || !CLAIM_MARKER.test(text.slice(sentence.start, sentence.end))) continue;
        propositions.add(propositionText(text, sentence, allSpans));
      }
    }
    if (propositions.size === 0) inputs.push(base);
    for (const proposition of propositions) inputs.push({ ...base, proposition });
  }
  for (const o of outside) {
    const name = namedOutside.get(o.start);
    inputs.push({ citation: o.citation, foundIn, kind: 'case', ...(name !== undefined ? { name } : {}) });
  }
  return inputs;
}
