/**
 * The couple's and the family's history across documents: the marriage date, when the relationship
 * began or the couple first met, how many children there are, and previous marriages declared as
 * "None" while another document shows a divorce, an annulment or a former spouse.
 */
import type { Evidence } from '../../../contracts/intakeOutput';
import { findLabeled } from '../../../core/caseText/profileFinders';
import { cutValue, labelPattern } from '../../../core/caseText/profilePatterns';
import { sentenceAround } from '../../../core/caseText/sentenceAround';
import { type CaseDocument, evidenceList, lineAround, pagesOf, quoteOf } from './caseDocuments';
import { type ConsistencyCode, type ConsistencyIssue, listNames } from './consistencyIssue';
import { type ConsistencyRules, rx } from './consistencyRules';
import { isoOf, parseCertainDate, DATE_SOURCE } from '../../../core/text/dates';
import { type PeopleIndex, samePerson, textNames } from './people';

interface Value {
  value: string;
  doc: CaseDocument;
  evidence: Evidence;
}

/** "Label: value" on one page, placeholders such as "None" included (findLabeled drops them). */
function labelled(text: string, labels: readonly string[]): Array<{ start: number; end: number; value: string }> {
  return [...text.matchAll(labelPattern(labels))].map((m) => {
    const start = m.index + (m[0].length - m[0].trimStart().length);
    const value = cutValue(m[1]).trim();
    return { start, end: m.index + m[0].length - m[1].length + m[1].indexOf(value) + value.length, value };
  }).filter((v) => v.value !== '');
}

/** Values that disagree: one issue naming the first document of each distinct value. */
function disagreement(values: readonly Value[], code: ConsistencyCode, what: string): ConsistencyIssue[] {
  const distinct = [...new Set(values.map((v) => v.value))];
  if (distinct.length < 2) return [];
  const firsts = distinct.map((d) => values.find((v) => v.value === d)!);
  return [
    {
      code,
      summary: `The ${what} differs between documents: ${firsts.map((v) => `${v.value} (${v.doc.name})`).join(' vs ')}.`,
      evidence: evidenceList(firsts.map((v) => v.evidence)),
      documents: firsts.map((v) => v.doc.name),
    },
  ];
}

/** Days written with a label, or after a lead-in such as "were married on". */
function datedValues(docs: readonly CaseDocument[], labels: readonly string[], lead: string | undefined, skipLine?: RegExp): Value[] {
  const values: Value[] = [];
  const leadIn = lead ? new RegExp(`${lead}(${DATE_SOURCE})`, 'giu') : undefined;
  for (const { doc, page } of pagesOf(docs)) {
    const text = page.text;
    const hits = findLabeled(text, labels, { shape: 'date', skipOtherPerson: false }).map((h) => ({ start: h.start, end: h.end, written: h.value }));
    if (leadIn) for (const m of text.matchAll(leadIn)) hits.push({ start: m.index, end: m.index + m[0].length, written: m[1] });
    for (const h of hits) {
      const line = lineAround(text, h.start);
      if (skipLine?.test(text.slice(line.start, line.end))) continue;
      const date = parseCertainDate(h.written, { order: doc.dateOrder });
      if (!date?.day) continue;
      const evidence = quoteOf(doc, page.page, h.start, h.end);
      if (evidence) values.push({ value: isoOf(date), doc, evidence });
    }
  }
  return values;
}

export function checkMarriageDates(docs: readonly CaseDocument[], rules: ConsistencyRules): ConsistencyIssue[] {
  const earlier = rx(rules.freeText.previousMarriageContext, 'iu');
  return disagreement(datedValues(docs, rules.labels.marriageDate, rules.freeText.marriageDate, earlier), 'marriage-date-mismatch', 'date of the marriage');
}

export function checkRelationshipDates(docs: readonly CaseDocument[], rules: ConsistencyRules): ConsistencyIssue[] {
  return [
    ...disagreement(datedValues(docs, rules.labels.relationshipStart, undefined), 'relationship-start-mismatch', 'date the relationship began'),
    ...disagreement(datedValues(docs, rules.labels.firstMeeting, undefined), 'first-meeting-mismatch', 'date the couple first met'),
  ];
}

