/**
 * Declarations: each form question the rules compare with the record, with its answer and any
 * details disclosed, and sworn statements that answer the same questions ("I have never been
 * refused a visa", "J'ai déjà essuyé un refus"). A "Yes" with details is a disclosure.
 */
import type { Declaration, DeclarationTopic, PartyRole } from '../../../contracts/caseFacts';
import { CUES, DECLARATION_TOPICS, NO, phrases, YES } from './lexicon';
import { quoteOf, type ReadingDocument, type ReadingPage } from './readingDocument';

/** "? No", "? [X] Yes", "?  Answer: Non", "Yes ☒ No ☐", "[ ] Yes [X] No". */
const INLINE_ANSWER = /\?[ \t]*(?:\n[ \t]*)?(?:(?:answer|réponse|r[ée]p\.?)[ \t]*:[ \t]*)?(?:\[[ \t]*[xX✓✔][ \t]*\][ \t]*|☒[ \t]*|■[ \t]*)?(yes|no|oui|non)(?![\p{L}])/giu;
const CHECKED = /(?:\[[ \t]*[xX✓✔][ \t]*\]|☒|■|\([ \t]*[xX✓✔][ \t]*\))[ \t]*(yes|no|oui|non)(?![\p{L}])|(yes|no|oui|non)[ \t]*(?:\[[ \t]*[xX✓✔][ \t]*\]|☒|■|\([ \t]*[xX✓✔][ \t]*\))/iu;
const DETAILS = /^[ \t]*(?:[-–—:;,.]|\(|if yes|details?|explain|précis|détails?|si oui)/iu;
const MAX_QUESTION = 400;
const QUESTION_OPENING = /\n[ \t]*(?:\d{1,2}[.)][ \t]*)?(?=(?:have|has|had|did|were|was|are|is|do|does|will|avez|vous|êtes|etes|est-ce|a-t-on|a-t-il|a-t-elle|avez-vous|votre)\b)/giu;
/** "My form says I was never refused", "I answered No": the sentence reports an answer, it does not give one. */
const REPORTED = phrases(['(?:form|application|answer|question|box)s? (?:says?|said|states?|stated|indicates?|indicated|shows?|showed|reads?)', '(?:i|we|he|she|the agent|my agent|the consultant) (?:answered|ticked|checked|marked|wrote|put|selected)', '(?:mistakenly|wrongly|incorrectly) (?:answered|stated|declared|indicated)', '(?:formulaire|demande|réponse) (?:indique|indiquait|dit|disait|mentionne|mentionnait)', "(?:j['’]ai|nous avons|il a|elle a|l['’]agent a) (?:répondu|coché|indiqué|inscrit)"]);
/** A sworn or signed declaration: its "I was refused" answers the form's question; in a letter it is only an event. */
const SWORN = phrases(['solemnly declare', 'do (?:solemnly )?(?:declare|affirm|swear)', 'statutory declaration', 'affidavit', 'sworn (?:statement|declaration)', 'under oath', 'déclare solennellement', 'déclaration solennelle', 'déclaration sous serment', 'affirme solennellement', 'sous serment']);

function topicOf(question: string): DeclarationTopic | undefined {
  // The most specific topic first: criminality questions mention "refused" less often than refusal ones mention "offence".
  return DECLARATION_TOPICS.find((t) => t.question.test(question))?.topic;
}

function formName(doc: ReadingDocument): string | undefined {
  return doc.type.startsWith('imm-') ? doc.type.toUpperCase().replace('-', ' ') : doc.type === 'other' ? undefined : doc.type;
}

function personFor(question: string, doc: ReadingDocument): PartyRole {
  if (CUES.sponsorWords.test(question)) return 'sponsor';
  if (CUES.otherPersonWords.test(question)) return 'other';
  // "He has never been refused" in the sponsor's letter is about the person sponsored.
  if (/^(?:he|she|il|elle)\b/iu.test(question.trim())) return doc.author === 'sponsor' ? 'applicant' : 'other';
  return doc.author;
}

interface Found {
  topic: DeclarationTopic;
  answer: 'yes' | 'no';
  start: number;
  end: number;
  details?: string;
  confidence: number;
}

