/**
 * Builds case-fact models for the legal rules' specifications: each fact carries a short quote as
 * its evidence, as intake would give it. Written for these tests; no bundled example is used.
 */
import type { Application, CaseFacts, Declaration, EventKind, FactDate, OfficerFinding, Party, PartyRole, TimelineEvent } from '../../../lambdas/contracts/caseFacts';
import type { DocumentType } from '../../../lambdas/contracts/documentTypes';
import type { AnalyseCaseInput } from '../../../lambdas/law/analyseCase';

export const day = (iso: string): FactDate => ({ iso, precision: iso.length === 10 ? 'day' : iso.length === 7 ? 'month' : 'year' });

const evidence = (quote: string, docId = 'doc-1') => ({ docId, quote });

export function event(kind: EventKind, person: PartyRole, iso?: string, extra: Partial<TimelineEvent> = {}): TimelineEvent {
  return { kind, person, ...(iso ? { date: day(iso) } : {}), evidence: evidence(`${kind} ${iso ?? ''}`.trim(), extra.evidence?.docId), confidence: 0.8, source: 'rules', ...extra };
}

export function declaration(topic: Declaration['topic'], person: PartyRole, answer: 'yes' | 'no'): Declaration {
  return { topic, person, answer, evidence: evidence(`${topic}: ${answer}`, 'form'), confidence: 0.8, source: 'rules' };
}

export function officer(kind: OfficerFinding['kind'], subject: string): OfficerFinding {
  return { kind, subject, evidence: evidence(`officer: ${kind} ${subject}`, 'refusal'), confidence: 0.8, source: 'rules' };
}

export function party(role: PartyRole, name: string, quote = name): Party {
  return { role, name, evidence: evidence(quote), confidence: 0.8, source: 'rules' };
}

export interface CaseSpec {
  kind?: Application['kind'];
  subKinds?: string[];
  location?: Application['applicantLocation'];
  isRefusal?: boolean;
  timeline?: TimelineEvent[];
  declarations?: Declaration[];
  officerFindings?: OfficerFinding[];
  parties?: Party[];
  documents?: Array<{ docId: string; type: DocumentType }>;
  asOf?: string;
  workflowType?: string;
}

export function caseOf(spec: CaseSpec = {}): AnalyseCaseInput {
  const kind = spec.kind ?? 'spousal-sponsorship';
  const facts: CaseFacts = {
    documents: (spec.documents ?? []).map((d) => ({ docId: d.docId, type: d.type, typeConfidence: 0.9, typeSignals: [], language: 'en' })),
    parties: spec.parties ?? [],
    application: {
      kind,
      subKinds: spec.subKinds ?? [],
      reason: 'test',
      applicantLocation: spec.location ?? 'outside-canada',
      isRefusal: spec.isRefusal ?? false,
      evidence: [evidence('Application', 'form')],
      confidence: 0.9,
    },
    timeline: spec.timeline ?? [],
    declarations: spec.declarations ?? [],
    money: [],
    officerFindings: spec.officerFindings ?? [],
    conflicts: [],
  };
  const applicationType = kind.endsWith('sponsorship') ? 'spousal-sponsorship' : kind === 'study-permit' || kind === 'work-permit' || kind === 'visitor-visa' ? kind : 'unknown';
  return {
    facts,
    applicationType,
    workflowType: spec.workflowType ?? (spec.isRefusal ? 'refusal-analysis' : 'risk-audit'),
    documents: (spec.documents ?? []).map((d) => d.type),
    asOf: spec.asOf ?? '2026-11-28',
  };
}
