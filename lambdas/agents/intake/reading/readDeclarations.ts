/**
 * Declarations: each form question the rules compare with the record, with its answer and any
 * details disclosed, and sworn statements that answer the same questions ("I have never been
 * refused a visa", "J'ai déjà essuyé un refus"). A "Yes" with details is a disclosure; a sworn
 * account of a refusal left off a form is a disclosure too, and the form's reported "No" in it is
 * not a fresh denial.
 */
import type { CriminalityScope, Declaration, DeclarationTopic, PartyRole } from '../../../contracts/caseFacts';
import { CUES, DECLARATION_TOPICS, YES } from './lexicon';
import { BOTH, criminalityScope, FIRST_PERSON, formSubject, labelPerson, NONE_VALUE, questionSubject, REPORTED, RESTRICTED, SWORN, UNRESTRICTED } from './declarationLexicon';
import { CHECKED, formAnswers, plainSpaces, tickedAnswer, topicOf } from './formAnswers';
import { tableAnswers } from './tableAnswers';
import { layoutAnswers } from './layoutAnswers';
import { stackedAnswers } from './stackedChoices';
import { numberedAnswers } from './numberedAnswers';
import { partsOf, personAt } from './sectionPerson';
import { quoteOf, type ReadingDocument, type ReadingPage } from './readingDocument';
import { asOneLine, softBreaksAsSpaces, type Segment } from './segments';

interface Found {
  topic: DeclarationTopic;
  answer: 'yes' | 'no';
  /** The question or statement, to tell whose answer it is and what it asks. */
  wording: string;
  start: number;
  end: number;
  details?: string;
  person?: PartyRole;
  confidence: number;
}

const OFFICER_RECORDS = new Set<ReadingDocument['type']>(['refusal-letter', 'gcms-notes']);
/** A year or a full date: a field value that names when something happened discloses it. */
const DATED = /(?<!\d)(?:19|20)\d{2}(?!\d)/;

function formName(doc: ReadingDocument): string | undefined {
  return doc.type.startsWith('imm-') ? doc.type.toUpperCase().replace('-', ' ') : doc.type === 'other' ? undefined : doc.type;
}

function personFor(wording: string, doc: ReadingDocument): PartyRole {
  if (CUES.sponsorWords.test(wording)) return 'sponsor';
  if (CUES.otherPersonWords.test(wording)) return 'other';
  // "My husband was married before", « Mon époux, lui, a été marié… » as the subject: the declarant's partner's answer.
  const partner = CUES.spouseWords.exec(wording.trimStart());
  if (partner?.index === 0 && /^(?:my|our|mon|ma|notre)\b/iu.test(partner[0])) {
    if (doc.author === 'applicant') return 'sponsor';
    if (doc.author === 'sponsor') return 'applicant';
  }
  // "He has never been refused" in the sponsor's letter is about the person sponsored.
  if (/^(?:he|she|il|elle)\b/iu.test(wording.trim())) return doc.author === 'sponsor' ? 'applicant' : 'other';
  return doc.author;
}

/** "Label: value" in a form line or at the head of a sentence of prose ("Previous refusals: Germany refused my visa in 2019."). */
function labelled(segment: Segment): { label: string; value: string } | undefined {
  if (segment.field) return segment.field;
  const m = /^([\p{L}][^:\n]{1,60}?)[ \t]*[:：][ \t]*(\S[^]*)$/u.exec(segment.text);
  return m ? { label: m[1], value: m[2] } : undefined;
}

/** One "Label : value" field of a form line. */
const LINE_FIELD = /^([\p{L}][^:：\n]{1,60}?)[ \t]*[:：][ \t]*(\S.*)$/u;

/**
 * The fields of a form line that holds several, set apart by wide gaps ("Durée : 2 ans   Refus
 * antérieurs : Non   Accusations ou condamnations : Non"), each as a segment of its own.
 */
