import * as z from 'zod';
import { ApplicantProfile, type ExtractedDocument, type Fact, type IntakeResult } from '../../contracts/intakeOutput';
import { verifyEvidence } from '../../core/caseText/verifyEvidence';
import type { AgentModel } from '../../core/model/agentModel';
import { dataBlock, documentData } from '../../core/model/prompts/documentData';
import { injectionScreener } from '../../core/injection/injectionScreener';
import { EXTRACT_FACTS_PROMPT } from './prompts/extractFacts.v1';

/** The profile's single-valued fields a model may fill when the rules left them empty. */
const SINGLE_FIELDS = ['applicantName', 'sponsorName', 'dateOfBirth', 'citizenship', 'countryOfResidence', 'maritalStatus', 'purposeOfTravel', 'program', 'institution', 'employer', 'jobTitle'] as const;
const RELATIONSHIP_FIELDS = ['marriageDate', 'relationshipStart'] as const;
const LIST_FIELDS = { fund: 'funds', 'prior-refusal': 'priorRefusals', declaration: 'declarations' } as const;
const FIELDS = [...SINGLE_FIELDS, ...RELATIONSHIP_FIELDS, ...(Object.keys(LIST_FIELDS) as Array<keyof typeof LIST_FIELDS>), 'other'] as const;
type FactField = (typeof FIELDS)[number];

/** Limits that keep the profile readable (the rules' own lists have similar bounds). */
const MAX_ADDED_PER_LIST = 10;
const MAX_OTHER_FACTS = 40;

export const ExtractedFactsAnswer = z.strictObject({
  facts: z
    .array(
      z.strictObject({
        field: z.enum(FIELDS),
        /** For `other`: what the fact is ("travel to the United States", "employment"). */
        label: z.string().trim().min(1).max(80).optional(),
        value: z.string().trim().min(1).max(200),
        docId: z.string().min(1).max(200),
        page: z.number().int().positive().optional(),
        quote: z.string().min(3).max(300),
      }),
    )
    .max(30),
});
export type ExtractedFactsAnswer = z.infer<typeof ExtractedFactsAnswer>;

export interface FactMerge {
  profile: IntakeResult['profile'];
  added: number;
  /** Facts whose quote is not verbatim in the document (dropped), or that fill nothing new. */
  droppedUnverified: number;
  droppedDuplicate: number;
}

function filledFields(profile: IntakeResult['profile']): string[] {
  const filled: string[] = SINGLE_FIELDS.filter((f) => profile[f]);
  for (const f of RELATIONSHIP_FIELDS) if (profile.relationship?.[f]) filled.push(f);
  return filled;
}

/** The user message: which fields are filled (names only), then the documents as quoted data. */
export function extractFactsInput(docs: readonly ExtractedDocument[], result: IntakeResult): string {
  const types = new Map(result.documents.map((d) => [d.docId, d.type]));
  const data = documentData(
    docs.map((d) => ({ docId: d.docId, name: d.name, type: types.get(d.docId) ?? 'other', pages: d.pages })),
    { maxChars: EXTRACT_FACTS_PROMPT.maxDocumentChars, screen: injectionScreener() },
  );
  return [
    dataBlock('profile fields already filled', { applicationType: result.applicationType, filled: filledFields(result.profile) }),
    `The documents (${data.documents}):`,
    data.text,
    `Extract the missing facts and call ${EXTRACT_FACTS_PROMPT.tool.name}.`,
  ].join('\n\n');
}

/** The fact with its evidence checked verbatim: on the page given, else on any page of the document. */
function verifiedFact(docs: readonly ExtractedDocument[], fact: ExtractedFactsAnswer['facts'][number]): Fact | undefined {
  const quote = fact.quote.trim();
  if (!quote) return undefined;
  const doc = docs.find((d) => d.docId === fact.docId);
  if (!doc) return undefined;
  const onPage = fact.page !== undefined && verifyEvidence([doc], { docId: doc.docId, page: fact.page, quote }) ? fact.page : doc.pages.find((p) => p.text.includes(quote))?.page;
  if (onPage === undefined) return undefined;
  return { value: fact.value.replace(/\s+/g, ' '), evidence: { docId: doc.docId, page: onPage, quote } };
}

/**
 * Adds the model's facts to the rules' profile: each quote is checked verbatim against the (already
 * quarantined) text, and a fact whose quote is not there is dropped. The rules' facts always win: a
 * model fact only fills a field the rules left empty or adds to a list.
 */
export function mergeFacts(docs: readonly ExtractedDocument[], profile: IntakeResult['profile'], answer: ExtractedFactsAnswer): FactMerge {
  const next: IntakeResult['profile'] = structuredClone(profile);
  const quotes = new Set<string>();
  const remember = (f: Fact | undefined) => f && quotes.add(`${f.evidence.docId}\u0000${f.evidence.quote}`);
  for (const field of SINGLE_FIELDS) remember(next[field]);
  for (const field of RELATIONSHIP_FIELDS) remember(next.relationship?.[field]);
  [...next.funds, ...next.priorRefusals, ...next.declarations, ...next.otherFacts.map((o) => o.fact)].forEach(remember);
  const added: Record<string, number> = {};
  let count = 0;
  let droppedUnverified = 0;
  let droppedDuplicate = 0;
  for (const raw of answer.facts) {
    const fact = verifiedFact(docs, raw);
    if (!fact) {
      droppedUnverified += 1;
      continue;
    }
    const key = `${fact.evidence.docId}\u0000${fact.evidence.quote}`;
    const field: FactField = raw.field;
    let placed = false;
    if (!quotes.has(key)) {
      if ((SINGLE_FIELDS as readonly string[]).includes(field)) {
        const f = field as (typeof SINGLE_FIELDS)[number];
        if (!next[f]) placed = Boolean((next[f] = fact));
      } else if ((RELATIONSHIP_FIELDS as readonly string[]).includes(field)) {
        const f = field as (typeof RELATIONSHIP_FIELDS)[number];
        next.relationship ??= {};
        if (!next.relationship[f]) placed = Boolean((next.relationship[f] = fact));
      } else if (field === 'other') {
        if (next.otherFacts.length < MAX_OTHER_FACTS) {
          next.otherFacts.push({ label: (raw.label ?? 'other').replace(/\s+/g, ' '), fact });
          placed = true;
        }
      } else {
        const list = LIST_FIELDS[field as keyof typeof LIST_FIELDS];
        if ((added[list] ?? 0) < MAX_ADDED_PER_LIST) {
          next[list].push(fact);
          added[list] = (added[list] ?? 0) + 1;
          placed = true;
        }
      }
    }
    if (placed) {
      quotes.add(key);
      count += 1;
    } else droppedDuplicate += 1;
  }
  return { profile: ApplicantProfile.parse(next), added: count, droppedUnverified, droppedDuplicate };
}

/** Asks the model for the free-text facts and merges the ones whose quotes check out. */
export async function extractFreeTextFacts(model: AgentModel, docs: readonly ExtractedDocument[], result: IntakeResult): Promise<FactMerge> {
  const answer = await model.structured({ prompt: EXTRACT_FACTS_PROMPT, input: extractFactsInput(docs, result), schema: ExtractedFactsAnswer });
  return mergeFacts(docs, result.profile, answer.value);
}
