/**
 * Rows of history tables and lists: a travel history ("03/2015  03/2015  Japan  Tourism"), an
 * employment or education history. A row states an event of the table's kind without any trigger
 * word; the kind comes from the section's title or from the table's header row ("From To Country
 * Purpose", "Période Pays Motif"). A form line whose label names the history ("Previous travel: Japan,
 * May 2018; Germany, September 2022") holds its rows in its value, one per ";".
 */
import type { EventKind, FactDate, TimelineEvent } from '../../../../contracts/caseFacts';
import { COUNTRIES, countryIn, phrases } from '../lexicon';
import { placeIn } from '../places';
import eventsJson from '../lexicons/events.json';
import { quoteOf, type ReadingDocument, type ReadingPage } from '../readingDocument';
import type { Segment } from '../segments';
import { datesIn, type DateInText } from '../textReaders';
import { yearCell } from './travelLines';

type EventRowKind = Extract<EventKind, 'travel' | 'employment' | 'study'>;
/**
 * A row's kind: an event kind, or `history`, a row of a personal history ("From | To | Activity |
 * City and country") whose own words say whether it is a job, studies, or neither.
 */
type RowKind = EventRowKind | 'history';
const KINDS: EventRowKind[] = ['travel', 'employment', 'study'];
/** A section's title gives its rows' kind; a personal history's rows take theirs from their own words. */
const SECTIONS: Array<{ kind: RowKind; pattern: RegExp }> = [...KINDS, 'history' as const].map((kind) => ({ kind, pattern: phrases(eventsJson.sections[kind]) }));
/**
 * The activity column first: a history's "City and country" column names where the activity was,
 * not a trip; so does a school's or an employer's table ("From To Field of study School City
 * Country"), whose country column is the school's.
 */
const COLUMNS: Array<{ kind: RowKind; pattern: RegExp }> = (['history', 'study', 'employment', 'travel'] as const).map((kind) => ({ kind, pattern: phrases(eventsJson.tableColumns[kind]) }));
const HISTORY_IDLE = phrases(eventsJson.historyIdle);
const HISTORY_STUDY = phrases(eventsJson.historyStudy);
const ONGOING = phrases(['present', 'current', 'now', 'today', 'ongoing', 'à ce jour', 'aujourd[\'’]hui', 'présent', 'en cours', 'actuel']);
/** Segments above a table searched for its title (a title line, then an "Applicant: …" line, then the header). */
const TITLE_LOOKBACK = 3;

/** A signature line ("Signature: … Date: …") closes a form's section; its date is the signing, not a row's. */
const SIGNATURE = /^[ \t]*(?:signature|signed|signé|attestation)/iu;
/** A list item ("- Thailand, April 2016", "2. …"). */
const LIST_ITEM = /^[ \t]*(?:[-•*▪]|\d{1,2}[.)])[ \t]/u;

/** A row opening with a year alone ("2022 : Stage de six mois, …", "2018   Volunteer, …"): the row's date, though no word leads it. */
const LEADING_YEAR = /^[ \t]*(?:[-•*▪][ \t]*)?((?:19[5-9]|20\d)\d)(?=[ \t]*[:–—-][ \t]|[ \t]{2,}|\t)/u;

/** A line that opens with its date or period ("2014-2017 Sales associate, …", "03/2019 – présent …"), as CVs list their rows. */
const datedLine = (s: Segment, order: ReadingDocument['dateOrder']) =>
  LEADING_YEAR.test(s.text) || datesIn(s.text, order).some((d) => d.start <= s.text.length - s.text.trimStart().length + 1);

/** A form line about the person ("Date of Birth:", "Passport Country of Issuance:"), which no history lists. */
const IDENTITY_LABEL = phrases(eventsJson.identityLabels);

/**
 * A field of a job's or a school's section that dates something else with one date ("Date final
 * marks received: 2025-05-12", "Date of report:", « Date de réception du relevé : »): no row. A
 * period's own labels ("Dates:", "Dates of attendance:") stay rows.
 */
