import type { ApplicantProfile, DocumentSummary, DocumentType, Fact } from '../../../lambdas/contracts/intakeOutput';
import type { ResearchHit } from '../../../lambdas/contracts/detectiveOutput';
import type { ResearchQuery, ResearchSource } from '../../../lambdas/core/research/researchSource';

export const fact = (value: string, docId = 'doc-1'): Fact => ({ value, evidence: { docId, quote: value } });

export function profile(overrides: Partial<ApplicantProfile> = {}): ApplicantProfile {
  return { funds: [], priorRefusals: [], declarations: [], otherFacts: [], ...overrides };
}

export function document(type: DocumentType, docId = `${type}-1`): DocumentSummary {
  return { docId, name: `${docId}.pdf`, status: 'ok', statusDetail: 'text extracted', type, typeReason: 'test', pages: 1, characters: 100 };
}

/** A source that records every query and answers from a fixed list (or a function of the query). */
export class RecordingSource implements ResearchSource {
  readonly queries: ResearchQuery[] = [];
  readonly lookups: string[] = [];

  constructor(
    readonly name: ResearchSource['name'],
    readonly kinds: ResearchSource['kinds'],
    private readonly answer: (query: ResearchQuery) => ResearchHit[] | Promise<ResearchHit[]> = () => [],
  ) {}

  async search(query: ResearchQuery): Promise<ResearchHit[]> {
    this.queries.push(query);
    return this.answer(query);
  }
}

/** Wraps a real source, recording every search and lookup it receives. */
export function recording(source: ResearchSource): ResearchSource & { searches: ResearchQuery[]; lookups: string[] } {
  const searches: ResearchQuery[] = [];
  const lookups: string[] = [];
  const lookup = source.lookup?.bind(source);
  return {
    name: source.name,
    kinds: source.kinds,
    searches,
    lookups,
    search: (query) => {
      searches.push(query);
      return source.search(query);
    },
    ...(lookup && {
      lookup: (citation: string) => {
        lookups.push(citation);
        return lookup(citation);
      },
    }),
  };
}

export function hit(citation: string, overrides: Partial<ResearchHit> = {}): ResearchHit {
  return { kind: 'case', citation, summary: `The court held something about ${citation}.`, topics: [], score: 1, source: 'mcp', status: 'unknown', ...overrides };
}

/** A spousal file with a refusal letter and a "never refused" declaration. */
export const SPOUSAL_WITH_UNDISCLOSED_REFUSAL = {
  profile: profile({
    priorRefusals: [fact('Your application for a temporary resident visa has been refused.', 'refusal')],
    declarations: [fact('answered No: Have you ever been refused a visa or permit to Canada?', 'imm5669')],
    funds: [fact('CAD 4,200.00', 'bank')],
  }),
  documents: [document('imm-1344'), document('imm-5669'), document('marriage-certificate'), document('refusal-letter')],
};
