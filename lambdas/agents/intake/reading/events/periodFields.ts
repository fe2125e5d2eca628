/**
 * Jobs and studies that a record dates by its labelled fields, with no sentence to tell them: a
 * payslip's "Date of Joining", a Record of Employment's "First day worked" and "Last day for which
 * paid", a transcript's "Date of Admission" and "Date of Graduation", an employer's attestation's
 * « Date d'entrée dans l'entreprise » and « Date de sortie »; and the "Dates:" or « Période : » line
 * of a block whose other fields name an employer or a school ("Name of employer / Position held /
 * Dates / Duties"), and its "From:" and "To:" lines ("Employer: … / From (YYYY-MM): 2019-03 / To:
 * Present"). One block is one job or one course of studies: its start field opens the period,
 * its end field (if any) closes it. Studies told only by their end ("Date of completion: 2024-12-13",
 * « Date de fin du programme : 2025-05-30 ») or by a credential's year ("Credential: Licenciatura …,
 * 2016") are dated by it, as the corpus README's convention dates a study told by its completion;
 * an expected end ("Expected completion", « Date de fin prévue ») dates nothing by itself. The labels
 * are in events.json `periodFields`.
 */
import type { FactDate, TimelineEvent } from '../../../../contracts/caseFacts';
import { phrases } from '../lexicon';
import eventsJson from '../lexicons/events.json';
import { quoteOf, type ReadingDocument, type ReadingPage } from '../readingDocument';
import type { Segment } from '../segments';
import { datesIn, type DateInText } from '../textReaders';

export type PeriodKind = 'employment' | 'study';

/** A form's numbering before its label ("Block 10 First day worked", "3. Date of admission"). */
const NUMBERING = String.raw`(?:(?:block|box|item|case|rubrique|section)[ \t]*)?(?:\d{1,2}[a-z]?[.)]?[ \t]+)?`;
/** A whole label: its words, then at most a format note ("Date of admission (YYYY-MM-DD)"). */
const label = (patterns: readonly string[]) => new RegExp(`^${NUMBERING}(?:${patterns.join('|')})(?:[ \\t]*\\([^)]*\\))?[ \\t]*$`, 'iu');

const LEXICON = eventsJson.periodFields;
const LABELS = {
  employment: { start: label(LEXICON.employment.start), end: label(LEXICON.employment.end), block: label(LEXICON.employment.block) },
  study: { start: label(LEXICON.study.start), end: label(LEXICON.study.end), block: label(LEXICON.study.block) },
};
/** « Date d'entrée » alone: a job's start only in a block that names the job (else it may be an entry to a country). */
const START_BESIDE_JOB = label(LEXICON.employment.startBesideJob);
/** « Date d'entrée » beside a school or a study's end (« Date de fin des études ») is the studies' start. */
const START_BESIDE_STUDY = label(LEXICON.study.startBeside);
/** An end told as expected ("Expected completion", « Date de fin prévue »): it closes a period, it never dates one. */
const EXPECTED_END = new RegExp(`(?<![\\p{L}])(?:${LEXICON.study.expectedEnd.join('|')})(?![\\p{L}])`, 'iu');
/** A credential's field ("Credential:", « Diplôme : »): a date in its value is the year the studies ended. */
const CREDENTIAL = label(LEXICON.study.credential);
/** "From:" and "To:" (« Du : », « Au : »): a period's bounds only in a block that names a job or a school ("Employer: … / From (YYYY-MM): 2019-03 / To: Present"). */
const START_BESIDE = label(LEXICON.startBeside);
const END_BESIDE = label(LEXICON.endBeside);
const PERIOD = label(LEXICON.period);
const ONGOING = phrases(['present', 'current', 'now', 'ongoing', 'to date', 'à ce jour', 'aujourd[\'’]hui', 'présent', 'en cours', 'actuel(?:lement)?']);
const KINDS: PeriodKind[] = ['employment', 'study'];

export interface PeriodFields {
  /** The jobs and studies the page's fields date. */
  events: TimelineEvent[];
  /** The segments (by index) those fields are: read here, not again by the triggers. */
  claimed: Set<number>;
}

const labelOf = (segment: Segment) => segment.field!.label.trim().toLowerCase();

/**
 * Consecutive field lines, not parted by a blank line or any other segment: one job's or one
 * school's block. A label met again ("Employeur :" after "Employeur :", where a PDF lost the blank
 * line between) opens the next block.
 */
function blocksOf(page: ReadingPage): number[][] {
  const blocks: number[][] = [];
  let current: number[] = [];
  page.segments.forEach((segment, i) => {
    const previous = page.segments[i - 1];
    const repeated = segment.field !== undefined && current.some((j) => labelOf(page.segments[j]) === labelOf(segment));
    const parted = !previous || !previous.field || repeated || /\n[ \t]*\n/u.test(page.text.slice(previous.end, segment.start));
    if (!segment.field || parted) {
      if (current.length) blocks.push(current);
      current = [];
    }
    if (segment.field) current.push(i);
  });
  if (current.length) blocks.push(current);
  return blocks;
}

