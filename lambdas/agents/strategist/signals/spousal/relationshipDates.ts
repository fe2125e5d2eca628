/**
 * The key dates of a relationship as each document states them: when it began, the first meeting
 * in person, the engagement and the marriage ("We first started talking on 2021-03-14",
 * "Date of marriage: 17 February 2024", "nous nous sommes mariés le 14 mars 2021").
 */
import type { Evidence } from '../../../../contracts/intakeOutput';
import { pagesExcept, type CaseFile, type PageRef } from '../../text/caseFile';
import { readDates, parseDate, type FoundDate } from '../../../../core/text/dates';
import { factEvidence, lineBounds, quoteLine, quoteSpan } from '../../text/evidenceQuotes';

export type RelationshipEvent = 'relationship-start' | 'first-in-person' | 'engagement' | 'marriage';

export interface DatedEvent {
  event: RelationshipEvent;
  date: FoundDate;
  docId: string;
  evidence?: Evidence;
}

export const EVENT_NAMES: Record<RelationshipEvent, string> = {
  'relationship-start': 'start of the relationship',
  'first-in-person': 'first meeting in person',
  engagement: 'engagement',
  marriage: 'marriage',
};

const PHRASES: Record<RelationshipEvent, RegExp> = {
  'first-in-person': /\b(?:first (?:met|meet|meeting) in person|first in-person meeting|met in person for the first time|(?:première|premiere) rencontre en personne|rencontrés en personne pour la première fois)\b/gi,
  'relationship-start': /\b(?:relationship (?:start date|began|started)|date (?:we|you|the couple) first met|date of first (?:meeting|contact)|first (?:started )?(?:talking|chatting|dating)|first (?:contact|came into contact)|(?:began|started) (?:talking|chatting|dating|our relationship|a relationship)|(?:we|they|I) (?:first )?met(?! in person)|first met(?! in person)|nous nous sommes rencontrés(?! en personne)|rencontrés le|début de (?:la|notre) relation)\b/gi,
  engagement: /\b(?:engaged on|engagement(?: date)?|proposed(?: to (?:me|her|him))? on|fian[çc]ailles|fianc[ée]s le)\b/gi,
  marriage: /\b(?:date of (?:the |our |current )?marriage|marriage date|date married|(?:were |got |was )?married(?: (?:him|her|me|each other|them))? on|wedding (?:date|day|on)|marriage:|date du mariage|mari[ée]s le|mariage le|(?:nous nous sommes|se sont) mari[ée]s le)/gi,
};

/** A date this close after the phrase belongs to it (a form's answer may sit on the next line). */
const REACH = 45;
const EARLIER_RELATIONSHIP = /\b(?:previous|former|prior|first marriage|divorce|ex-|précédent|ancien|annul)/i;

/**
 * Where the date of a phrase may be: the rest of its line (up to a sentence end or table cell), or
 * the next line when the phrase's line ends as a question or a label ("first meet in person?\n 2022-12-19").
 */
function answerWindow(after: string): string {
  const cell = after.indexOf('|');
  const bounded = cell === -1 ? after : after.slice(0, cell);
  const newline = bounded.indexOf('\n');
  const stop = bounded.search(/[.!;](?:\s|$)/);
  if (newline === -1) return stop === -1 ? bounded : bounded.slice(0, stop);
  if (stop !== -1 && stop < newline) return bounded.slice(0, stop);
  if (!/[?:][ \t]*$/.test(bounded.slice(0, newline))) return bounded.slice(0, newline);
  const next = bounded.indexOf('\n', newline + 1);
  return next === -1 ? bounded : bounded.slice(0, next);
}

function eventsOnPage(ref: PageRef): DatedEvent[] {
  const text = ref.page.text;
  const out: DatedEvent[] = [];
  for (const [event, phrase] of Object.entries(PHRASES) as Array<[RelationshipEvent, RegExp]>) {
    phrase.lastIndex = 0;
    for (const m of text.matchAll(phrase)) {
      const start = m.index ?? 0;
      const end = start + m[0].length;
      const line = lineBounds(text, start);
      if (event === 'marriage' && EARLIER_RELATIONSHIP.test(text.slice(line.start, line.end))) continue;
      const date = readDates(answerWindow(text.slice(end, end + REACH)))[0];
      if (!date) continue;
      const dateEnd = end + date.end;
      const evidence = dateEnd - start <= 200 ? quoteSpan(ref, start, dateEnd) : quoteLine(ref, end + date.start, dateEnd);
      out.push({ event, date: { ...date, start: end + date.start, end: dateEnd }, docId: ref.doc.docId, ...(evidence ? { evidence } : {}) });
    }
  }
  return out;
}

/** Every dated relationship event in the file (officers' notes excluded), plus the profile's. */
export function relationshipEvents(file: CaseFile): DatedEvent[] {
  const events = pagesExcept(file, ['refusal-letter', 'gcms-notes']).flatMap(eventsOnPage);
  const fromProfile: Array<[RelationshipEvent, typeof file.profile.applicantName]> = [
    ['marriage', file.profile.relationship?.marriageDate],
    ['relationship-start', file.profile.relationship?.relationshipStart],
  ];
  for (const [event, fact] of fromProfile) {
    const date = fact && parseDate(fact.value);
    const evidence = factEvidence(fact);
    if (!date || !evidence || events.some((e) => e.event === event && e.evidence?.quote === evidence.quote)) continue;
    events.push({ event, date, docId: evidence.docId, evidence });
  }
  // One reading per event, document and day.
  const seen = new Set<string>();
  return events.filter((e) => {
    const key = `${e.event}|${e.docId}|${e.date.iso}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The earliest day-precision date of an event (or month precision when that is all there is). */
export function earliest(events: readonly DatedEvent[], event: RelationshipEvent): DatedEvent | undefined {
  const of = events.filter((e) => e.event === event);
  const byDay = of.filter((e) => e.date.precision === 'day');
  const pool = byDay.length ? byDay : of;
  return pool.reduce<DatedEvent | undefined>((min, e) => (!min || e.date.time < min.date.time ? e : min), undefined);
}
