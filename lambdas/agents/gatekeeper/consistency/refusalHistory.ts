/**
 * "Never refused" against the file's own record of a refusal. A form question about previous
 * refusals (or previous applications to Canada) answered "No", or a statement such as "has never been
 * refused a visa", is contradicted by a refusal letter, GCMS notes, or another document that mentions
 * a refusal, when that refusal happened before the declaration was made. A refusal dated after the
 * declaration is usually the decision on that very application and is not a contradiction; when the
 * order cannot be told from the file, the finding says so and is rated lower (severityRules.json).
 */
import type { Evidence } from '../../../contracts/intakeOutput';
import { sentenceAround } from '../../../core/caseText/sentenceAround';
import { type CaseDocument, evidenceList, lineAround, quoteOf } from './caseDocuments';
import { type ConsistencyRules, rx } from './consistencyRules';
import { compareDates, isoOf, type DateParts, parseCertainDate, DATE_SOURCE } from '../../../core/text/dates';
import { type PeopleIndex, samePerson } from './people';

export interface Declaration {
  doc: CaseDocument;
  evidence: Evidence;
  kind: 'form-answer' | 'statement';
  date?: DateParts;
}

export interface RefusalRecord {
  doc: CaseDocument;
  evidence: Evidence;
  kind: 'refusal-document' | 'mention';
  date?: DateParts;
}

export interface RefusalContradiction {
  declaration: Declaration;
  refusals: RefusalRecord[];
  /** `before`: the refusal came before the declaration; `unknown`: the file does not show the order. */
  order: 'before' | 'unknown';
}

const DATE = new RegExp(DATE_SOURCE, 'gi');

function datesIn(text: string): DateParts[] {
  return [...text.matchAll(DATE)].map((m) => parseCertainDate(m[0])).filter((d): d is NonNullable<typeof d> => d !== undefined);
}

function latest(dates: readonly DateParts[]): DateParts | undefined {
  return dates.reduce<DateParts | undefined>((best, d) => (!best || compareDates(d, best) === 1 ? d : best), undefined);
}

/**
 * When a document's declaration was made: the latest date on a line that signs, declares or submits
 * it, or on a "Date:" line just after a signature; for a letter, its first "Date:" line.
 */
export function declarationDate(doc: CaseDocument, rules: ConsistencyRules['refusalHistory']): DateParts | undefined {
  const cue = rx(rules.declarationDateCues, 'iu');
  const signed: DateParts[] = [];
  let letterDate: DateParts | undefined;
  for (const page of doc.pages) {
    const lines = page.text.split('\n');
    lines.forEach((line, i) => {
      const near = cue.test(line) || (i > 0 && cue.test(lines[i - 1]) && /^\s*(?:\*\*)?date\b/i.test(line)) || (i > 1 && cue.test(lines[i - 2]) && /^\s*(?:\*\*)?date\b/i.test(line));
      if (near) signed.push(...datesIn(line).filter((d) => d.month !== undefined));
      if (!letterDate && /^\s*(?:\*\*)?date(?:\*\*)?\s*:/i.test(line)) letterDate = datesIn(line).find((d) => d.day !== undefined);
    });
  }
  return latest(signed) ?? letterDate;
}

/** Form questions about refusals or previous applications answered No, and whether any such question is answered Yes. */
function formAnswers(doc: CaseDocument, rules: ConsistencyRules['refusalHistory']): { no: Evidence[]; disclosed: boolean } {
  const found: Evidence[] = [];
  let disclosed = false;
  const aboutRefusal = rx(rules.questionMentionsRefusal, 'iu');
  const aboutApplication = rx(rules.questionMentionsPriorApplication, 'iu');
  const answer = new RegExp(String.raw`\?[ \t]*(?:\r?\n[ \t]*)?(?:\[[ \t]*[xX✓✔]?[ \t]*\][ \t]*)?(?:(?:Answer|R[ée]ponse)[ \t]*:[ \t]*)?(?:(${rules.answerNo})|${rules.answerYes})\b`, 'gu');
  for (const page of doc.pages) {
    const text = page.text;
    for (const m of text.matchAll(answer)) {
      const questionEnd = m.index;
      // The question starts after the previous answer or question mark, a blank line or an item label.
      const windowStart = Math.max(0, questionEnd - 400);
      const before = text.slice(windowStart, questionEnd);
      const cut = Math.max(before.lastIndexOf('?'), before.lastIndexOf('\n\n'), ...[...before.matchAll(/(?:^|\n)[ \t]*(?:\d{1,2}\.[ \t]*)?(?:\([a-z]\)|[a-z]\)|\d{1,2}\.)[ \t]/g)].map((x) => x.index));
      let start = windowStart + (cut >= 0 ? cut + 1 : 0);
      const question = text.slice(start, questionEnd);
      if (!aboutRefusal.test(question) && !aboutApplication.test(question)) continue;
      if (m[1] === undefined) {
        disclosed = true;
        continue;
      }
      while (start < questionEnd && /[\s?]/.test(text[start])) start++;
      const evidence = quoteOf(doc, page.page, start, m.index + m[0].length);
      if (evidence) found.push(evidence);
    }
  }
  return { no: found, disclosed };
}

