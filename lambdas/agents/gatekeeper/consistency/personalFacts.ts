/**
 * One person, several documents: dates of birth that disagree, a name spelled two ways for the same
 * person (same date of birth), and two different current home addresses.
 */
import type { Evidence } from '../../../contracts/intakeOutput';
import { findLabeled, type Hit } from '../../../core/caseText/profileFinders';
import { type CaseDocument, evidenceList, pagesOf, quoteOf } from './caseDocuments';
import type { ConsistencyIssue } from './consistencyIssue';
import type { ConsistencyRules } from './consistencyRules';
import { type NameAnchor, type PeopleIndex, samePerson, spellingVariant } from './people';

export interface PersonFact {
  doc: CaseDocument;
  page: number;
  hit: Hit;
  subject: NameAnchor;
  evidence: Evidence;
}

/** Labelled values on every page, each tied to the person it is about (facts about nobody in particular are dropped). */
export function personFacts(docs: readonly CaseDocument[], people: PeopleIndex, labels: readonly string[], shape: 'date' | 'text'): PersonFact[] {
  const facts: PersonFact[] = [];
  for (const { doc, page } of pagesOf(docs)) {
    for (const hit of findLabeled(page.text, labels, { shape })) {
      const subject = people.subjectAt(doc.docId, page.page, hit.start);
      const evidence = subject && quoteOf(doc, page.page, hit.start, hit.end);
      if (subject && evidence) facts.push({ doc, page: page.page, hit, subject, evidence });
    }
  }
  return facts;
}

/** Groups facts by person: facts whose subjects name the same person end up together. */
export function byPerson<T extends { subject: NameAnchor }>(facts: readonly T[]): T[][] {
  const groups: T[][] = [];
  for (const fact of facts) {
    const group = groups.find((g) => g.some((f) => samePerson(f.subject.tokens, fact.subject.tokens)));
    if (group) group.push(fact);
    else groups.push([fact]);
  }
  return groups;
}

const isoDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Dates of birth of one person that differ between (or within) documents. */
export function checkDatesOfBirth(docs: readonly CaseDocument[], people: PeopleIndex, rules: ConsistencyRules): ConsistencyIssue[] {
  const facts = personFacts(docs, people, rules.labels.dateOfBirth, 'date').filter((f) => isoDay(f.hit.value));
  const issues: ConsistencyIssue[] = [];
  for (const group of byPerson(facts)) {
    const values = [...new Set(group.map((f) => f.hit.value))];
    if (values.length < 2) continue;
    const firsts = values.map((v) => group.find((f) => f.hit.value === v)!);
    issues.push({
      code: 'date-of-birth-mismatch',
      summary: `${group[0].subject.name}'s date of birth differs between documents: ${firsts.map((f) => `${f.hit.value} (${f.doc.name})`).join(' vs ')}.`,
      evidence: evidenceList(firsts.map((f) => f.evidence)),
      documents: firsts.map((f) => f.doc.name),
    });
  }
  return issues;
}

/** The same person (same date of birth) whose name is spelled differently in two documents. */
export function checkNameSpellings(docs: readonly CaseDocument[], people: PeopleIndex, rules: ConsistencyRules): ConsistencyIssue[] {
  const facts = personFacts(docs, people, rules.labels.dateOfBirth, 'date').filter((f) => isoDay(f.hit.value));
  const issues: ConsistencyIssue[] = [];
  const reported = new Set<string>();
  for (let i = 0; i < facts.length; i++) {
    for (let j = i + 1; j < facts.length; j++) {
      const [a, b] = [facts[i], facts[j]];
      if (a.hit.value !== b.hit.value || a.doc.docId === b.doc.docId) continue;
      if (!spellingVariant(a.subject.tokens, b.subject.tokens, rules.names)) continue;
      const key = [a.subject.tokens.join(' '), b.subject.tokens.join(' ')].sort().join('|');
      if (reported.has(key)) continue;
      reported.add(key);
      const quotes = evidenceList([quoteOf(a.doc, a.page, a.subject.start, a.subject.end), quoteOf(b.doc, b.page, b.subject.start, b.subject.end)]);
      if (quotes.length < 2) continue;
      issues.push({
        code: 'name-spelling-variant',
        summary: `The person born ${a.hit.value} is named "${a.subject.name}" in ${a.doc.name} but "${b.subject.name}" in ${b.doc.name}.`,
        evidence: quotes,
        documents: [a.doc.name, b.doc.name],
      });
    }
  }
  return issues;
}

function addressWords(value: string, abbreviations: Readonly<Record<string, string>>): Set<string> {
  return new Set(
    value
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 1 || /\d/.test(w))
      .map((w) => abbreviations[w] ?? w),
  );
}

/** Jaccard overlap of two address word sets (1 when one contains the other). */
export function addressSimilarity(a: string, b: string, abbreviations: Readonly<Record<string, string>>): number {
  const x = addressWords(a, abbreviations);
  const y = addressWords(b, abbreviations);
  if (!x.size || !y.size) return 1;
  const shared = [...x].filter((w) => y.has(w)).length;
  if (shared === Math.min(x.size, y.size)) return 1;
  return shared / (x.size + y.size - shared);
}

/** One person's current home address written differently enough to be another place. */
export function checkAddresses(docs: readonly CaseDocument[], people: PeopleIndex, rules: ConsistencyRules): ConsistencyIssue[] {
  const facts = personFacts(docs, people, rules.labels.residentialAddress, 'text');
  const issues: ConsistencyIssue[] = [];
  for (const group of byPerson(facts)) {
    for (let i = 0; i < group.length; i++) {
      const other = group.slice(i + 1).find((f) => f.doc.docId !== group[i].doc.docId && addressSimilarity(group[i].hit.value, f.hit.value, rules.addresses.abbreviations) < rules.addresses.minSimilarity);
      if (!other) continue;
      issues.push({
        code: 'address-mismatch',
        summary: `${group[i].subject.name}'s current address in ${group[i].doc.name} ("${group[i].hit.value}") is not the one in ${other.doc.name} ("${other.hit.value}").`,
        evidence: evidenceList([group[i].evidence, other.evidence]),
        documents: [group[i].doc.name, other.doc.name],
      });
      break;
    }
  }
  return issues;
}