const ONE_DATE_LABEL = /(?<![\p{L}])date(?![\p{L}])/iu;
const PERIOD_LABEL = new RegExp(`^(?:${eventsJson.periodFields.period.join('|')})$`, 'iu');
const datesOther = (s: Segment) => s.field !== undefined && ONE_DATE_LABEL.test(s.field.label) && !PERIOD_LABEL.test(s.field.label.trim());

/** A line that can be a row of a section: a table row, a list item, a dated line, or a form line other than the signature and the person's identity. */
const rowLike = (s: Segment, order: ReadingDocument['dateOrder']) =>
  !SIGNATURE.test(s.text) && (Boolean(s.cells) || LIST_ITEM.test(s.text) || (s.field !== undefined && !IDENTITY_LABEL.test(s.field.label)) || datedLine(s, order));

const sectionKind = (text: string | undefined): RowKind | undefined => (text ? SECTIONS.find((s) => s.pattern.test(text))?.kind : undefined);

/** A column heading is a few words ("Country visited", "Name of school"); a longer cell is a row's text. */
const HEADING_CHARS = 40;

/** A header row: short cells without dates, one of them naming the table's kind. */
function headerKind(segment: Segment, order: ReadingDocument['dateOrder']): RowKind | undefined {
  if (!segment.cells || datesIn(segment.text, order).length > 0) return undefined;
  if (segment.cells.some((cell) => cell.trim().length > HEADING_CHARS)) return undefined;
  return COLUMNS.find((c) => segment.cells!.some((cell) => c.pattern.test(cell)))?.kind;
}

/** The event a personal history's row states by its activity: studies, no event (unemployed, retired, at home), else a job. */
function historyRowKind(row: string): EventRowKind | undefined {
  if (HISTORY_IDLE.test(row)) return undefined;
  return HISTORY_STUDY.test(row) ? 'study' : 'employment';
}

/** A column that dates a table's rows ("From", "Au", "Date", « Période », a trip's "Departed" / "Returned", « Départ » / « Retour »). */
const PERIOD_COLUMN = /(?<![\p{L}])(?:from|to|date|dates|period|start|end|du|au|de|à|période|début|fin|departed|departure|returned|return|départ|retour)(?![\p{L}])/iu;
/** Words of a flat header line at most; more is a sentence. */
const HEADER_WORDS = 14;

/**
 * A header row whose column gaps the PDF's text lost ("Du Au Pays Ville But du voyage"): the last
 * line of a segment, a few words without dates or punctuation, naming a dating column and a column of
 * the table's kind. The lines opening with a date below it are its rows (a travel table's, also the
 * lines that name a place and a date).
 */
function flatHeaderKind(segment: Segment, order: ReadingDocument['dateOrder']): RowKind | undefined {
  if (segment.cells) return undefined;
  const line = segment.text.split('\n').pop()!.trim();
  if (!line || /[.,;:?!]/u.test(line) || line.split(/\s+/u).length > HEADER_WORDS || datesIn(line, order).length > 0) return undefined;
  if (!PERIOD_COLUMN.test(line)) return undefined;
  return COLUMNS.find((c) => c.pattern.test(line))?.kind;
}

