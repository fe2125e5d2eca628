/**
 * Classifies one extracted document by scoring: IRCC form numbers, weighted keyword signals (hits
 * near the top of page 1 weigh double) and, more weakly, the file name. Reasons name the signals,
 * never quote the document.
 */
import { FORM_RULES, IMM_FORM_NUMBER, TYPE_RULES } from './classificationRules';
import type { FormRule } from './typeRule';
import { hasText } from '../../../core/caseText/hasText';
import type { DocumentType, ExtractedDocument } from '../../../contracts/intakeOutput';

export interface Classification {
  type: DocumentType;
  reason: string;
}

/** A document with the type the classifier gave it. */
export interface ClassifiedDocument {
  doc: ExtractedDocument;
  type: DocumentType;
}

/** Characters at the start of the first page with text treated as the title zone. */
const TITLE_ZONE_CHARS = 400;
/** Classification reads the beginning of long documents only. */
const MAX_PAGES = 10;
const MAX_CHARS = 60_000;
const FILE_NAME_WEIGHT = 2;
const MIN_SCORE = 5;

interface Candidate {
  type: DocumentType;
  score: number;
  evidence: string[];
}

interface ReadableText {
  full: string;
  title: string;
  /** Start offset of each page in `full`, to name the page of a hit. */
  pageStarts: { page: number; start: number }[];
}

function readableText(doc: ExtractedDocument): ReadableText | undefined {
  const pages = doc.pages.filter((p) => hasText(p.text)).slice(0, MAX_PAGES);
  if (pages.length === 0) return undefined;
  const pageStarts: ReadableText['pageStarts'] = [];
  let full = '';
  for (const page of pages) {
    if (full.length >= MAX_CHARS) break;
    pageStarts.push({ page: page.page, start: full.length });
    full += page.text.slice(0, MAX_CHARS - full.length) + '\n\n';
  }
  return { full, title: pages[0].text.trimStart().slice(0, TITLE_ZONE_CHARS), pageStarts };
}

function pageAt(text: ReadableText, offset: number): number {
  let page = text.pageStarts[0].page;
  for (const start of text.pageStarts) if (start.start <= offset) page = start.page;
  return page;
}

/** "Marriage_Certificate-2019.pdf" → "marriage certificate 2019". */
export function normaliseFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  return base
    .replace(/\.[a-z0-9]{1,5}$/i, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[_\-.+]+/g, ' ')
    .trim();
}

function formFromFileName(fileName: string): FormRule | undefined {
  return FORM_RULES.find((rule) => new RegExp(`\\bimm\\s?${rule.number}`).test(fileName));
}

/** A form number this close to the start heads the document: the document is that form. */
const FORM_HEADING_CHARS = 80;

function scoreForms(text: ReadableText, candidates: Candidate[]): void {
  const hits = new Map<string, { page: number; weight: number }>();
  const leading = text.full.length - text.full.trimStart().length;
  for (const m of text.full.matchAll(IMM_FORM_NUMBER)) {
    const index = m.index ?? 0;
    const heading = index - leading < FORM_HEADING_CHARS;
    const inTitle = index - leading < TITLE_ZONE_CHARS;
    const weight = heading ? 20 : inTitle || m[2] || m[3] ? 10 : 3;
    const previous = hits.get(m[1]);
    if (!previous || weight > previous.weight) hits.set(m[1], { page: pageAt(text, index), weight });
  }
  const listing = hits.size >= 3; // a letter or checklist enumerating forms
  for (const rule of FORM_RULES) {
    const hit = hits.get(rule.number);
    const titled = rule.title?.test(text.full) ?? false;
    if (!hit && !titled) continue;
    let score = 0;
    const evidence: string[] = [];
    if (hit) {
      score += hit.weight === 3 && listing ? 1 : hit.weight;
      evidence.push(`form number IMM ${rule.number} ${hit.weight === 20 ? 'heading' : 'on'} page ${hit.page}`);
    }
    if (titled) {
      score += hit ? 4 : 3;
      evidence.push('the form title');
    }
    candidates.push({ type: rule.type, score, evidence });
  }
}

function scoreKeywords(text: ReadableText, candidates: Candidate[]): void {
  for (const rule of TYPE_RULES) {
    let score = 0;
    const evidence: string[] = [];
    for (const signal of rule.signals) {
      if (signal.pattern.test(text.title)) {
        score += signal.weight * 2;
        evidence.push(`${signal.label} (top of page 1)`);
      } else if (signal.pattern.test(text.full)) {
        score += rule.selfTitled ? signal.weight / 2 : signal.weight;
        evidence.push(signal.label);
      }
    }
    if (score > 0) candidates.push({ type: rule.type, score, evidence });
  }
}

function scoreFileName(fileName: string, candidates: Candidate[]): void {
  const form = formFromFileName(fileName);
  const matched: DocumentType[] = form ? [form.type] : [];
  for (const rule of TYPE_RULES) if (rule.fileName?.test(fileName)) matched.push(rule.type);
  for (const type of matched) {
    const existing = candidates.find((c) => c.type === type);
    if (existing) {
      existing.score += FILE_NAME_WEIGHT;
      existing.evidence.push('file name');
    } else {
      candidates.push({ type, score: FILE_NAME_WEIGHT, evidence: ['file name'] });
    }
  }
}

function typeName(type: DocumentType): string {
  if (type.startsWith('imm-')) return `form IMM ${type.slice(4)}`;
  return TYPE_RULES.find((r) => r.type === type)?.name ?? type;
}

/** Order of the rule tables breaks ties (forms first, then TYPE_RULES order). */
const PRIORITY: DocumentType[] = [...FORM_RULES.map((r) => r.type), ...TYPE_RULES.map((r) => r.type)];

function best(candidates: Candidate[]): Candidate | undefined {
  return [...candidates].sort((a, b) => b.score - a.score || PRIORITY.indexOf(a.type) - PRIORITY.indexOf(b.type))[0];
}

function classifyByFileName(doc: ExtractedDocument, why: string): Classification {
  const candidates: Candidate[] = [];
  scoreFileName(normaliseFileName(doc.name), candidates);
  const top = best(candidates);
  if (!top) return { type: 'other', reason: `${why}, and the file name does not indicate a document type` };
  return { type: top.type, reason: `classified from the file name only (${why}): looks like a ${typeName(top.type)}` };
}

export function classifyDocument(doc: ExtractedDocument): Classification {
  const text = readableText(doc);
  if (!text) {
    const why = doc.status === 'ok' || doc.status === 'mislabeled' ? 'no text found' : `document unreadable: ${doc.status}`;
    return classifyByFileName(doc, why);
  }
  const candidates: Candidate[] = [];
  scoreForms(text, candidates);
  scoreKeywords(text, candidates);
  scoreFileName(normaliseFileName(doc.name), candidates);
  const top = best(candidates);
  if (!top || top.score < MIN_SCORE) {
    return { type: 'other', reason: 'no form number or characteristic content of a known document type' };
  }
  return { type: top.type, reason: `${typeName(top.type)}: ${top.evidence.join(', ')} (score ${top.score})` };
}
