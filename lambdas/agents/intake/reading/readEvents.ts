/**
 * The dated timeline: every sentence or form line that says something happened (a marriage, a
 * refusal, an overstay, a job), with its date or period, whose it was, and where. A trigger in a
 * question, under a negation ("never refused") or a hedge ("may be refused") is not an event.
 */
import type { EventKind, FactDate, TimelineEvent } from '../../../contracts/caseFacts';
import { COUNTRIES, countryIn, CUES, ELIDED_NEGATION, EVENT_TRIGGERS, HEDGE, NEGATION, phrases } from './lexicon';
import { COUPLE_EVENTS, roleIn } from './people';
import { quoteOf, type ReadingDocument, type ReadingPage } from './readingDocument';
import { readsAsDecision } from './readOfficerFindings';
import type { Segment } from './segments';
import { datesIn, type DateInText } from './textReaders';

/** Kinds that are periods: a second date, or "since"/"depuis", reads as the period's bounds. */
const PERIODS = new Set<EventKind>(['employment', 'study', 'cohabitation-start', 'overstay', 'travel']);
/** Sections of lists and tables whose rows are events of one kind even without a trigger word. */
const SECTION_KINDS: Array<{ kind: EventKind; heading: RegExp }> = [
  { kind: 'travel', heading: phrases(['travel history', 'previous travel', 'trips abroad', 'countries visited', 'historique (?:de|des) voyages?', 'voyages (?:antérieurs|précédents)', 'pays visités']) },
  { kind: 'employment', heading: phrases(['employment history', 'work history', 'work experience', 'professional experience', 'antécédents professionnels', 'expérience (?:professionnelle|de travail)', 'historique d[\'’]emploi']) },
  { kind: 'study', heading: phrases(['education(?: history)?', 'studies', 'academic history', 'études', 'scolarité', 'formation']) },
];
const CLAUSE_BREAK = /[;,:]|\b(?:but|however|although|whereas|mais|cependant|toutefois|alors que)\b/giu;
const QUESTION = /\?\s*(?:\S{0,12})?\s*$/u;
const UNTIL = phrases(['to', 'until', 'till', 'through', 'ended', 'à', 'au', 'jusqu[\'’]au?', 'jusqu[\'’]en', '[-–—]']);
const SINCE = phrases(['since', 'depuis', 'from', 'de', 'du', 'starting', 'à partir du?']);
const PRESENT = phrases(['present', 'current', 'now', 'today', 'ongoing', 'à ce jour', 'aujourd[\'’]hui', 'présent', 'en cours', 'actuel']);

export interface EventContext {
  doc: ReadingDocument;
  spousal: boolean;
}

function clauseStart(text: string, index: number): number {
  let start = 0;
  for (const m of text.slice(0, index).matchAll(CLAUSE_BREAK)) start = (m.index ?? 0) + m[0].length;
  return start;
}

function negated(prefix: string): boolean {
  // "Case No. 1442", "N° 12": a number sign is not a negation.
  const words = prefix.replace(/\b(?:no|nos|n)[.°º]\s*\d*/giu, ' ');
  return NEGATION.test(words) || ELIDED_NEGATION.test(words);
}

/** The event's date (and end, for periods) among the segment's dates, preferring dates after the trigger. */
function datesFor(kind: EventKind, text: string, dates: DateInText[], triggerEnd: number): { date?: FactDate; end?: FactDate } {
  if (dates.length === 0) return {};
  const after = dates.filter((d) => d.start >= triggerEnd - 1);
  const ordered = after.length ? [...after, ...dates.filter((d) => d.start < triggerEnd - 1).reverse()] : [...dates].reverse();
  const first = ordered[0];
  const plain = (d: DateInText): FactDate => ({ iso: d.iso, precision: d.precision, ...(d.ambiguous ? { ambiguous: d.ambiguous } : {}) });
  if (!PERIODS.has(kind)) return { date: plain(first) };
  if (first.until) return { date: plain(first), ...(first.until !== 'present' ? { end: first.until } : {}) };
  const next = dates.find((d) => d.start > first.end && d.start - first.end < 20 && UNTIL.test(text.slice(first.end, d.start)));
  return { date: plain(first), ...(next ? { end: plain(next) } : {}) };
}

function detailFor(kind: EventKind, text: string): string | undefined {
  if (kind === 'refusal' || kind === 'removal-order') {
    const section = /(?:section|paragraph|subsection|article|alinéa|paragraphe|art\.|s\.)\s*\d+(?:\([0-9a-z]+\))*/iu.exec(text);
    if (section) return section[0];
  }
  if (kind === 'charge' || kind === 'conviction' || kind === 'acquittal') {
    const offence = /(?:charged with|convicted of|guilty of|accusée? d[e'’]|coupable d[e'’]|offence of|infraction de)\s+([^.;,\n]{3,80})/iu.exec(text);
    if (offence) return offence[1].trim();
  }
  return undefined;
}

