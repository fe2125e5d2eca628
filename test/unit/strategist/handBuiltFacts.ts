/**
 * Hand-built case-fact models for finder specs: each fact is quoted from a document the spec writes,
 * so a spec says exactly which facts the reader gave and what the Strategist makes of them,
 * independent of how well the rules reader reads today.
 */
import type { CaseFacts, Declaration, Money, OfficerFinding, TimelineEvent } from '../../../lambdas/contracts/caseFacts';
import type { DocumentType } from '../../../lambdas/contracts/documentTypes';
import type { CaseFile } from '../../../lambdas/agents/strategist/text/caseFile';
import { typedFile } from './strategistFixtures';

const base = (docId: string, quote: string) => ({ evidence: { docId, page: 1, quote }, confidence: 0.9, source: 'rules' as const });

export const event = (docId: string, quote: string, fact: Omit<TimelineEvent, 'evidence' | 'confidence' | 'source'>): TimelineEvent => ({ ...fact, ...base(docId, quote) });
export const declaration = (docId: string, quote: string, fact: Omit<Declaration, 'evidence' | 'confidence' | 'source'>): Declaration => ({ ...fact, ...base(docId, quote) });
export const money = (docId: string, quote: string, fact: Omit<Money, 'evidence' | 'confidence' | 'source'>): Money => ({ ...fact, ...base(docId, quote) });
export const finding = (docId: string, quote: string, fact: Omit<OfficerFinding, 'evidence' | 'confidence' | 'source'>): OfficerFinding => ({ ...fact, ...base(docId, quote) });
export const day = (iso: string) => ({ iso, precision: iso.length === 10 ? ('day' as const) : iso.length === 7 ? ('month' as const) : ('year' as const) });

export function factModel(parts: Partial<CaseFacts>): CaseFacts {
  return {
    documents: [],
    parties: [],
    application: { kind: 'unknown', subKinds: [], reason: 'hand-built', applicantLocation: 'unknown', isRefusal: false, evidence: [], confidence: 0.5 },
    timeline: [],
    declarations: [],
    money: [],
    officerFindings: [],
    conflicts: [],
    ...parts,
  };
}

/** A case file of the given documents whose fact model is exactly `facts`. */
export function fileWithFacts(
  applicationType: CaseFile['applicationType'],
  docs: ReadonlyArray<{ name: string; type: DocumentType; text: string }>,
  facts: Partial<CaseFacts>,
  profile: Partial<CaseFile['profile']> = {},
): CaseFile {
  return typedFile(applicationType, docs, profile, factModel(facts));
}
