/**
 * A job told without an employment verb: a title and the date it has been held since ("clerk since
 * 2012-02", "Senior analyst since March 2019", "comptable depuis le 1er juin 2018"), or a title
 * taken or to be taken ("she will be operations manager from 1 September 2024", "elle sera
 * directrice … à compter du 1er septembre 2024"). Employer letters, officers' notes and CVs say it
 * this way. The title must come with its date, so "analyst of the market" is no job held.
 */
import eventsJson from '../lexicons/events.json';
import type { DateInText } from '../textReaders';

const B = String.raw`(?<![\p{L}\p{N}])`;
const E = String.raw`(?![\p{L}\p{N}])`;
const TITLE = `(?:${eventsJson.jobTitles.join("|")})${E}`;
const OPENER = `(?:${eventsJson.jobDateOpeners.join('|')})`;
/** A title, up to three qualifying words after it ("ingénieure logiciel principale"), then "since"/"depuis"… and the date. */
const TITLE_THEN_OPENER = new RegExp(`${B}${TITLE}((?:[ -][\\p{L}'’]+){0,3}),?[ \\t]+${OPENER}[ \\t]+`, 'giu');
/** "will be", "sera", "was appointed" and a title: dated by the sentence's next date. */
const BECOMING_TITLE = new RegExp(`${B}(?:${eventsJson.jobBecoming.join('|')})[ \\t]+(?:(?:a|an|the|un|une|le|la|l['’])[ \\t]*)?(?:\\p{L}+[ \\t]+)?${TITLE}`, 'giu');
/** The date first, then the title held ("Depuis mars 2020, je suis chef d'équipe", "Since 2019, she has been a nurse", "Between 2009 and 2014 I was an accounts executive"). */
const DATE_THEN_TITLE = new RegExp(
  `${B}(?:${eventsJson.jobSinceLeads.join('|')})[ \\t]+[^,;.\\n]{3,30}(?:,[ \\t]*|[ \\t]+)(?:${eventsJson.jobHolding.join('|')})[ \\t]+(?:(?:a|an|the|un|une|le|la|l['’])[ \\t]*)?(?:\\p{L}+[ \\t]+)?${TITLE}`,
  'giu',
);
/** A programme named after the title ("Civil Engineering Technician diploma from …"): studies, not a job. */
const STUDY_WORD = new RegExp(`${B}(?:${eventsJson.studyWords.join('|')})${E}`, 'iu');
/** A programme named before the title ("formation d'ingénieur … du 15 septembre 2017", "diploma of engineer"): studies, not a job. */
const STUDY_BEFORE = new RegExp(`${B}(?:${eventsJson.studyWords.join('|')})[ \\t]+(?:d['’]|de[ \\t]+|du[ \\t]+|of[ \\t]+|in[ \\t]+)?$`, 'iu');
/** How far before the title a programme's name may stand. */
const STUDY_BEFORE_REACH = 30;
/** How far after the opener the date may start ("since the 1st of", "depuis le"). */
const DATE_REACH = 4;
/** How far after a new title its date may be ("… d'approvisionnement pour une durée de 3 ans à compter du"). */
const BECOMING_REACH = 120;

export interface JobSince {
  /** Where the title (or "will be") starts; the event is dated from there. */
  index: number;
  /** The title as written, for the event's detail. */
  title: string;
}

/** Every job title in `text` with the date it was (or will be) held from, in order. */
export function jobsSince(text: string, dates: readonly DateInText[]): JobSince[] {
  const out: JobSince[] = [];
  for (const m of text.matchAll(TITLE_THEN_OPENER)) {
    const end = (m.index ?? 0) + m[0].length;
    if (!dates.some((d) => d.start >= end && d.start - end <= DATE_REACH)) continue;
    if (STUDY_WORD.test(m[1] ?? '') || STUDY_BEFORE.test(text.slice(Math.max(0, (m.index ?? 0) - STUDY_BEFORE_REACH), m.index ?? 0))) continue;
    out.push({ index: m.index ?? 0, title: m[0].replace(new RegExp(`,?[ \\t]+${OPENER}[ \\t]+$`, 'iu'), '') });
  }
  for (const m of text.matchAll(BECOMING_TITLE)) {
    const end = (m.index ?? 0) + m[0].length;
    const between = (d: DateInText) => text.slice(end, d.start);
    if (!dates.some((d) => d.start >= end && d.start - end <= BECOMING_REACH && !/[.;]/u.test(between(d)))) continue;
    if (out.some((j) => Math.abs(j.index - (m.index ?? 0)) < m[0].length)) continue;
    out.push({ index: m.index ?? 0, title: m[0] });
  }
  for (const m of text.matchAll(DATE_THEN_TITLE)) {
    const start = m.index ?? 0;
    // The date must be the one the lead opens, right after it.
    if (!dates.some((d) => d.start > start && d.start - start <= 16 && d.end <= start + m[0].length)) continue;
    if (out.some((j) => Math.abs(j.index - start) < m[0].length)) continue;
    out.push({ index: start, title: m[0] });
  }
  return out.sort((a, b) => a.index - b.index);
}