/** The kind of event each row of the page states, by segment index. */
export function rowKinds(doc: ReadingDocument, page: ReadingPage): Map<number, RowKind> {
  const out = new Map<number, RowKind>();
  let table: RowKind | undefined;
  /** The kind of the flat header above, while the lines below it open with dates. */
  let flat: RowKind | undefined;
  page.segments.forEach((segment, i) => {
    if (!segment.cells) table = undefined;
    const flatHeader = flatHeaderKind(segment, doc.dateOrder);
    if (flatHeader) {
      flat = flatHeader;
      return;
    }
    // A trip's row may open with its country ("Tunisie 2019-08 2019-08 Tourisme"): it names a place and a date.
    const tripRow = flat === 'travel' && datesIn(segment.text, doc.dateOrder).length > 0 && placeIn(segment.text) !== undefined;
    if (segment.cells || (!datedLine(segment, doc.dateOrder) && !tripRow)) flat = undefined;
    const header = headerKind(segment, doc.dateOrder);
    if (header) {
      table = header;
      return;
    }
    if (segment.cells && table === undefined && i > 0 && !page.segments[i - 1].cells) {
      // A table without a header naming its kind takes the kind of its title.
      const above = page.segments.slice(Math.max(0, i - TITLE_LOOKBACK), i).reverse();
      // The nearest title is the table's: rows of an earlier section above it ("EDUCATION" rows above
      // "CERTIFICATIONS") do not lend it their kind.
      const titled = above.findIndex((s) => s.heading === s.text);
      table = (titled >= 0 ? above.slice(0, titled + 1) : above).map((s) => sectionKind(s.heading ?? s.text)).find((k) => k !== undefined);
    }
    const labelled = segment.field ? sectionKind(segment.field.label) : undefined;
    if (labelled) {
      out.set(i, labelled);
      return;
    }
    const kind = !rowLike(segment, doc.dateOrder) ? undefined : segment.cells ? (table ?? sectionKind(segment.heading)) : segment.heading !== segment.text ? sectionKind(segment.heading) : undefined;
    if (kind && !(kind !== 'travel' && !segment.cells && datesOther(segment))) out.set(i, kind);
    else if (flat) out.set(i, flat);
  });
  return out;
}

const plain = (d: DateInText): FactDate => ({ iso: d.iso, precision: d.precision, ...(d.ambiguous ? { ambiguous: d.ambiguous } : {}) });

const namesCountry = (text: string) => COUNTRIES.some((c) => c.patterns.some((p) => p.test(text)));

/**
 * The trips of a list run with commas ("Maroc (2019), France (2022), Sénégal (juin 2023)"): a new
 * trip starts at each piece that names a country, so "Spain, May 2021" stays one trip.
 */
function tripsOf(entry: string): string[] {
  const out: string[] = [];
  for (const piece of entry.split(/,(?![^()]*\))/u)) {
    if (out.length === 0 || namesCountry(piece)) out.push(piece);
    else out[out.length - 1] += `,${piece}`;
  }
  return out;
}

/**
 * The events a row states: one, or one per ";"-separated entry of a form line whose label names
 * the history ("Previous travel: Japan, 10-24 May 2018; Germany, September 2022").
 */
export function rowEvents(doc: ReadingDocument, page: ReadingPage, segment: Segment, kind: RowKind): TimelineEvent[] {
  const entries = segment.field && sectionKind(segment.field.label) ? segment.field.value.split(';').flatMap((e) => (kind === 'travel' ? tripsOf(e) : [e])) : [segment.text];
  return entries
    .map((entry) => {
      const own = kind === 'history' ? historyRowKind(entry) : kind;
      return own && rowEvent(doc, page, segment, own, entry);
    })
    .filter((e): e is TimelineEvent => e !== undefined);
}

/**
 * A job's or studies' row that a trigger word also reads ("2010-09 2011-08 Service militaire obligatoire
 * Armée nationale"): the row's columns date it, its first date opening the period, where the trigger
 * takes the date nearest its word. The row's reading stands for the trigger's when it tells the same
 * kinds of period and nothing else.
 */
export function rowStandsFor(found: ReadonlySet<EventKind>, rowRead: readonly TimelineEvent[]): boolean {
  const periods = (k: EventKind) => k === 'employment' || k === 'study';
  return rowRead.length > 0 && [...found].every((k) => periods(k) && rowRead.some((e) => e.kind === k)) && rowRead.every((e) => found.has(e.kind));
}