/** Questions answered on the page (a question's text reaches back to the previous sentence or line break). */
function answeredQuestions(text: string): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(INLINE_ANSWER)) {
    const mark = m.index ?? 0;
    const from = Math.max(0, mark - MAX_QUESTION);
    const window = text.slice(from, mark);
    // The question starts after the previous question or blank line, at an item label, or at a line that opens a question.
    const cut = Math.max(
      window.lastIndexOf('?'),
      window.lastIndexOf('\n\n'),
      ...[...window.matchAll(/\n[ \t]*(?:\d{1,2}[.)]|\(?[a-z]\))[ \t]/g)].map((x) => x.index ?? -1),
      ...[...window.matchAll(QUESTION_OPENING)].map((x) => x.index ?? -1),
    );
    const question = window.slice(cut + 1);
    const topic = topicOf(question);
    if (!topic) continue;
    const answerEnd = mark + m[0].length;
    const lineEnd = text.indexOf('\n', answerEnd);
    const rest = text.slice(answerEnd, lineEnd === -1 ? text.length : lineEnd);
    const details = DETAILS.test(rest) && rest.replace(/[^\p{L}\p{N}]/gu, '').length > 3 ? rest.replace(/^[ \t]*[-–—:;,.]?[ \t]*/, '').trim() : undefined;
    out.push({ topic, answer: YES.test(m[1]) ? 'yes' : 'no', start: from + cut + 1, end: details ? answerEnd + rest.length : answerEnd, ...(details ? { details } : {}), confidence: 0.9 });
  }
  return out;
}

/** Every declaration the document makes. */
export function readDeclarations(doc: ReadingDocument): Declaration[] {
  const out: Declaration[] = [];
  const madeIn = formName(doc);
  const push = (page: ReadingPage, f: Found, questionText: string) => {
    out.push({
      topic: f.topic,
      person: personFor(questionText, doc),
      answer: f.answer,
      ...(f.details ? { details: f.details } : {}),
      ...(madeIn ? { madeIn } : {}),
      evidence: quoteOf(doc, page, f.start, f.end, f.end - 1),
      confidence: f.confidence,
      source: 'rules',
    });
  };
  const sworn = doc.pages.some((p) => SWORN.test(p.text));
  for (const page of doc.pages) {
    const taken: Array<[number, number]> = [];
    for (const f of answeredQuestions(page.text)) {
      push(page, f, page.text.slice(f.start, f.end));
      taken.push([f.start, f.end]);
    }
    const inside = (s: number, e: number) => taken.some(([a, b]) => s < b && e > a);
    for (const segment of page.segments) {
      if (inside(segment.start, segment.end)) continue;
      // "Previous refusals (any country): Yes — …", "Have you … [X] No" on a form line.
      const label = segment.field?.label ?? segment.text;
      const checked = CHECKED.exec(segment.text);
      const fieldAnswer = segment.field && /^(yes|no|oui|non)(?![\p{L}])/iu.exec(segment.field.value);
      const answerWord = fieldAnswer?.[1] ?? (checked ? checked[1] ?? checked[2] : undefined);
      if (answerWord) {
        const topic = topicOf(label);
        if (topic) {
          const rest = segment.field ? segment.field.value.slice(answerWord.length).replace(/^[ \t]*[-–—:;,.]?[ \t]*/, '').trim() : '';
          push(page, { topic, answer: YES.test(answerWord) ? 'yes' : NO.test(answerWord) ? 'no' : 'no', start: segment.start, end: segment.end, ...(rest.length > 3 ? { details: rest } : {}), confidence: 0.85 }, label);
          continue;
        }
      }
      if (/\?\s*$/.test(segment.text)) continue;
      for (const t of DECLARATION_TOPICS) {
        // Only a sworn declaration's statements are declarations; a letter's are what its author says.
        const no = REPORTED.test(segment.text) || !sworn ? null : t.statementNo.exec(segment.text);
        const yes = no || !sworn ? undefined : t.statementYes.exec(segment.text);
        if (!no && !yes) continue;
        const said = (no ?? yes)!;
        const clause = segment.text.slice(Math.max(0, segment.text.lastIndexOf('.', said.index) + 1), said.index + said[0].length);
        push(page, { topic: t.topic, answer: no ? 'no' : 'yes', start: segment.start, end: segment.end, confidence: 0.7 }, clause);
        break;
      }
    }
  }
  return out;
}