const plain = (d: DateInText): FactDate => ({ iso: d.iso, precision: d.precision, ...(d.ambiguous ? { ambiguous: d.ambiguous } : {}) });

/** A period's start and end as a value writes them ("March 2018 – present", « de février 2012 à novembre 2017 »). */
function periodOf(value: string, order: ReadingDocument['dateOrder']): { date: FactDate; end?: FactDate } | undefined {
  const dates = datesIn(value, order);
  const first = dates[0];
  if (!first) return undefined;
  if (first.until) return { date: plain(first), ...(first.until !== 'present' ? { end: first.until } : {}) };
  const second = dates[1];
  return { date: plain(first), ...(second && !ONGOING.test(value) ? { end: plain(second) } : {}) };
}

/**
 * The kind a block names by its other fields: an employer or post, or a school or programme, or
 * else by an end only one kind has (« Date de fin des études »); neither, or both: none.
 */
function blockKind(fields: Segment[]): PeriodKind | undefined {
  const named = KINDS.filter((kind) => fields.some((s) => LABELS[kind].block.test(s.field!.label)));
  if (named.length > 0) return named.length === 1 ? named[0] : undefined;
  const ended = KINDS.filter((kind) => fields.some((s) => LABELS[kind].end.test(s.field!.label)));
  return ended.length === 1 ? ended[0] : undefined;
}

/** Whether a label opens a period of `kind` in a block that names `named`. */
function startsPeriod(kind: PeriodKind, named: PeriodKind | undefined, l: string): boolean {
  if (LABELS[kind].start.test(l)) return true;
  if (named !== kind) return false;
  return START_BESIDE.test(l) || (kind === 'employment' ? START_BESIDE_JOB : START_BESIDE_STUDY).test(l);
}

/** Words that make an end label the studies' own ("Program completed on", « Date de fin du programme »), not a form's "Date of completion". */
const OF_STUDIES = new RegExp(`(?<![\\p{L}])(?:${[...eventsJson.studyWords, 'graduation', 'diplomation'].join('|')})(?![\\p{L}])`, 'iu');

/**
 * Studies a block tells only by their end, or by its credential's date (see above): the field that
 * dates them. A bare "Date of completion" counts only in a block whose fields name a school or programme.
 */
function studiesEnded(page: ReadingPage, block: number[], order: ReadingDocument['dateOrder']): { at: number; date: DateInText } | undefined {
  const schooled = block.some((i) => LABELS.study.block.test(page.segments[i].field!.label));
  for (const i of block) {
    const { label: l, value } = page.segments[i].field!;
    const ends = (LABELS.study.end.test(l) && !EXPECTED_END.test(l) && (schooled || OF_STUDIES.test(l))) || CREDENTIAL.test(l);
    const date = ends ? datesIn(value, order)[0] : undefined;
    if (date) return { at: i, date };
  }
  return undefined;
}

/** Every job and course of studies the page's labelled fields date. */
export function periodFields(doc: ReadingDocument, page: ReadingPage): PeriodFields {
  const events: TimelineEvent[] = [];
  const claimed = new Set<number>();
  const event = (kind: PeriodKind, at: number, period: { date: FactDate; end?: FactDate }): TimelineEvent => {
    const segment = page.segments[at];
    return {
      kind,
      person: doc.author,
      date: period.date,
      ...(period.end ? { end: period.end } : {}),
      evidence: quoteOf(doc, page, segment.start, segment.end),
      confidence: 0.8,
      source: 'rules',
    };
  };
  for (const block of blocksOf(page)) {
    const fields = block.map((i) => page.segments[i]);
    const named = blockKind(fields);
    for (const kind of KINDS) {
      const startAt = block.find((i) => startsPeriod(kind, named, page.segments[i].field!.label));
      const start = startAt === undefined ? undefined : periodOf(page.segments[startAt].field!.value, doc.dateOrder);
      if (startAt === undefined || !start) {
        const ended = kind === 'study' && startAt === undefined ? studiesEnded(page, block, doc.dateOrder) : undefined;
        if (ended) {
          events.push(event(kind, ended.at, { date: plain(ended.date) }));
          claimed.add(ended.at);
        }
        continue;
      }
      const endAt = block.find((i) => i > startAt && (LABELS[kind].end.test(page.segments[i].field!.label) || (named === kind && END_BESIDE.test(page.segments[i].field!.label))));
      const end = endAt === undefined ? undefined : datesIn(page.segments[endAt].field!.value, doc.dateOrder)[0];
      events.push(event(kind, startAt, { date: start.date, ...(end ? { end: plain(end) } : start.end ? { end: start.end } : {}) }));
      claimed.add(startAt);
      if (endAt !== undefined) claimed.add(endAt);
    }
    // A block its start field dates (a payslip's date of joining) is one job: its "Période" is the month paid.
    if (!named || events.some((e) => e.kind === named && block.some((i) => claimed.has(i)))) continue;
    for (const i of block) {
      if (claimed.has(i) || !PERIOD.test(page.segments[i].field!.label)) continue;
      const period = periodOf(page.segments[i].field!.value, doc.dateOrder);
      if (!period) continue;
      events.push(event(named, i, period));
      claimed.add(i);
    }
  }
  return { events, claimed };
}