function countOf(written: string, rules: ConsistencyRules): number | undefined {
  const word = written.trim().toLowerCase().split(/[\s,.;(]/)[0];
  if (/^\d{1,2}$/.test(word)) return Number(word);
  if (word in rules.numberWords) return rules.numberWords[word];
  return rx(rules.freeText.noneValues, 'iu').test(written.trim()) ? 0 : undefined;
}

/** How many children the applicant has, as each document puts it. */
export function checkChildrenCounts(docs: readonly CaseDocument[], rules: ConsistencyRules): ConsistencyIssue[] {
  const values: Value[] = [];
  for (const { doc, page } of pagesOf(docs)) {
    const text = page.text;
    const hits: Array<{ start: number; end: number; count: number | undefined }> = [];
    for (const m of text.matchAll(labelPattern(rules.labels.childrenCount, true))) {
      const start = m.index + (m[0].length - m[0].trimStart().length);
      const valueEnd = m.index + m[0].length;
      hits.push({ start, end: valueEnd, count: countOf(m[1], rules) });
    }
    for (const m of text.matchAll(rx(rules.freeText.childrenCount))) hits.push({ start: m.index, end: m.index + m[0].length, count: countOf(m[1], rules) });
    for (const h of hits) {
      if (h.count === undefined) continue;
      const evidence = quoteOf(doc, page.page, h.start, h.end);
      if (evidence) values.push({ value: String(h.count), doc, evidence });
    }
  }
  return disagreement(values, 'children-count-mismatch', 'number of children');
}

/**
 * "Previous marriages: None" (or a never-married statement) for a person, while a document naming
 * that person shows a divorce, an annulment, a former spouse, or a civil status such as "Divorced".
 */
export function checkPreviousMarriages(docs: readonly CaseDocument[], people: PeopleIndex, rules: ConsistencyRules): ConsistencyIssue[] {
  const none = rx(rules.freeText.noneValues, 'iu');
  const impliesPrior = rx(rules.freeText.statusImpliesPriorMarriage, 'iu');
  const mentionPattern = rx(rules.freeText.previousMarriageMentions);
  const negation = rx(rules.mentions.negation, 'iu');
  const issues: ConsistencyIssue[] = [];
  for (const { doc, page } of pagesOf(docs)) {
    for (const hit of labelled(page.text, rules.labels.previousMarriages)) {
      if (!none.test(hit.value)) continue;
      const subject = people.subjectAt(doc.docId, page.page, hit.start);
      const declared = quoteOf(doc, page.page, hit.start, hit.end);
      if (!subject || !declared) continue;
      const contradicting: Array<{ doc: CaseDocument; evidence: Evidence }> = [];
      for (const other of docs) {
        if (other.docId === doc.docId) continue;
        // Only documents that name the same person.
        const otherText = other.pages.map((p) => p.text).join('\n');
        if (!people.inDocument(other.docId).some((a) => samePerson(a.tokens, subject.tokens)) && !textNames(otherText, subject.tokens)) continue;
        for (const p of other.pages) {
          for (const status of labelled(p.text, rules.labels.civilStatus)) {
            const about = people.subjectAt(other.docId, p.page, status.start);
            if (!impliesPrior.test(status.value) || (about && !samePerson(about.tokens, subject.tokens))) continue;
            const e = quoteOf(other, p.page, status.start, status.end);
            if (e) contradicting.push({ doc: other, evidence: e });
          }
          for (const m of p.text.matchAll(mentionPattern)) {
            const sentence = sentenceAround(p.text, { start: m.index, end: m.index + m[0].length });
            const body = p.text.slice(sentence.start, sentence.end);
            if (negation.test(p.text.slice(sentence.start, m.index)) || !subject.tokens.some((t) => t.length > 2 && body.toLowerCase().includes(t))) continue;
            const e = quoteOf(other, p.page, sentence.start, sentence.end);
            if (e) contradicting.push({ doc: other, evidence: e });
          }
        }
      }
      if (!contradicting.length) continue;
      issues.push({
        code: 'previous-marriage-undisclosed',
        summary: `${doc.name} declares no previous marriage for ${subject.name}, but ${listNames(contradicting.map((c) => c.doc.name))} ${contradicting.length === 1 ? 'shows' : 'show'} an earlier marriage or a divorce.`,
        evidence: evidenceList([declared, ...contradicting.slice(0, 2).map((c) => c.evidence)]),
        documents: [doc.name, ...new Set(contradicting.map((c) => c.doc.name))],
      });
    }
  }
  return issues;
}