/** Sentences matching any of `patterns` that are not negated or hypothetical (unless `keepNegated`). */
function sentences(doc: CaseDocument, patterns: readonly string[], rules: ConsistencyRules['refusalHistory'], keepNegated: boolean): Array<{ evidence: Evidence; line: string }> {
  const found: Array<{ evidence: Evidence; line: string }> = [];
  const negation = rx(rules.mentionNegation, 'iu');
  const hypothetical = rx(rules.mentionHypothetical, 'iu');
  const subject = rx(rules.mentionSubject, 'iu');
  const legal = rx(rules.mentionLegalDiscussion, 'iu');
  for (const page of doc.pages) {
    const text = page.text;
    const seen = new Set<number>();
    for (const pattern of patterns) {
      for (const m of text.matchAll(rx(pattern))) {
        const sentence = sentenceAround(text, { start: m.index, end: m.index + m[0].length });
        if (seen.has(sentence.start)) continue;
        const body = text.slice(sentence.start, sentence.end);
        if (!keepNegated) {
          const lead = text.slice(sentence.start, m.index);
          if (negation.test(lead) || negation.test(m[0]) || hypothetical.test(lead) || /\?\s*$/.test(body)) continue;
          if (!subject.test(body) || legal.test(body)) continue;
        }
        seen.add(sentence.start);
        const evidence = quoteOf(doc, page.page, sentence.start, sentence.end);
        const line = lineAround(text, m.index);
        if (evidence) found.push({ evidence, line: text.slice(line.start, line.end) });
      }
    }
  }
  return found;
}

/** The decision line of a refusal letter or GCMS notes, and the refusal's date. */
function refusalDocument(doc: CaseDocument, rules: ConsistencyRules['refusalHistory']): RefusalRecord | undefined {
  const decision = rx(rules.refusalDecision, 'iu');
  for (const page of doc.pages) {
    const m = decision.exec(page.text);
    if (!m) continue;
    const sentence = sentenceAround(page.text, { start: m.index, end: m.index + m[0].length });
    const evidence = quoteOf(doc, page.page, sentence.start, sentence.end);
    if (!evidence) continue;
    const decisionLine = lineAround(page.text, m.index);
    const onDecisionLine = datesIn(page.text.slice(decisionLine.start, decisionLine.end)).find((d) => d.day !== undefined);
    return { doc, evidence, kind: 'refusal-document', date: onDecisionLine ?? letterDate(doc) };
  }
  return undefined;
}

/** Other dates a letter carries (birth, passport validity), never the date of the letter. */
const NOT_THE_LETTER_DATE = /\b(?:birth|born|naissance|expir|issue|valid|passport|arriv|depart)/i;

/** The date of a letter: a "Date:" or "Decision date:" line, else the first full date near the top that is not another kind of date. */
function letterDate(doc: CaseDocument): DateParts | undefined {
  const lines = (doc.pages[0]?.text ?? '').split('\n');
  for (const line of lines) {
    if (/^\s*(?:\*\*)?(?:date|decision date|final decision|date of decision|date de la d[ée]cision)\b[^:\n]{0,20}:/i.test(line) && !NOT_THE_LETTER_DATE.test(line)) {
      const day = datesIn(line).find((d) => d.day !== undefined);
      if (day) return day;
    }
  }
  for (const line of lines.slice(0, 15)) {
    if (NOT_THE_LETTER_DATE.test(line)) continue;
    const day = datesIn(line).find((d) => d.day !== undefined);
    if (day) return day;
  }
  return undefined;
}