function fieldsOnLine(segment: Segment): Segment[] {
  if (segment.text.includes('\n') || !/\S[ \t]{3,}\S/.test(segment.text)) return [];
  const out: Segment[] = [];
  let offset = 0;
  for (const part of segment.text.split(/([ \t]{3,})/)) {
    const m = /^[ \t]{3,}$/.test(part) ? null : LINE_FIELD.exec(part);
    if (m) out.push({ start: segment.start + offset, end: segment.start + offset + part.length, text: part, field: { label: m[1], value: m[2], valueStart: segment.start + offset + part.indexOf(m[2], m[1].length) } });
    offset += part.length;
  }
  return out;
}

/** "Previous refusals: [X] Yes", "Criminal record: None", "Previous refusals: Germany, July 2019". */
function fieldAnswer(segment: Segment, summaries: boolean, author: PartyRole): Found | undefined {
  const field = labelled(segment);
  const label = field?.label ?? segment.text;
  const topic = topicOf(label);
  if (!topic) return undefined;
  const value = field?.value ?? '';
  // "Refus de visa antérieur (époux) : Oui": the person the label names.
  const person = labelPerson(label, author);
  const base = { topic, wording: label, start: segment.start, end: segment.end, ...(person ? { person } : {}) };
  // Printed boxes decide ("Refus antérieurs : Oui ☒ Non ☐", "Previous refusals [ ] Yes [X] No"): the word a value starts with is only one of the choices.
  if (CHECKED.test(plainSpaces(segment.text))) {
    const ticked = tickedAnswer(segment.text);
    return ticked ? { ...base, answer: ticked, confidence: 0.85 } : undefined;
  }
  const word = /^(yes|no|oui|non)(?![\p{L}])/iu.exec(value)?.[1];
  if (word) {
    const rest = field ? value.slice(word.length).replace(/^[ \t]*[-–—:;,.]?[ \t]*/, '').trim() : '';
    return { ...base, answer: YES.test(word) ? 'yes' : 'no', ...(rest.length > 3 ? { details: rest } : {}), confidence: 0.85 };
  }
  if (!field) return undefined;
  if (NONE_VALUE.test(value)) return { ...base, answer: 'no', confidence: 0.75 };
  // An officer's record speaks of the applicant in the third person; "my visa" is the declarant's own line wherever it is.
  if (!(summaries || FIRST_PERSON.test(value))) return undefined;
  // A summary line that names what happened and when is a disclosure.
  if (DATED.test(value)) return { ...base, answer: 'yes', details: value.trim(), confidence: 0.7 };
  return undefined;
}

/** A statement that settles a topic: in a sworn declaration, or as a form field's value ("Marital status: never married nor …"). */
function statementAnswer(segment: Segment, sworn: boolean): Found | undefined {
  if (REPORTED.test(segment.text) || /\?\s*$/.test(segment.text)) return undefined;
  // A sworn sentence wrapped over lines says what it says on one ("I have never been⏎refused a visa").
  const text = sworn ? asOneLine(segment.text) : segment.field?.value;
  if (!text) return undefined;
  for (const t of DECLARATION_TOPICS) {
    const no = t.statementNo.exec(text);
    // "Never refused by Canada or the United States" does not answer a question about any country.
    const rest = no ? text.slice(no.index + no[0].length) : '';
    const denial = no && (!RESTRICTED.test(rest) || UNRESTRICTED.test(rest.split(/[.;]/)[0])) ? no : null;
    const yes = denial || !sworn ? null : t.statementYes.exec(text);
    const said = denial ?? yes;
    if (!said) continue;
    const clauseStart = Math.max(0, text.lastIndexOf('.', said.index) + 1);
    return { topic: t.topic, answer: denial ? 'no' : 'yes', wording: text.slice(clauseStart, said.index + said[0].length), start: segment.start, end: segment.end, confidence: sworn ? 0.7 : 0.65 };
  }
  return undefined;
}

