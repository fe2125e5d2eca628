/**
 * The position a job is held in, as an employer's letter states it beside the period ("has been
 * employed by … since 1 April 2019 in the position of Staff Nurse", « occupe depuis 2018 le poste
 * de Comptable principale »): the capitalised title after a lead word. The rules compare it with the
 * position the applicant declared for that employer.
 */
import type { TimelineEvent } from '../../../../contracts/caseFacts';
import { phrases } from '../lexicon';
import positionJson from '../lexicons/jobPosition.json';

const LEAD = phrases(positionJson.positionLeads);
/** Up to five words of a title, the first capitalised; joining words ("of", "de", "&") may sit inside. */
const TITLE = /^[ \t]*((?:\p{Lu}[\p{L}'’-]*)(?:[ \t]+(?:(?:of|and|de|du|des|d['’]|en|&)[ \t]+)?\p{Lu}?[\p{L}'’-]+){0,4})/u;
/** Words after which the title has ended ("Staff Nurse, full time", "Nurse with our …"). */
const AFTER_TITLE = /[ \t]+(?:with|at|in|for|since|from|on|until|full|part|chez|à|au|depuis|dans|pour|à temps)\b.*$/iu;

/** The position the sentence names, if a lead word introduces one. */
export function positionIn(sentence: string): string | undefined {
  const lead = LEAD.exec(sentence);
  if (!lead) return undefined;
  const title = TITLE.exec(sentence.slice(lead.index + lead[0].length));
  const position = title?.[1].replace(AFTER_TITLE, '').trim();
  return position && position.length >= 3 ? position : undefined;
}

/** A job gets the position its own sentence names, which says it better than a title read without a lead word. */
export function withPosition(event: TimelineEvent): TimelineEvent {
  if (event.kind !== 'employment') return event;
  const position = positionIn(event.evidence.quote.replace(/\s+/g, ' '));
  return position ? { ...event, detail: position } : event;
}
