/**
 * The entries of a CV or an online profile whose layout the segments do not keep: a LinkedIn export
 * (title, "Company · Full-time", then "Mar 2021 - Present · 3 yrs 9 mos" on a line of its own), a
 * Europass CV ("[ 01/03/2019 – Current ] Registered Nurse", or « 01/09/2018 – à ce jour » above the
 * post), a French CV whose lines end with their dates (« Stage de fin d'études chez … (6 mois,
 * 2021) »). The page is read line by line: a title alone on its line opens a section (events.json
 * `cvSections`), and in a job or studies section, each line that opens with its period, or closes
 * with it in parentheses or after a last comma, is one job or one course of studies. Any other section title (skills,
 * languages, certifications) closes it, so "Issued Jun 2022" under a certification is no event.
 * A form's employment block lists idle periods the same way ("06/2013 08/2014 Homemaker"): a line
 * whose activity is no job (events.json `historyIdle`) is no event.
 */
import type { FactDate, TimelineEvent } from '../../../../contracts/caseFacts';
import eventsJson from '../lexicons/events.json';
import { phrases } from '../lexicon';
import { quoteOf, type ReadingDocument, type ReadingPage } from '../readingDocument';
import { datesIn, type DateInText } from '../textReaders';

type SectionKind = 'employment' | 'study' | 'other';

/** A title alone on its line (a colon may close it). */
const title = (patterns: readonly string[]) => new RegExp(`^[ \\t]*(?:${patterns.join('|')})[ \\t]*:?[ \\t]*$`, 'iu');
const SECTIONS: Array<{ kind: SectionKind; pattern: RegExp }> = (['employment', 'study', 'other'] as const).map((kind) => ({ kind, pattern: title(eventsJson.cvSections[kind]) }));
/** An idle period listed among the jobs (unemployed, at home, retired). */
const IDLE = phrases(eventsJson.historyIdle);
/** What may stand before a line's opening period: blanks, a bullet, a Europass bracket, the word that opens an ongoing one (« Depuis mars 2017 Analyste … », "Since 2019 Nurse …"). */
const LEAD = /^[ \t]*(?:[-•*▪][ \t]*)?(?:\[[ \t]*)?(?:(?:since|from|depuis|dès)[ \t]+)?/iu;
/** The line's last parenthesised piece, when it ends the line and holds a year. */
const TRAILING_DATES = /\(([^()]*\d{4}[^()]*)\)[ \t]*[.;]?[ \t]*$/u;
const YEAR_ALONE = /(?<![\p{N}])((?:19[5-9]|20\d)\d)(?![\p{N}])/u;
/**
 * A year closing the line after a comma, alone or after two words at most ("Certificate in Early
 * Childhood Care, Nsamizi Training Institute, 2014", « BTS …, Institut …, obtenu en 2015 »): a
 * diploma's or a post's year, as short CV lines give it, where the line names no other year (the
 * end of a period, "…, 2010 – 2014", is no start).
 */
const TRAILING_YEAR = /,[ \t]*(?:[\p{L}'’]+[ \t]+){0,2}((?:19[5-9]|20\d)\d)[ \t]*[.;]?[ \t]*$/u;
const YEARS = /(?<![\p{N}])(?:19[5-9]|20\d)\d(?![\p{N}])/gu;
/** How far into a line its period may start (a bracket, a bullet). */
const LEAD_REACH = 1;
/** A line is a short entry, not prose: a longer one is a paragraph the sentence readers read. */
const ENTRY_CHARS = 160;

const plain = (d: DateInText): FactDate => ({ iso: d.iso, precision: d.precision, ...(d.ambiguous ? { ambiguous: d.ambiguous } : {}) });

/** The period a piece of text gives: its first date, and the end its range or second date gives (none when ongoing). */
function periodIn(text: string, order: ReadingDocument['dateOrder']): { date: FactDate; end?: FactDate } | undefined {
  const [first, second] = datesIn(text, order);
  if (!first) return undefined;
  if (first.until) return { date: plain(first), ...(first.until !== 'present' ? { end: first.until } : {}) };
  const joined = second && /^[ \t]*(?:[-–—]|to|au|à|until|jusqu['’]?(?:à|au|en))[ \t]*$/iu.test(text.slice(first.end, second.start));
  return { date: plain(first), ...(joined ? { end: plain(second) } : {}) };
}

/** The period a CV line states: at its head, or in parentheses at its end. */
function entryPeriod(line: string, order: ReadingDocument['dateOrder']): { date: FactDate; end?: FactDate } | undefined {
  if (line.trim().length > ENTRY_CHARS) return undefined;
  const lead = LEAD.exec(line)?.[0].length ?? 0;
  const first = datesIn(line, order)[0];
  if (first && first.start <= lead + LEAD_REACH) return periodIn(line, order);
  const trailing = TRAILING_DATES.exec(line);
  const trailingYear = (line.match(YEARS) ?? []).length === 1 ? TRAILING_YEAR.exec(line) : null;
  if (!trailing) return trailingYear ? { date: { iso: trailingYear[1], precision: 'year' } } : undefined;
  // A year alone in the parentheses (« (6 mois, 2021) ») is the date there, though no reader takes a bare number for one.
  const year = YEAR_ALONE.exec(trailing[1]);
  return periodIn(trailing[1], order) ?? (year ? { date: { iso: year[1], precision: 'year' } } : undefined);
}

/** Every job and course of studies the page's CV sections list by their dated lines. */
export function cvEntries(doc: ReadingDocument, page: ReadingPage): TimelineEvent[] {
  const out: TimelineEvent[] = [];
  let section: SectionKind | undefined;
  let at = 0;
  for (const line of page.text.split('\n')) {
    const start = at;
    at += line.length + 1;
    const opened = SECTIONS.find((s) => s.pattern.test(line));
    if (opened) {
      section = opened.kind;
      continue;
    }
    if (section !== 'employment' && section !== 'study') continue;
    const period = entryPeriod(line, doc.dateOrder);
    if (!period || IDLE.test(line)) continue;
    out.push({
      kind: section,
      person: doc.author,
      date: period.date,
      ...(period.end ? { end: period.end } : {}),
      evidence: quoteOf(doc, page, start, start + line.length),
      confidence: 0.7,
      source: 'rules',
    });
  }
  return out;
}
