import * as z from 'zod';

/** Issue tags shared by decisions and provisions. */
export const Topic = z.enum([
  'standard-of-review',
  'procedural-fairness',
  'h-and-c',
  'spousal-bona-fides',
  'study-permit',
  'dual-intent',
  'financial-capacity',
  'visitor-visa',
  'work-permit',
  'misrepresentation',
  'inadmissibility',
  'credibility',
]);
export type Topic = z.infer<typeof Topic>;

export const ApplicationType = z.enum([
  'spousal-sponsorship',
  'study-permit',
  'work-permit',
  'visitor-visa',
  'express-entry',
  'refusal-response',
]);
export type ApplicationType = z.infer<typeof ApplicationType>;

export const CaseStatus = z.enum(['good-law', 'overtaken-in-part', 'overruled', 'superseded']);
export type CaseStatus = z.infer<typeof CaseStatus>;

export const Confidence = z.enum(['high', 'medium']);
export type Confidence = z.infer<typeof Confidence>;

/** Canonical provision id: instrument, section, then subdivisions — `IRPA 40(1)(a)`, `IRPR 220`, `IRPR 4.1`. */
export const PROVISION_ID_PATTERN = /^(IRPA|IRPR) \d{1,3}(\.\d{1,2})?(\((\d{1,3}(\.\d{1,2})?|[a-z](\.\d{1,2})?|[ivx]{1,6})\))*$/;

export const ProvisionId = z
  .string()
  .regex(PROVISION_ID_PATTERN, { message: 'not a canonical provision id (expected e.g. "IRPA 40(1)(a)" or "IRPR 220")' });

const sentence = z.string().trim().min(10);

export const CaseEntry = z.strictObject({
  /** Short slug: name and year (`vavilov-2019`, `kanthasamy-fca-2014`). */
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'must be a lower-case slug' }),
  /** Style of cause as reported. */
  name: z.string().min(3),
  /** How the decision is usually referred to (`Vavilov`, `Baker`). */
  shortName: z.string().min(2),
  /** Whether the short name alone, without `v.` or a citation, identifies the decision in prose (false for common surnames). */
  shortNameStandsAlone: z.boolean(),
  /** Normalised citations: the neutral or reporter citation first, then any parallel citation. */
  citations: z.array(z.string()).min(1),
  court: z.enum(['SCC', 'FCA', 'FC']),
  year: z.number().int().min(1875).max(2100),
  topics: z.array(Topic).min(1),
  /** Paraphrase of what the decision held, in the project's own words. */
  holding: sentence,
  /** 2–4 short statements of what the decision stands for, for checking a cited proposition. */
  propositions: z.array(z.string().trim().min(5)).min(2).max(4),
  status: CaseStatus,
  /** Citation of the decision that overtook or reversed this one. */
  supersededBy: z.string().nullable(),
  /** One sentence on what replaced it, for any status other than good-law. */
  replacedByNote: sentence.nullable(),
  /** Provisions the decision interprets (for former-Act cases, the IRPA successor). */
  provisions: z.array(ProvisionId),
  source: z.url(),
  confidence: Confidence,
});
export type CaseEntry = z.infer<typeof CaseEntry>;

export const Provision = z.strictObject({
  id: ProvisionId,
  instrument: z.enum(['IRPA', 'IRPR']),
  title: z.string().min(3),
  summary: sentence,
  topics: z.array(Topic),
  applicationTypes: z.array(ApplicationType).min(1),
  /** Search terms a reader might use for this provision. */
  keywords: z.array(z.string().min(2)).min(1),
  source: z.url(),
  confidence: Confidence,
});
export type Provision = z.infer<typeof Provision>;

export const CaseIndexFile = z.array(CaseEntry);
export const ProvisionIndexFile = z.array(Provision);
