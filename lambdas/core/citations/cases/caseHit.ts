import type { CitationForm, NeutralCitation, OtherCourtCitation, ReporterCitation } from '../citationSchema';

type Fields<T, K extends keyof T> = Pick<T, K>;

/** What identifies a decision cited by a neutral citation, a report or another court's identifier. */
export type CaseData =
  | Fields<NeutralCitation, 'kind' | 'citation' | 'year' | 'court' | 'number'>
  | Fields<ReporterCitation, 'kind' | 'citation' | 'year' | 'volume' | 'reporter' | 'edition' | 'page' | 'number'>
  | Fields<OtherCourtCitation, 'kind' | 'citation' | 'year' | 'court' | 'courtName' | 'number' | 'canlii' | 'fileNumber'>;

/** A case citation found in the cleaned text (offsets are in the cleaned text until mapped back). */
export interface CaseHit {
  start: number;
  end: number;
  form: CitationForm;
  data: CaseData;
  /** Normalised identifier without a name (`2019 SCC 65`, `2019 CanLII 12345`). */
  id: string;
  valid: boolean;
  reason?: string;
  /** Courts whose decisions this citation can identify (`SCR` → SCC); a parallel citation must share one. */
  courts: readonly string[];
  /** A series that reports a decision at most once (parallel lists never repeat it). */
  series: string;
  /** Whether a bare page (`at 841`) right after it is a pinpoint (printed reports). */
  paged: boolean;
  name?: string;
  parallelTo?: string;
  pinpoint?: string;
}

/**
 * A hit built without object spreads (they are slow in a loop over thousands of matches); `reason`
 * is set only when there is a problem.
 */
export function caseHit(
  start: number,
  end: number,
  form: CitationForm,
  data: CaseData,
  id: string,
  problem: string | undefined,
  courts: readonly string[],
  series: string,
  paged: boolean,
): CaseHit {
  const hit: CaseHit = { start, end, form, data, id, valid: problem === undefined, courts, series, paged };
  if (problem !== undefined) hit.reason = problem;
  return hit;
}