/** When a refusal mentioned on `line` happened: a chat timestamp, a full date, or a year in the sentence. */
function mentionDate(line: string, quote: string): DateParts | undefined {
  const stamp = /^\s*\[(\d{4}-\d{2}-\d{2})/.exec(line);
  if (stamp) return parseCertainDate(stamp[1]);
  const inQuote = datesIn(quote);
  return inQuote.find((d) => d.day !== undefined) ?? inQuote.find((d) => d.month !== undefined) ?? inQuote[0];
}

/** Whether the refusal is about the person who made the declaration (unknown when either side names nobody). */
function samePeople(people: PeopleIndex, a: CaseDocument, b: CaseDocument): boolean {
  const namesA = people.inDocument(a.docId);
  const namesB = people.inDocument(b.docId);
  if (!namesA.length || !namesB.length) return true;
  return namesA.some((x) => namesB.some((y) => samePerson(x.tokens, y.tokens)));
}

export function findRefusalContradictions(docs: readonly CaseDocument[], people: PeopleIndex, rules: ConsistencyRules['refusalHistory']): RefusalContradiction[] {
  const refusalTypes = new Set(rules.refusalDocumentTypes);
  const refusals: RefusalRecord[] = [];
  for (const doc of docs) {
    if (refusalTypes.has(doc.type)) {
      const record = refusalDocument(doc, rules);
      if (record) refusals.push(record);
      continue;
    }
    for (const { evidence, line } of sentences(doc, rules.refusalMentions, rules, false)) {
      refusals.push({ doc, evidence, kind: 'mention', date: mentionDate(line, evidence.quote) });
    }
  }
  if (!refusals.length) return [];

  const declarationTypes = new Set(rules.declarationTypes);
  const contradictions: RefusalContradiction[] = [];
  for (const doc of docs) {
    if (!declarationTypes.has(doc.type)) continue;
    const date = declarationDate(doc, rules);
    const answers = formAnswers(doc, rules);
    // A form that discloses a refusal in one answer is not denying it in another ("refused admission? No").
    if (answers.disclosed) continue;
    const statements = sentences(doc, rules.neverRefusedStatements, rules, true).map((s) => s.evidence);
    const declared: Declaration[] = [
      ...answers.no.map((evidence) => ({ doc, evidence, kind: 'form-answer' as const, date })),
      ...statements.map((evidence) => ({ doc, evidence, kind: 'statement' as const, date })),
    ];
    if (!declared.length) continue;
    // A document that itself records the refusal (answered Yes elsewhere, or mentions it) is judged by its other lines.
    const against = refusals.filter((r) => r.doc.docId !== doc.docId && samePeople(people, doc, r.doc));
    const before = against.filter((r) => r.date && date && compareDates(r.date, date) === -1);
    const unordered = against.filter((r) => !r.date || !date || compareDates(r.date, date) === undefined);
    const chosen = before.length ? before : unordered;
    if (!chosen.length) continue;
    // One finding per declaring document: its first declaration, the strongest refusal records first.
    const ranked = [...chosen].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'refusal-document' ? -1 : 1));
    contradictions.push({ declaration: declared[0], refusals: ranked.slice(0, 2), order: before.length ? 'before' : 'unknown' });
  }
  // Answers on the forms themselves first, then statements in letters; each group in file order.
  return contradictions.sort((a, b) => (a.declaration.kind === b.declaration.kind ? 0 : a.declaration.kind === 'form-answer' ? -1 : 1));
}

/** Evidence for a contradiction: the declaration and the refusal records. */
export function contradictionEvidence(c: RefusalContradiction): Evidence[] {
  return evidenceList([c.declaration.evidence, ...c.refusals.map((r) => r.evidence)]);
}

/** "2023-06-14" or "an undated refusal". */
export function describeRefusalDate(r: RefusalRecord): string {
  return r.date ? isoOf(r.date) : 'an undated refusal';
}
