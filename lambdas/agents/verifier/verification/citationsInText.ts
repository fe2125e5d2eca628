import type { ResearchIndex } from '../../../core/caselaw/loadIndex';
import type { ParsedCitation } from '../../../core/citations/citationSchema';
import { parseCitations } from '../../../core/citations/parseCitations';
import type { ReadingMode } from '../../../core/citations/statuteContext';
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

/** Index of the first of the sorted `spans` that can reach `from` (none is longer than `longest`). */
function firstReaching(spans: readonly Span[], from: number, longest: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid].start < from - longest) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const MARK = '\u0001';
/** Citations with the signal before them (`In`, `See`, `Unlike`) and the connectors between them (`and`, `,`) fold into one mark. */
const CITATION_RUN = new RegExp(
  `(?:(?:^|(?<=[\\s(]))(?:[Ii]n|[Ss]ee(?: also)?|[Uu]nlike|[Ff]ollowing|[Aa]pplying|[Pp]er|[Uu]nder|[Cc]f\\.|[Dd]ans|[Vv]oir(?: aussi)?|[Ss]elon|[Aa]s in)\\s+)?${MARK}(?:\\s*(?:,|;|and|or|et|ou|&)?\\s*${MARK})*`,
  'gu',
);

/** The sentence with every citation in it removed, whitespace collapsed, at most MAX_PROPOSITION_LENGTH. */
function propositionText(text: string, sentence: Span, citationSpans: readonly Span[], longest: number): string {
  let out = '';
  let at = sentence.start;
  for (let i = firstReaching(citationSpans, sentence.start, longest); i < citationSpans.length; i += 1) {
    const span = citationSpans[i];
    if (span.start >= sentence.end) break;
    if (span.end <= sentence.start) continue;
    out += `${text.slice(at, Math.max(at, span.start))}${MARK}`;
    at = Math.max(at, span.end);
  }
  out += text.slice(at, sentence.end);
  // A word hyphenated across a line break reads as one word.
  const collapsed = out
    .replace(/(\p{Ll})[-\u00ad]\s*\n\s*(\p{Ll})/gu, '$1$2')
    .replace(CITATION_RUN, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:])/g, '$1')
    .replace(/([,;:])(?:\s*[,;:])+/g, '$1')
    .replace(/^[\s,;:.]+/, '')
    .trim();
  if (collapsed.length <= MAX_PROPOSITION_LENGTH) return collapsed;
  const cut = collapsed.slice(0, MAX_PROPOSITION_LENGTH);
  const lastSpace = cut.lastIndexOf(' ');
  return lastSpace > MAX_PROPOSITION_LENGTH / 2 ? cut.slice(0, lastSpace) : cut;
}

function citationString(c: ParsedCitation): string {
  switch (c.kind) {
    case 'neutral':
    case 'reporter':
    case 'other-court':
      return c.parallelTo !== undefined ? `${c.parallelTo}, ${c.citation}` : c.citation;
    case 'statute':
      return c.provisionId;
    case 'style-of-cause':
      return c.name;
  }
}

const isCase = (c: ParsedCitation) => c.kind !== 'statute';
/** A parallel citation (`2001 FCA 345, [2002] 2 FC 413`) is the same decision as the one its list starts with. */
const isParallel = (c: ParsedCitation) => c.kind !== 'statute' && c.kind !== 'style-of-cause' && c.parallelTo !== undefined;

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

/** The clause of `sentence` holding `at`: clauses are separated by semicolons outside citations. */
function clauseAround(text: string, sentence: Span, at: Span, covered: Uint8Array): Span {
  let start = at.start;
  while (start > sentence.start && !(text[start - 1] === ';' && covered[start - 1] !== 1)) start -= 1;
  let end = at.end;
  while (end < sentence.end && !(text[end] === ';' && covered[end] !== 1)) end += 1;
  return { start, end };
}

interface Citations {
  spans: readonly Span[];
  longest: number;
  caseStarts: readonly number[];
}

