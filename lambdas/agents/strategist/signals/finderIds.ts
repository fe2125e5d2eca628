/**
 * The names of the signal finders a rubric factor can use. Kept apart from the finders themselves so
 * that the rubric schema can check a name without importing any finder (imports never loop).
 */
export const FINDER_IDS = [
  // any application type
  'prior-refusals',
  'home-ties',
  'funds-provenance',
  'documents-readable',
  'identity-established',
  // spousal sponsorship
  'relationship-history',
  'cohabitation',
  'joint-finances',
  'children',
  'communication',
  'knowledge-of-partner',
  'answer-consistency',
  'wedding-family',
  'previous-sponsorship',
  'convenience-signals',
  // study permit
  'study-plan-logic',
  'program-fit',
  'career-stage',
  // work permit
  'lmia-or-exemption',
  'job-offer-genuineness',
  'qualifications-experience',
  'wage-consistency',
  'work-permit-form',
  // visitor visa
  'visit-purpose',
  'travel-history',
  'invitation',
  // permanent residence (economic classes)
  'work-experience-record',
  // refusal response
  'refusal-grounds-record',
  'procedural-fairness',
  'reasons-reasonableness',
] as const;

export type FinderId = (typeof FINDER_IDS)[number];
