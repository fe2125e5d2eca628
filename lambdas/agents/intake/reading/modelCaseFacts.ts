/**
 * The model reader: a language model fills the same case-fact model by structured output. A fact
 * enters only with a quote verbatim in its document; the rules' facts stay, the model's add what the
 * rules missed, and where the two read one thing differently both are kept as a conflict, never
 * resolved silently. The legal rules downstream read the merged model: the model reads, the rules decide.
 */
import * as z from 'zod';
import {
  CaseFacts,
  DeclarationTopic,
  EventKind,
  MONEY_KINDS,
  OFFICER_FINDING_KINDS,
  PartyRole,
  type FactConflict,
  type FactDate,
} from '../../../contracts/caseFacts';
import type { Evidence, ExtractedDocument } from '../../../contracts/intakeOutput';
import type { AgentModel } from '../../../core/model/agentModel';
import { dataBlock, documentData } from '../../../core/model/prompts/documentData';
import { injectionScreener } from '../../../core/injection/injectionScreener';
import { READ_CASE_FACTS_PROMPT } from '../prompts/readCaseFacts.v1';

const Where = { docId: z.string().min(1).max(200), page: z.number().int().positive().optional(), quote: z.string().min(3).max(300) };
const IsoDate = z.string().regex(/^\d{4}(?:-\d{2}(?:-\d{2})?)?$/);

export const ModelCaseFactsAnswer = z.strictObject({
  events: z.array(z.strictObject({ kind: EventKind, person: PartyRole, date: IsoDate.optional(), end: IsoDate.optional(), country: z.string().max(80).optional(), detail: z.string().max(120).optional(), ...Where })).max(60),
  declarations: z.array(z.strictObject({ topic: DeclarationTopic, person: PartyRole, answer: z.enum(['yes', 'no']), details: z.string().max(300).optional(), ...Where })).max(30),
  money: z.array(z.strictObject({ kind: z.enum(MONEY_KINDS), amount: z.number().nonnegative(), currency: z.string().regex(/^[A-Z]{3}$/), per: z.enum(['hour', 'week', 'month', 'year']).optional(), date: IsoDate.optional(), ...Where })).max(40),
  officerFindings: z.array(z.strictObject({ kind: z.enum(OFFICER_FINDING_KINDS), subject: z.string().min(1).max(80), ...Where })).max(30),
  parties: z.array(z.strictObject({ role: PartyRole, name: z.string().min(1).max(120), ...Where })).max(20),
});
export type ModelCaseFactsAnswer = z.infer<typeof ModelCaseFactsAnswer>;

export interface CaseFactsMerge {
  facts: CaseFacts;
  added: number;
  droppedUnverified: number;
  conflicts: number;
}

const MODEL_CONFIDENCE = 0.7;

function factDate(iso: string | undefined): FactDate | undefined {
  if (!iso) return undefined;
  return { iso, precision: iso.length === 4 ? 'year' : iso.length === 7 ? 'month' : 'day' };
}

/** The evidence, checked verbatim: on the page given, else on any page of the document. */
function verified(docs: readonly ExtractedDocument[], where: { docId: string; page?: number; quote: string }): Evidence | undefined {
  const quote = where.quote.trim();
  const doc = docs.find((d) => d.docId === where.docId);
  if (!quote || !doc) return undefined;
  const page = doc.pages.find((p) => p.page === where.page && p.text.includes(quote)) ?? doc.pages.find((p) => p.text.includes(quote));
  return page ? { docId: doc.docId, page: page.page, quote } : undefined;
}

/** The user message: what the rules already read (counts only), then the documents as quoted data. */
export function caseFactsInput(docs: readonly ExtractedDocument[], rules: CaseFacts): string {
  const types = new Map(rules.documents.map((d) => [d.docId, d.type]));
  const data = documentData(
    docs.map((d) => ({ docId: d.docId, name: d.name, type: types.get(d.docId) ?? 'other', pages: d.pages })),
    { maxChars: READ_CASE_FACTS_PROMPT.maxDocumentChars, screen: injectionScreener() },
  );
  return [
    dataBlock('application as the rules read it', { kind: rules.application.kind, subKinds: rules.application.subKinds }),
    `The documents (${data.documents}):`,
    data.text,
    `Record every fact and call ${READ_CASE_FACTS_PROMPT.tool.name}.`,
  ].join('\n\n');
}