/** Every declaration the document makes. */
export function readDeclarations(doc: ReadingDocument): Declaration[] {
  const out: Declaration[] = [];
  const madeIn = formName(doc);
  const sworn = doc.pages.some((p) => SWORN.test(softBreaksAsSpaces(p.text)));
  // An officer's record ("Criminal record: conviction 2015") reports on the applicant; it declares nothing.
  const summaries = !OFFICER_RECORDS.has(doc.type);
  const push = (page: ReadingPage, f: Found) => {
    // "Neither of us": both people of a joint declaration (the sponsor and the person sponsored).
    // Only a sponsor can have sponsored before: a form's unattributed "Did you previously sponsor …?" is the sponsor's.
    const who = (role: PartyRole): PartyRole => (f.topic === 'previous-sponsorship' && role === 'applicant' ? 'sponsor' : role);
    const people: PartyRole[] = f.person ? [f.person] : BOTH.test(f.wording) ? ['sponsor', 'applicant'] : [who(personFor(f.wording, doc))];
    const asks: CriminalityScope[] | undefined = f.topic === 'criminality' ? criminalityScope(f.wording) : undefined;
    for (const person of people) {
      out.push({
        topic: f.topic,
        person,
        answer: f.answer,
        ...(f.details ? { details: f.details } : {}),
        ...(asks ? { asks } : {}),
        ...(madeIn ? { madeIn } : {}),
        evidence: quoteOf(doc, page, f.start, f.end, f.end - 1),
        confidence: f.confidence,
        source: 'rules',
      });
    }
  };
  // A form filled in for the applicant's spouse or child (IMM 5669 "I am the: ☒ Spouse…") answers for them.
  const subject = formSubject(doc.pages.map((p) => p.text).join('\n'), doc.author);
  // Questions listed in a schedule and answered further on by number, on whatever page the answers stand.
  const byNumber = numberedAnswers(doc.pages.map((p) => p.text));
  // A form in parts, one per person ("PART A — TO BE COMPLETED BY THE SPONSOR"): each part's answers are its person's.
  let carried: PartyRole | undefined;
  doc.pages.forEach((page, pageIndex) => {
    const parts = partsOf(plainSpaces(page.text));
    const partPerson = (at: number) => personAt(parts, at, carried);
    // A question answered in layout columns, or by choices stacked one a line, is read once, that way
    // (a table or line reading of the same lines cannot tell the columns or the stacked boxes apart).
    const preferred = [...layoutAnswers(plainSpaces(page.text)), ...stackedAnswers(page.text, doc.pages[pageIndex - 1]?.text)];
    const overlaps = (a: { start: number; end: number }) => preferred.some((c) => a.start < c.end && a.end > c.start);
    const numbered = byNumber.filter((a) => a.pageIndex === pageIndex);
    const answered = [...formAnswers(page.text), ...tableAnswers(page.segments)].filter((a) => !overlaps(a)).concat(preferred, numbered);
    for (const a of answered) {
      // "Has your spouse ever been refused a visa?": the answer is the spouse's, whoever fills in the form.
      const person = a.person ?? questionSubject(a.question, doc.author) ?? partPerson(a.start) ?? subject;
      push(page, { ...a, wording: a.question, ...(person ? { person } : {}) });
    }
    const inside = (s: number, e: number) => answered.some((a) => s < a.end && e > a.start);
    for (const segment of page.segments) {
      if (inside(segment.start, segment.end)) continue;
      const several = fieldsOnLine(segment);
      if (several.length > 1) {
        for (const part of several) {
          const found = fieldAnswer(part, summaries, doc.author);
          if (found) push(page, { ...found, person: found.person ?? partPerson(part.start) ?? subject });
        }
        continue;
      }
      const field = fieldAnswer(segment, summaries, doc.author);
      if (field) push(page, { ...field, person: field.person ?? partPerson(segment.start) ?? subject });
      else {
        const stated = statementAnswer(segment, sworn);
        if (stated) push(page, stated);
      }
    }
    carried = partPerson(page.text.length);
  });
  return out;
}
