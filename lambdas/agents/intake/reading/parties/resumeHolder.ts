/**
 * A résumé's holder. A résumé opens with its holder's name alone on the first line, a contact line
 * under it (a town, an e-mail, a telephone number) and then its own section titles ("EDUCATION",
 * « FORMATION », "LANGUAGES"). No label says whose it is: the heading does. A file's résumé is the
 * applicant's unless the file says who else writes.
 */
import partiesJson from '../lexicons/parties.json';
import { readPersonName } from '../personName';
import type { ReadingDocument, ReadingPage } from '../readingDocument';
import type { Found } from './found';

/** A title over the name ("CURRICULUM VITAE"). */
const TITLE = new RegExp(String.raw`^[ \t]*(?:${partiesJson.resumeTitles.join('|')})[ \t]*$`, 'iu');
const SECTION = new RegExp(String.raw`^[ \t]*(?:${partiesJson.resumeSections.join('|')})[ \t]*:?[ \t]*$`, 'iu');
/** A contact line: an e-mail, a telephone number, a separator between items, or a place before a comma. */
const CONTACT = /@|\+?\d[\d ().-]{7,}\d|[|·•–]|\p{L},\s+\p{Lu}/u;

/** The holder named by the résumé heading of a document's first page. */
export function resumeHolder(doc: ReadingDocument, page: ReadingPage): Found[] {
  if (doc.author !== 'applicant' || page.page !== doc.pages[0]?.page) return [];
  const lines = page.text.split('\n');
  const opening = lines.findIndex((l) => l.trim().length > 0);
  if (opening < 0) return [];
  const first = TITLE.test(lines[opening]) ? lines.findIndex((l, i) => i > opening && l.trim().length > 0) : opening;
  if (first < 0) return [];
  const heading = lines[first];
  const name = readPersonName(heading.trim(), false);
  // The name is the whole line: "Dear Ms. …", a label or a sentence is no résumé heading.
  if (!name || heading.trim().length !== name.length) return [];
  const contact = lines.slice(first + 1).find((l) => l.trim().length > 0);
  if (!contact || !CONTACT.test(contact)) return [];
  if (lines.filter((l) => SECTION.test(l)).length < 2) return [];
  const start = lines.slice(0, first).reduce((n, l) => n + l.length + 1, 0) + heading.indexOf(heading.trim());
  return [{ role: 'applicant', name: name.name, start, end: start + name.length, stated: false }];
}
