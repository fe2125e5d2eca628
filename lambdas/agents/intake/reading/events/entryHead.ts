/**
 * A notes entry's or a log's own date dates the entry, not the events its sentences state: its dated
 * head lines and titles are blanked before the triggers are read.
 */
import { ENTRY_START } from './ownDates';
import { CHAT_HEAD } from './relativeDays';

const ENTRY_DATE = /\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4}/u;
/** A dated head line of a notes entry: "2023-07-21  Officer DW73502", "Officer notes 2023-05-02:". */
/** A title's shape: capitals, or a name and a subtitle joined by a dash or bar. */
const TITLE_SHAPE = /^[^\p{Ll}]*\p{Lu}{3}[^\p{Ll}]*$| [-–|] /u;
/** A sentence's opening wrapped after its date ("On 2024-10-28" / "we sent you …", PDF text): no head line. */
const DATE_LEAD_LINE = /^[ \t]*(?:on|in|since|from|le|en|depuis|du|dès le)[ \t]+\d/iu;
const HEAD_LINE = /^[ \t]*(?:[^.!?\n]{0,60}:|\S+(?:[ \t]+\S+){0,3})[ \t]*$/u;

/**
 * The entry's own date dates the entry, not the events its sentences state: a log's leading date
 * ("2022-03-14 | ODS18422 | …") and the short dated head lines a sentence was run into are blanked
 * (same length, so offsets hold).
 */
export function withoutEntryHead(text: string, log: boolean): string {
  const lines = text.split('\n');
  // Head lines: dated ones of the head's shape, and titles run into the sentence ("REFUS DE VISA - Formulaire type"
  // above "Monsieur X,"): a title names the document, its sentences state the events.
  const title = (i: number) =>
    !ENTRY_DATE.test(lines[i]) && lines[i].trim().length <= 70 && !/[.;,]$/u.test(lines[i].trim()) && /^[ \t]*\p{Lu}/u.test(lines[i + 1]) && TITLE_SHAPE.test(lines[i]);
  for (let i = 0; i < lines.length - 1 && (HEAD_LINE.test(lines[i]) || title(i)) && !DATE_LEAD_LINE.test(lines[i]); i++) if (ENTRY_DATE.test(lines[i]) || title(i)) lines[i] = ' '.repeat(lines[i].length);
  const blanked = lines.join('\n').replace(CHAT_HEAD, (head) => ' '.repeat(head.length)).replace(/\n/g, ' ');
  return log ? blanked.replace(ENTRY_START, (head) => ' '.repeat(head.length)) : blanked;
}
