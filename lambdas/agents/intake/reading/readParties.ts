/**
 * The people and organisations of the file, by role: form fields ("Sponsor: …", "Family name: …
 * Given name(s): …", "Nom de l'employeur : …"), the prose that states a role (partyProse.ts), the
 * letterhead and legal names of employers, the names of schools, the addressee of a decision and
 * the signature of a letter. A role stated by the text wins over one guessed from the layout.
 * Each way of finding a name has its module in `parties/`; this one decides who writes, gathers
 * what they find and settles a name read in two roles.
 */
import type { Party, PartyRole } from '../../../contracts/caseFacts';
import { phrases } from './lexicon';
import partiesJson from './lexicons/parties.json';
import { counselLetterhead, schools, titledCounsel } from './parties/counselAndSchools';
import { fromFields } from './parties/formFields';
import { isEmploymentDocument, type Found } from './parties/found';
import { fromLayout } from './parties/letterLayout';
import { resumeHolder } from './parties/resumeHolder';
import { definedParties, subjectLine } from './parties/statedRoles';
import { employeeNamed, employers } from './parties/work';
import { namedInProse } from './partyProse';
import { quoteOf, type ReadingDocument, type ReadingPage } from './readingDocument';

const SPONSOR_WRITES = new RegExp(String.raw`(?<![\p{L}])(?:${partiesJson.sponsoredVerbs.join('|')})\s+(?:my|mon|ma)\s`, 'iu');
/** "That I am the mother of <name>", "Je suis le père de …": the one who writes is the applicant's relative. */
const AUTHOR_IS_RELATIVE = new RegExp(String.raw`(?<![\p{L}])(?:[Ii] am|[Ii]['’]m|[Jj]e suis)[ \t]+(?:the[ \t]+|le[ \t]+|la[ \t]+|l['’])?(?:${partiesJson.relations.other.join('|')})[ \t]+(?:of|de|du|d['’])[ \t]*(?:my[ \t]+|mon[ \t]+|ma[ \t]+)?\p{Lu}`, 'u');

/** The writer speaks of their own work: "I work as", « je travaille comme », "my employer". */
const OWN_WORK = phrases(partiesJson.ownWork);
const COUNSEL_WRITES = phrases(partiesJson.representedVerbs);

export function readParties(read: ReadingDocument): Party[] {
  // "Re: Sponsorship of my husband": a letter the sponsor writes, whatever its type.
  const sponsorWrites = read.author === 'applicant' && read.pages.some((p) => SPONSOR_WRITES.test(p.text));
  const relativeWrites = read.author === 'applicant' && !sponsorWrites && read.pages.some((p) => AUTHOR_IS_RELATIVE.test(p.text.replace(/\s+/g, ' ')));
  // "We act for the sponsor", a firm of counsel's letterhead: counsel writes, and signs.
  const counselWrites = read.author === 'applicant' && !sponsorWrites && !relativeWrites && (read.pages.some((p) => COUNSEL_WRITES.test(p.text)) || (read.pages[0] !== undefined && counselLetterhead(read.pages[0]).length > 0));
  const doc = sponsorWrites ? { ...read, author: 'sponsor' as const } : relativeWrites ? { ...read, author: 'other' as const } : counselWrites ? { ...read, author: 'counsel' as const } : read;
  const found: Array<Found & { page: ReadingPage }> = [];
  for (const page of doc.pages) {
    // "Je soussignée, <name>, gérante de …" in an employer's letter is its signatory, not the applicant.
    // A worker's own letter about their job ("Je m'appelle <name> et je travaille comme …") is theirs.
    const employerWrites = isEmploymentDocument(doc) && doc.author === 'applicant' && !OWN_WORK.test(page.text);
    const prose = namedInProse(page.text, employerWrites ? 'other' : doc.author);
    for (const f of [...fromFields(doc, page), ...prose, ...titledCounsel(page), ...(page.page === doc.pages[0]?.page ? counselLetterhead(page) : []), ...definedParties(page), ...subjectLine(page), ...employers(doc, page), ...employeeNamed(doc, page, prose), ...schools(page), ...resumeHolder(doc, page), ...fromLayout(doc, page)]) found.push({ ...f, page });
  }
  const key = (n: string) => n.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  const statedRoles = new Map<string, Set<PartyRole>>();
  for (const f of found.filter((x) => x.stated)) statedRoles.set(key(f.name), new Set([...(statedRoles.get(key(f.name)) ?? []), f.role]));
  // An employer's letterhead that is also a school's name is the school; a guessed role yields to a stated one.
  const schoolNames = new Set(found.filter((f) => f.role === 'school').map((f) => key(f.name)));
  return found
    .filter((f) => f.stated || !statedRoles.has(key(f.name)) || statedRoles.get(key(f.name))!.has(f.role))
    .filter((f) => !(f.role === 'employer' && !f.stated && schoolNames.has(key(f.name))))
    // The company that writes its employee's letter is its employer, not "someone else" who signs.
    .filter((f) => !(f.role === 'other' && statedRoles.get(key(f.name))?.has('employer')))
    .map((f) => ({ role: f.role, name: f.name, evidence: quoteOf(doc, f.page, f.start, f.end), confidence: f.stated ? 0.8 : 0.6, source: 'rules' as const }));
}
