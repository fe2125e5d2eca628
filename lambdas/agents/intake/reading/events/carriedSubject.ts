/**
 * Whose job or studies a sentence tells when its subject is a pronoun or a first name: a sponsor's
 * or an employer's letter tells the applicant's history in the third person ("My wife, Leila …
 * Leila grew up in Tripoli. She then worked as …", « Nathalie est née à Abidjan. Elle a ensuite
 * travaillé … »). The pronoun stands for the person the paragraph last named — a relation word ("my
 * wife", « son frère ») or a name the document introduced with one ("my wife, Leila Haddad") — and
 * only when the pronoun agrees with that word's gender. Nothing is carried across paragraphs, past
 * a person of the other gender, or from a person the reader cannot place; then the sentence's
 * reading stays as the clause's own words give it.
 */
import type { PartyRole } from '../../../../contracts/caseFacts';
import { CUES, phrases } from '../lexicon';
import eventsJson from '../lexicons/events.json';
import { roleIn } from '../people';
import type { ReadingDocument, ReadingPage } from '../readingDocument';
import type { Segment } from '../segments';

type Gender = 'f' | 'm';

/** A person the text names: by a relation word, a known name, or a pronoun (which names no one itself). */
interface Mention {
  at: number;
  role?: PartyRole;
  gender?: Gender;
  pronoun?: boolean;
}

/** A name the document introduced with a relation word ("my wife, Leila Haddad"): its role and gender. */
interface KnownName {
  name: string;
  role: PartyRole;
  gender?: Gender;
}

export interface PeopleOfDocument {
  doc: ReadingDocument;
  spousal: boolean;
  names: KnownName[];
}

const LEXICON = eventsJson.carriedSubject;
const global = (pattern: RegExp) => new RegExp(pattern.source, 'giu');
const RELATIONS = [CUES.exSpouseWords, CUES.spouseWords, CUES.otherPersonWords, CUES.applicantWords, CUES.sponsorWords].map(global);
const FEMININE = phrases(LEXICON.feminine);
const MASCULINE = phrases(LEXICON.masculine);
const PRONOUNS: Array<{ gender: Gender; pattern: RegExp }> = [
  { gender: 'f', pattern: phrases(LEXICON.she, 'giu') },
  { gender: 'm', pattern: phrases(LEXICON.he, 'giu') },
];
/** A title and the capitalised family name after it ("Ms. Otieno", « Mme Keïta »), as written (case matters: "ms" is no title). */
const titled = (titles: string[]) => new RegExp(`(?<![\\p{L}])(?:${titles.join('|')})[ \\t]+(\\p{Lu}[\\p{L}'’-]+)`, 'gu');
const TITLES: Array<{ gender: Gender; pattern: RegExp }> = [
  { gender: 'f', pattern: titled(LEXICON.herTitles) },
  { gender: 'm', pattern: titled(LEXICON.hisTitles) },
];
/** The name right after a relation word ("my wife, Leila Haddad", « mon épouse, Nathalie Kouadio »): capitalised words. */
const NAME_AFTER = /^[ \t]*[,:]?[ \t]*(?:(?:Mr|Mrs|Ms|Miss|Dr|M|Mme|Mlle|Me)\.?[ \t]+)?((?:\p{Lu}[\p{Ll}'’-]+)(?:[ \t]+\p{Lu}[\p{Ll}'’-]+){0,2})/u;
/** A paragraph's number alone on its segment ("3."). */
const MARKER = /^[ \t]*\d{1,2}[.)]?[ \t]*$/u;
/** A numbered paragraph of a declaration or an affidavit ("3. She then worked …"). */
const NUMBERED = /^[ \t]*\d{1,2}[.)][ \t]+\p{Lu}/u;
/** How many sentences back a pronoun may find the person it stands for. */
const SENTENCES_BACK = 4;

const genderOf = (words: string): Gender | undefined => (FEMININE.test(words) ? 'f' : MASCULINE.test(words) ? 'm' : undefined);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The names the document introduces with a relation word, with the role and gender the word gives them. */
export function peopleOf(doc: ReadingDocument, spousal: boolean): PeopleOfDocument {
  const names: KnownName[] = [];
  for (const page of doc.pages) {
    const text = page.text.replace(/\s+/g, ' ');
    for (const relation of RELATIONS) {
      for (const m of text.matchAll(relation)) {
        const name = NAME_AFTER.exec(text.slice((m.index ?? 0) + m[0].length))?.[1];
        if (!name) continue;
        const known = { role: roleIn(m[0], doc, spousal), gender: genderOf(m[0]) };
        // The full name and the first name alone ("Leila Haddad", then "Leila").
        for (const form of new Set([name, name.split(/[ \t]+/u)[0]])) if (!names.some((n) => n.name === form)) names.push({ name: form, ...known });
      }
    }
  }
  return { doc, spousal, names: [...names, ...surnamesOf(names)] };
}

/**
 * The family names of the full names known ("Mr. Okafor", « M. Gagnon » for "Sponsor: Daniel
 * Okafor"), each only where no person of another role bears it (a mother and a daughter who share
 * it are told apart by their first names).
 */