function eventOf(ctx: EventContext, page: ReadingPage, segment: Segment, kind: EventKind, index: number, length: number, confidence: number): TimelineEvent | undefined {
  const text = segment.text;
  const prefix = text.slice(clauseStart(text, index), index);
  if (negated(prefix) || HEDGE.test(prefix)) return undefined;
  if (kind === 'refusal' && CUES.conditionalRefusal.test(text)) return undefined;
  const dates = datesIn(text, ctx.doc.dateOrder);
  const { date, end } = datesFor(kind, text, dates, index + length);
  const person = COUPLE_EVENTS.has(kind) ? 'applicant' : roleIn(text.slice(0, index), ctx.doc, ctx.spousal);
  const country = kind === 'refusal' || kind === 'entry' || kind === 'overstay' || kind === 'travel' || kind === 'removal-order' ? countryIn(text) : undefined;
  const detail = detailFor(kind, text);
  return {
    kind,
    person,
    ...(date ? { date } : {}),
    ...(end ? { end } : {}),
    ...(country ? { country } : {}),
    ...(detail ? { detail } : {}),
    evidence: quoteOf(ctx.doc, page, segment.start, segment.end, segment.start + index),
    confidence: date ? confidence : confidence - 0.15,
    source: 'rules',
  };
}

function rowEvent(ctx: EventContext, page: ReadingPage, segment: Segment, kind: EventKind): TimelineEvent | undefined {
  const dates = datesIn(segment.text, ctx.doc.dateOrder);
  if (dates.length === 0) return undefined;
  const row = segment.text;
  const country = kind === 'travel' ? (COUNTRIES.some((c) => c.patterns.some((p) => p.test(row))) ? countryIn(row) : undefined) : undefined;
  if (kind === 'travel' && !country) return undefined;
  const plain = (d: DateInText): FactDate => ({ iso: d.iso, precision: d.precision });
  const ongoing = PRESENT.test(row);
  return {
    kind,
    person: ctx.doc.author,
    date: plain(dates[0]),
    ...(dates[1] && !ongoing ? { end: plain(dates[1]) } : {}),
    ...(country ? { country } : {}),
    evidence: quoteOf(ctx.doc, page, segment.start, segment.end),
    confidence: 0.7,
    source: 'rules',
  };
}

/** A letter's own date: its "Date:" line, or a short dated line at the head of its first page. */
function letterDate(doc: ReadingDocument): FactDate | undefined {
  const first = doc.pages[0];
  if (!first) return undefined;
  const field = first.segments.find((s) => s.field && /^(?:date|dated|date of (?:this )?(?:letter|decision|notice)|fait le|date de la (?:lettre|décision))$/iu.test(s.field.label));
  const fromField = field ? datesIn(field.field!.value, doc.dateOrder)[0] : undefined;
  const head = first.text.split('\n').slice(0, 8).filter((line) => line.trim().length > 0 && line.trim().length <= 40);
  const fromHead = fromField ?? head.map((line) => datesIn(line, doc.dateOrder)[0]).find((d) => d && d.precision === 'day');
  return fromHead ? { iso: fromHead.iso, precision: fromHead.precision } : undefined;
}

/** Decisions the document itself makes: dated on the letter when the sentence gives no date. */
const DATED_BY_LETTER = new Set<EventKind>(['refusal', 'decision']);

/** Every event the document states. */
export function readEvents(ctx: EventContext): TimelineEvent[] {
  const out: TimelineEvent[] = [];
  const ownDate = readsAsDecision(ctx.doc) ? letterDate(ctx.doc) : undefined;
  for (const page of ctx.doc.pages) {
    for (const segment of page.segments) {
      if (QUESTION.test(segment.text) && !segment.field) continue;
      if (segment.heading === segment.text) continue; // a title ("Notice of refusal") names the document, the sentences state the event
      if (segment.field && /^(?:yes|no|oui|non)\b/i.test(segment.field.value)) continue; // a form's Yes/No answer is a declaration
      const found = new Set<EventKind>();
      for (const { kind, pattern } of EVENT_TRIGGERS) {
        pattern.lastIndex = 0;
        for (const m of segment.text.matchAll(pattern)) {
          if (found.has(kind)) break;
          const found0 = eventOf(ctx, page, segment, kind, m.index ?? 0, m[0].length, segment.field ? 0.85 : 0.75);
          const event = found0 && !found0.date && ownDate && DATED_BY_LETTER.has(kind) && found0.person === 'applicant' ? { ...found0, date: ownDate } : found0;
          if (event) {
            out.push(event);
            found.add(kind);
          }
        }
      }
      if (found.size === 0 && (segment.cells || segment.heading) && segment.heading !== segment.text) {
        const section = SECTION_KINDS.find((s) => s.heading.test(segment.heading ?? ''));
        const event = section ? rowEvent(ctx, page, segment, section.kind) : undefined;
        if (event) out.push(event);
      }
    }
  }
  // The same event said twice in one document, once with its date: keep the dated statement.
  return out.filter((e) => e.date || !out.some((o) => o !== e && o.date && o.kind === e.kind && o.person === e.person && o.evidence.docId === e.evidence.docId));
}