/** Words that join a row's dates ("2015-06 to 2019-03", "de … à …") or stand for its open end. */
const PERIOD_WORDS = /^(?:to|until|till|from|since|au|à|a|de|du|depuis|jusqu['’]?(?:à|au)?|present|current|now|today|ongoing|présent|actuel|en cours|date|aujourd['’]hui)$/iu;
/** Longest activity a row's detail keeps. */
const MAX_ACTIVITY = 120;

/** A piece of a row without the period words that open it ("to present Staff nurse" → "Staff nurse"). */
function withoutPeriodWords(piece: string): string {
  const words = piece.split(/\s+/u);
  let i = 0;
  while (i < words.length && PERIOD_WORDS.test(words[i].replace(/[,:;]$/u, ''))) i++;
  return words.slice(i).join(' ');
}

/** What a job or study row says besides its period ("Staff nurse, Marikina Valley Hospital (fictional), Marikina City"). */
function activityOf(row: string, dates: readonly DateInText[]): string | undefined {
  let text = row;
  for (const d of [...dates].sort((a, b) => b.start - a.start)) text = `${text.slice(0, d.start)} | ${text.slice(d.end)}`;
  const pieces = text
    .split(/[ \t]*(?:\||\t|[ \t]{2,}|[–—]|(?<=\s)-(?=\s))[ \t]*/u)
    .map((p) => withoutPeriodWords(p.trim().replace(/^[-:,.;]+|[-:,;]+$/gu, '').trim()))
    .filter((p) => p && !/^[\p{P}\p{N}\s]*$/u.test(p));
  const activity = pieces.join(', ');
  return activity.length >= 3 ? activity.slice(0, MAX_ACTIVITY) : undefined;
}

/** A year set off by a dash, a comma or brackets in a trip's row ("• Sydney — 2024, family holiday", "Tunis (2023)"). */
const SET_OFF_YEAR = /(?<=[–—(,][ \t]*|[ \t]-[ \t]*)((?:19[5-9]|20\d)\d)(?=[ \t]*(?:[,)–—]|$))/u;
function setOffYear(row: string): DateInText | undefined {
  const m = SET_OFF_YEAR.exec(row);
  return m ? { iso: m[1], precision: 'year', start: m.index, end: m.index + m[1].length } : undefined;
}

/** The event a row states: dated by its first date (and its second, for the end), a trip only where it names a country. */
function rowEvent(doc: ReadingDocument, page: ReadingPage, segment: Segment, kind: EventRowKind, row: string): TimelineEvent | undefined {
  const dates = datesIn(row, doc.dateOrder);
  const year = dates.length === 0 ? LEADING_YEAR.exec(row) : null;
  if (year) dates.push({ iso: year[1], precision: 'year', start: year.index, end: year.index + year[0].length });
  // A year alone in a cell ("Turquie | 2017 | 2017 | affaires") dates the row.
  const cell = dates.length === 0 ? (yearCell(row) ?? (kind === 'travel' ? setOffYear(row) : undefined)) : undefined;
  if (cell) dates.push(cell);
  if (dates.length === 0) return undefined;
  const named = COUNTRIES.some((c) => c.patterns.some((p) => p.test(row)));
  // A trip's row may name its city alone ("Nairobi (Mar 2023) — field visit"): the gazetteer's country (lexicons/places.json).
  const country = named ? countryIn(row) : kind === 'travel' ? placeIn(row) : undefined;
  if (kind === 'travel' && !country) return undefined;
  const end = dates[1] && !ONGOING.test(row) ? dates[1] : undefined;
  // A job's or a programme's row names it: the position and employer, the school (the rules match letters to it).
  const detail = kind === 'travel' ? undefined : activityOf(row, dates);
  return {
    kind,
    person: doc.author,
    date: plain(dates[0]),
    ...(end ? { end: plain(end) } : {}),
    ...(country ? { country } : {}),
    ...(detail ? { detail } : {}),
    evidence: quoteOf(doc, page, segment.start, segment.end),
    confidence: 0.7,
    source: 'rules',
  };
}