/** Merges the model's facts into the rules' reading (see the module comment). */
export function mergeCaseFacts(docs: readonly ExtractedDocument[], rules: CaseFacts, answer: ModelCaseFactsAnswer): CaseFactsMerge {
  const facts: CaseFacts = structuredClone(rules);
  let added = 0;
  let droppedUnverified = 0;
  const conflicts: FactConflict[] = [];
  const take = <T>(where: { docId: string; page?: number; quote: string }, build: (evidence: Evidence) => T): T | undefined => {
    const evidence = verified(docs, where);
    if (!evidence) droppedUnverified++;
    return evidence ? build(evidence) : undefined;
  };
  const base = { confidence: MODEL_CONFIDENCE, source: 'model' as const };

  for (const e of answer.events) {
    const event = take(e, (evidence) => ({ kind: e.kind, person: e.person, ...(factDate(e.date) ? { date: factDate(e.date) } : {}), ...(factDate(e.end) ? { end: factDate(e.end) } : {}), ...(e.country ? { country: e.country } : {}), ...(e.detail ? { detail: e.detail } : {}), evidence, ...base }));
    if (!event) continue;
    const same = facts.timeline.filter((r) => r.kind === event.kind && r.person === event.person);
    if (same.some((r) => r.date?.iso === event.date?.iso || (!event.date && r.evidence.docId === event.evidence.docId))) continue;
    // One event of the couple or a decision read on two dates from the same passage: the readers disagree.
    const disagreeing = same.find((r) => r.date && event.date && r.evidence.docId === event.evidence.docId && (r.evidence.quote.includes(event.evidence.quote) || event.evidence.quote.includes(r.evidence.quote)));
    if (disagreeing) {
      conflicts.push({ topic: `${event.kind} of ${event.person}: date`, readings: [{ value: disagreeing.date!.iso, evidence: disagreeing.evidence, source: 'rules' }, { value: event.date!.iso, evidence: event.evidence, source: 'model' }] });
      continue;
    }
    facts.timeline.push(event);
    added++;
  }
  for (const d of answer.declarations) {
    const declaration = take(d, (evidence) => ({ topic: d.topic, person: d.person, answer: d.answer, ...(d.details ? { details: d.details } : {}), evidence, ...base }));
    if (!declaration) continue;
    const same = facts.declarations.find((r) => r.topic === declaration.topic && r.person === declaration.person && r.evidence.docId === declaration.evidence.docId);
    if (same && same.answer !== declaration.answer) {
      conflicts.push({ topic: `${declaration.topic} (${declaration.person}): answer`, readings: [{ value: same.answer, evidence: same.evidence, source: 'rules' }, { value: declaration.answer, evidence: declaration.evidence, source: 'model' }] });
      continue;
    }
    if (same) continue;
    facts.declarations.push(declaration);
    added++;
  }
  for (const m of answer.money) {
    const money = take(m, (evidence) => ({ kind: m.kind, amount: m.amount, currency: m.currency, ...(m.per ? { per: m.per } : {}), ...(factDate(m.date) ? { date: factDate(m.date) } : {}), evidence, ...base }));
    if (!money) continue;
    const near = (a: number, b: number) => Math.abs(a - b) <= Math.max(a, b) * 0.005;
    const same = facts.money.find((r) => r.evidence.docId === money.evidence.docId && near(r.amount, money.amount));
    if (same && (same.currency !== money.currency || (same.per && money.per && same.per !== money.per))) {
      conflicts.push({ topic: `${money.kind} ${money.amount}: ${same.currency !== money.currency ? 'currency' : 'period'}`, readings: [{ value: `${same.currency}${same.per ? ` per ${same.per}` : ''}`, evidence: same.evidence, source: 'rules' }, { value: `${money.currency}${money.per ? ` per ${money.per}` : ''}`, evidence: money.evidence, source: 'model' }] });
      continue;
    }
    if (same) continue;
    facts.money.push(money);
    added++;
  }
  for (const f of answer.officerFindings) {
    const finding = take(f, (evidence) => ({ kind: f.kind, subject: f.subject, evidence, ...base }));
    if (!finding || facts.officerFindings.some((r) => r.kind === finding.kind && r.subject.replace(/\s/g, '').toLowerCase() === finding.subject.replace(/\s/g, '').toLowerCase())) continue;
    facts.officerFindings.push(finding);
    added++;
  }
  for (const p of answer.parties) {
    const party = take(p, (evidence) => ({ role: p.role, name: p.name.replace(/\s+/g, ' ').trim(), evidence, ...base }));
    if (!party || facts.parties.some((r) => r.role === party.role && r.name.toLowerCase() === party.name.toLowerCase())) continue;
    facts.parties.push(party);
    added++;
  }
  facts.conflicts.push(...conflicts);
  return { facts: CaseFacts.parse(facts), added, droppedUnverified, conflicts: conflicts.length };
}

/** Asks the model to read the file and merges what checks out. */
export async function readCaseFactsWithModel(model: AgentModel, docs: readonly ExtractedDocument[], rules: CaseFacts): Promise<CaseFactsMerge> {
  const answer = await model.structured({ prompt: READ_CASE_FACTS_PROMPT, input: caseFactsInput(docs, rules), schema: ModelCaseFactsAnswer });
  return mergeCaseFacts(docs, rules, answer.value);
}