function surnamesOf(names: readonly KnownName[]): KnownName[] {
  const out: KnownName[] = [];
  for (const known of names) {
    const words = known.name.split(/[ \t]+/u);
    if (words.length < 2) continue;
    const surname = words[words.length - 1];
    const shared = names.some((n) => n.role !== known.role && n.name.split(/[ \t]+/u).includes(surname));
    if (!shared && !names.some((n) => n.name === surname) && !out.some((n) => n.name === surname)) out.push({ ...known, name: surname });
  }
  return out;
}

/** Every person `text` names, in order. */
function mentionsIn(text: string, people: PeopleOfDocument): Mention[] {
  const out: Mention[] = [];
  for (const relation of RELATIONS) {
    for (const m of text.matchAll(relation)) out.push({ at: m.index ?? 0, role: roleIn(m[0], people.doc, people.spousal), gender: genderOf(m[0]) });
  }
  for (const known of people.names) {
    for (const m of text.matchAll(new RegExp(`(?<![\\p{L}])${escape(known.name)}(?![\\p{L}])`, 'gu'))) {
      // A first name inside the full name, or inside the relation phrase that introduced it, is that same mention.
      if (!out.some((o) => o.at <= (m.index ?? 0) && (m.index ?? 0) - o.at < 40 && o.role === known.role)) out.push({ at: m.index ?? 0, role: known.role, gender: known.gender });
    }
  }
  for (const { gender, pattern } of PRONOUNS) for (const m of text.matchAll(pattern)) out.push({ at: m.index ?? 0, gender, pronoun: true });
  // A name after a title ("Ms. Otieno", « M. Gagnon ») is a person of the title's gender: the known name's, else someone the reader cannot place.
  for (const { gender, pattern } of TITLES)
    for (const m of text.matchAll(pattern)) {
      const at = (m.index ?? 0) + m[0].length - m[1].length;
      const known = out.find((o) => o.at === at && !o.pronoun);
      if (known) known.gender ??= gender;
      else out.push({ at, gender });
    }
  return out.sort((a, b) => a.at - b.at);
}

/**
 * The sentences of the segment's paragraph before it, nearest first: none across a blank line, a
 * form line or a table row, except between the numbered paragraphs of one declaration ("2. My wife
 * studied …" / "3. She then worked …"), which tell one story.
 */
function paragraphBefore(page: ReadingPage, segment: Segment): string[] {
  const segments = page.segments;
  const numbered = (k: number) => k >= 0 && k < segments.length && (MARKER.test(segments[k].text) || NUMBERED.test(segments[k].text));
  const out: string[] = [];
  let index = segments.indexOf(segment);
  while (index > 0 && out.length < SENTENCES_BACK) {
    const previous = segments[index - 1];
    const current = segments[index];
    if (previous.field || previous.cells || current.field || current.cells || previous.heading === previous.text) break;
    const parted = /\n[ \t]*\n/u.test(page.text.slice(previous.end, current.start));
    if (parted && !(numbered(index) && (numbered(index - 2) || NUMBERED.test(previous.text)))) break;
    if (!MARKER.test(previous.text)) out.push(previous.text);
    index--;
  }
  return out;
}

/** The writer as a subject ("I", « je », « j' »). */
const WRITER = /(?<![\p{L}])(?:I|[Jj]e|[Jj]['’])(?![\p{L}])/gu;

/**
 * The person a job or studies belongs to when the clause before its trigger has a pronoun or a
 * known first name for its subject (else undefined: the clause's own words decide).
 */
export function carriedPerson(people: PeopleOfDocument, page: ReadingPage, segment: Segment, before: string): PartyRole | undefined {
  const own = mentionsIn(before, people);
  const subject = own[own.length - 1];
  if (!subject) return undefined;
  // The writer's "I" after the last person named ("… Ms. Quispe. I joined the company in 2004") is the subject.
  if ([...before.matchAll(WRITER)].some((w) => (w.index ?? 0) > subject.at)) return undefined;
  // A known name for the subject ("Since 2021 Leila has taught …") is that person; a relation word is left to the clause's reading.
  if (!subject.pronoun) return isName(before, subject, people) ? subject.role : undefined;
  // The pronoun: the nearest person named before it in this sentence, then in the paragraph's earlier sentences.
  const earlier = [own.slice(0, -1).reverse(), ...paragraphBefore(page, segment).map((s) => mentionsIn(s, people).reverse())].flat();
  for (const mention of earlier) {
    if (mention.pronoun && mention.gender === subject.gender) continue;
    if (mention.pronoun) return undefined;
    if (mention.gender && mention.gender !== subject.gender) return undefined;
    return mention.role;
  }
  return undefined;
}

/**
 * The person a one-off event belongs to when its clause's subject is a name the document introduced
 * with a role ("We act for the sponsor, Mr. Doyle. … Mr. Doyle was convicted …"), else undefined.
 */
export function namedSubject(people: PeopleOfDocument, before: string): PartyRole | undefined {
  const own = mentionsIn(before, people);
  const subject = own[own.length - 1];
  return subject && !subject.pronoun && isName(before, subject, people) ? subject.role : undefined;
}

/** Whether the mention is a known name (not a relation word) at that place of the text. */
function isName(text: string, mention: Mention, people: PeopleOfDocument): boolean {
  return people.names.some((n) => text.startsWith(n.name, mention.at));
}