/**
 * The claim the sentence makes about the authority at `at`, if any: its own clause when that clause
 * makes a claim ("held that", "sets out the test"); else the whole sentence when it makes one and the
 * authority's clause says nothing but citations (`…; Baker, [1999] 2 SCR 817 at para 43.`) or no
 * other clause cites an authority. An authority in a clause of its own that says something else
 * (`…; Vavilov, 2019 SCC 65, only added detail`) is not given another clause's claim.
 */
function claimAbout(text: string, sentence: Span, at: Span, covered: Uint8Array, citations: Citations): Span | undefined {
  const clause = clauseAround(text, sentence, at, covered);
  if (CLAIM_MARKER.test(text.slice(clause.start, clause.end))) return clause;
  if (!CLAIM_MARKER.test(text.slice(sentence.start, sentence.end))) return undefined;
  const onlyCitations = propositionText(text, clause, citations.spans, citations.longest).replace(/[\s,;:.()[\]]+/g, '') === '';
  const elsewhere = countIn(citations.caseStarts, sentence) - countIn(citations.caseStarts, clause);
  return onlyCitations || elsewhere === 0 ? sentence : undefined;
}

/**
 * Words right before an authority that cite it for contrast, not for the sentence's claim
 * (`cf.`, `but see`, `unlike`, `distinguishing`, `contrairement à`).
 */
const CONTRAST_BEFORE =
  /(?:^|[\s(;,])(?:[Cc]f\.|[Cc]ontra|[Bb]ut see|[Cc]ompare|[Uu]nlike|[Cc]ontrast(?:ing)?(?: with)?|[Dd]istinguishing|[Dd]istinguished|[Aa]s opposed to|[Cc]ontrairement à|[Àà] la différence de)[\s,]*$/u;

function citedForContrast(text: string, start: number, sentenceStart: number): boolean {
  return CONTRAST_BEFORE.test(text.slice(Math.max(sentenceStart, start - 40), start));
}

/**
 * Every citation in a text, as verifier inputs: decisions of every court and tribunal (with the
 * style of cause written before them), case names in a citation context, short forms resolved to
 * what they refer to, and IRPA/IRPR provisions. A decision gets a proposition wherever a sentence
 * citing it (in full or by a short form) makes an explicit claim about what it holds; when the
 * sentence cites several authorities, each of them gets that claim, except those cited only for
 * contrast (`cf.`, `unlike`, `but see`) and those in a clause of their own (after a semicolon) that
 * says something else and claims nothing. `mode` says how statute references are read: `document` for a client's document
 * (see statuteContext.ts).
 */
export function citationsInText(text: string, foundIn: string, index: ResearchIndex, now: Date, mode: ReadingMode = 'immigration'): CitationInput[] {
  const parsed = parseCitations(text, { index, now, mode });
  const allSpans = parsed.flatMap((c) => c.occurrences).sort((a, b) => a.start - b.start);
  const covered = coverMask(text.length, allSpans);
  const longest = allSpans.reduce((n, s) => Math.max(n, s.end - s.start), 0);
  const caseStarts = parsed
    .filter((c) => isCase(c) && !isParallel(c))
    .flatMap((c) => c.occurrences.map((o) => o.start))
    .sort((a, b) => a - b);

  const inputs: CitationInput[] = [];
  for (const c of parsed) {
    const base: CitationInput = { citation: citationString(c), foundIn, kind: c.kind === 'statute' ? 'provision' : 'case' };
    if (c.kind !== 'statute' && c.kind !== 'style-of-cause' && c.name !== undefined) base.name = c.name;
    const propositions = new Set<string>();
    if (isCase(c) && !isParallel(c)) {
      for (const occurrence of c.occurrences) {
        const sentence = sentenceAround(text, occurrence, covered);
        const claim = claimAbout(text, sentence, occurrence, covered, { spans: allSpans, longest, caseStarts });
        if (!claim || citedForContrast(text, occurrence.start, claim.start)) continue;
        const proposition = propositionText(text, claim, allSpans, longest);
        if (proposition !== '') propositions.add(proposition);
      }
    }
    if (propositions.size === 0) inputs.push(base);
    for (const proposition of propositions) inputs.push({ ...base, proposition });
  }
  return inputs;
}
