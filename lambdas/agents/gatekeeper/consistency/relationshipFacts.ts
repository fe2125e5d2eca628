/**
 * The couple's and the family's history across documents, read from the page text: when the
 * relationship began and how many children there are. The model has no fact kind for either (a
 * form's "Date the relationship began" is neither a first contact nor a first meeting, and a count
 * of children is no event). The marriage date, the first meeting and previous marriages are read
 * from the model (marriageDates.ts, firstMeetings.ts, previousMarriages.ts).
 */
import type { Evidence } from '../../../contracts/intakeOutput';
import { findLabeled } from '../../../core/caseText/profileFinders';
import { labelPattern } from '../../../core/caseText/profilePatterns';
import { type CaseDocument, evidenceList, pagesOf, quoteOf } from './caseDocuments';
import type { ConsistencyCode, ConsistencyIssue } from './consistencyIssue';
import { type ConsistencyRules, rx } from './consistencyRules';
import { isoOf, parseCertainDate } from '../../../core/text/dates';

interface Value {
  value: string;
  doc: CaseDocument;
  evidence: Evidence;
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

/** Days written with a label ("Date we first met in person: 2021-08-14"). */
function datedValues(docs: readonly CaseDocument[], labels: readonly string[]): Value[] {
  const values: Value[] = [];
  for (const { doc, page } of pagesOf(docs)) {
    for (const h of findLabeled(page.text, labels, { shape: 'date', skipOtherPerson: false })) {
      const date = parseCertainDate(h.value, { order: doc.dateOrder });
      if (!date?.day) continue;
      const evidence = quoteOf(doc, page.page, h.start, h.end);
      if (evidence) values.push({ value: isoOf(date), doc, evidence });
    }
  }
  return values;
}

export function checkRelationshipStart(docs: readonly CaseDocument[], rules: ConsistencyRules): ConsistencyIssue[] {
  return disagreement(datedValues(docs, rules.labels.relationshipStart), 'relationship-start-mismatch', 'date the relationship began');
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
