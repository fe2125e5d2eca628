/**
 * Reads the case citations of cleaned text (see layoutText.ts) and links them: pinpoints, parallel
 * citations, the style of cause or short name written before each, and the names of a parallel list
 * shared by all its citations.
 */
import { readPinpoint } from '../pinpoint';
import { mergeSpans, overlapsAny, type Span } from '../spans';
import type { CaseHit } from './caseHit';
import type { ShortNames } from './caseNames';
import { findNeutralCitations } from './neutralCitation';
import { findReporterCitations } from './reporterCitation';
import { findStylesOfCause, shortNameBefore, type NameSpan } from './styleOfCause';
import { findTribunalCitations } from './tribunalCitation';

const NAME_GAP = /^ ?,? ?$/;
const PARALLEL_GAP = /^ ?(?:\(CanLII\))? ?[,;]? ?$/;
const JOINED_GAP = /^ ?; ?$/;

function readCaseHits(text: string, now: Date): CaseHit[] {
  const found = [...findNeutralCitations(text, now), ...findTribunalCitations(text, now), ...findReporterCitations(text, now)];
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  // Two readings of the same characters: keep the first, longest one.
  const hits: CaseHit[] = [];
  for (const hit of found) {
    const last = hits[hits.length - 1];
    if (last && hit.start < last.end) continue;
    hits.push(hit);
  }
  return hits;
}

/** Whether `hit` can be a parallel citation of the list `members` (which starts with its first citation). */
function parallel(text: string, members: CaseHit[], hit: CaseHit): boolean {
  const head = members[0];
  const previous = members[members.length - 1];
  if (hit.data.kind === 'other-court' && !hit.data.canlii) return false;
  // Two neutral citations are two decisions (`2019 SCC 65, 2015 SCC 61`).
  if (hit.data.kind === 'neutral' && members.some((m) => m.data.kind === 'neutral')) return false;
  if (!PARALLEL_GAP.test(text.slice(previous.end, hit.start))) return false;
  if (members.some((m) => m.series === hit.series)) return false;
  const courts = new Set(head.courts);
  if (!courts.has('*') && !hit.courts.includes('*') && !hit.courts.some((c) => courts.has(c))) return false;
  const headYear = head.data.year;
  const year = hit.data.year;
  if (headYear === undefined || year === undefined) return true;
  // A report can print a decision a year or two after it was given; a neutral citation is of its year.
  return hit.data.kind === 'neutral' ? Math.abs(year - headYear) <= 1 : year >= headYear && year - headYear <= 2;
}

/**
 * Reads pinpoints, and links parallel citations (`2001 FCA 345, [2002] 2 F.C. 413`) to the first of
 * their list. A neutral citation given after a report (`[2009] 1 S.C.R. 339, 2009 SCC 12`) becomes the
 * one the others point to: it is the decision's own identifier.
 */
function linkCaseHits(text: string, hits: CaseHit[]): void {
  let members: CaseHit[] = [];
  hits.forEach((hit, i) => {
    if (members.length > 0 && parallel(text, members, hit)) {
      if (hit.data.kind === 'neutral') {
        members.unshift(hit);
        for (const m of members.slice(1)) m.parallelTo = hit.data.citation;
      } else {
        hit.parallelTo = members[0].data.citation;
        members.push(hit);
      }
    } else {
      members = [hit];
    }
    const pin = readPinpoint(text, hit.end, hit.paged);
    if (pin && (hits[i + 1] === undefined || pin.end <= hits[i + 1].start)) {
      hit.pinpoint = pin.pinpoint;
      hit.end = pin.end;
      // A pinpoint after a parallel list is a place in the decision all of them report.
      if (members[0].pinpoint === undefined) members[0].pinpoint = pin.pinpoint;
    }
  });
}

/**
 * Gives each citation the style of cause written right before it (joined styles too: `Hilewitz v.
 * Canada (…); De Jong v. Canada (…), 2005 SCC 57`); returns the styles left unattached.
 */
function attachStyles(text: string, hits: CaseHit[], styles: NameSpan[]): NameSpan[] {
  const alone: NameSpan[] = [];
  let h = 0;
  for (const style of styles) {
    while (h < hits.length && hits[h].start < style.end) h += 1;
    const hit = hits[h];
    if (hit && hit.name === undefined && NAME_GAP.test(text.slice(style.end, hit.start))) {
      hit.name = style.name;
      hit.start = style.start;
      const previous = alone[alone.length - 1];
      if (previous && JOINED_GAP.test(text.slice(previous.end, style.start))) {
        alone.pop();
        hit.name = `${previous.name}; ${style.name}`;
        hit.start = previous.start;
      }
    } else {
      alone.push(style);
    }
  }
  return alone;
}

/** Short names right before a citation (`Vavilov, 2019 SCC 65`): known to the index or named by an earlier full citation. */
function attachShortNames(text: string, hits: CaseHit[], styles: Span[], isKnown: (name: string) => boolean): void {
  const taken = mergeSpans(styles);
  hits.forEach((hit, i) => {
    if (hit.name !== undefined || hit.parallelTo !== undefined) return;
    const found = shortNameBefore(text, hit.start, isKnown);
    if (!found || found.start < (hits[i - 1]?.end ?? 0) || overlapsAny(taken, found.start, found.end)) return;
    hit.name = found.name;
    hit.start = found.start;
  });
}

/** Every citation of a parallel list carries the name written before the list. */
function shareNames(hits: CaseHit[]): void {
  const heads = new Map<string, CaseHit>();
  for (const hit of hits) if (hit.parallelTo === undefined) heads.set(hit.data.citation, hit);
  for (const hit of hits) {
    const head = hit.parallelTo === undefined ? undefined : heads.get(hit.parallelTo);
    if (head && head.name === undefined && hit.name !== undefined) head.name = hit.name;
  }
  for (const hit of hits) {
    const head = hit.parallelTo === undefined ? undefined : heads.get(hit.parallelTo);
    if (head && hit.name === undefined && head.name !== undefined) hit.name = head.name;
    if (hit.name === undefined) delete hit.name;
  }
}

/**
 * The case citations of `text` with their names, and the styles of cause written without a
 * citation. A short name right before a citation counts when the index knows it or a style of
 * cause elsewhere in the text gives it (`Okafor-Lindqvist, 2022 FC 1734`).
 */
export function readCases(text: string, now: Date, names: ShortNames, index?: { isKnownShortName(name: string): boolean }): { hits: CaseHit[]; alone: NameSpan[] } {
  const hits = readCaseHits(text, now);
  linkCaseHits(text, hits);
  const styles = findStylesOfCause(text);
  const alone = attachStyles(text, hits, styles);
  const known = new Set<string>();
  for (const name of [...hits.map((h) => h.name), ...alone.map((s) => s.name)]) if (name !== undefined) for (const n of names.of(name)) known.add(n);
  attachShortNames(text, hits, styles, (n) => known.has(n) || index?.isKnownShortName(n) === true);
  shareNames(hits);
  return { hits, alone };
}
