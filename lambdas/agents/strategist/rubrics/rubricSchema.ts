import * as z from 'zod';
import { ProvisionId } from '../../../contracts/findings';
import { ApplicationType } from '../../../contracts/intakeOutput';
import { FINDER_IDS } from '../signals/finderIds';

/**
 * A rubric file (one per application type, `rubrics/<type>.json`): the factors a lawyer weighs, with
 * the plain wording of each rating and what to gather when a factor is weak or missing. Lawyers may
 * edit these files; this schema says what a valid one looks like.
 */

const text = z.string().trim().min(1);

/** The plain meaning of each rating for one factor, shown beside what was found. */
export const RatingWording = z.strictObject({
  strong: text,
  adequate: text,
  weak: text,
  adverse: text,
  'no-evidence': text,
});

export const PlanEntry = z.strictObject({
  /** What to have, e.g. "Joint bank statements for the last 12 months". */
  item: text,
  /** Why it matters. */
  why: text,
});
export type PlanEntry = z.infer<typeof PlanEntry>;

export const RubricFactor = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a factor id in kebab case, e.g. "relationship-history"'),
  label: text,
  weight: z.number().positive().max(100),
  /** Canonical provision ids the factor speaks to, e.g. "IRPR 4(1)". */
  provisions: z.array(ProvisionId).min(1),
  /** The signal finder that rates the factor from the documents. */
  finder: z.enum(FINDER_IDS),
  /**
   * The refused kinds of application a refusal-rubric factor applies to (the ties and funds grounds of
   * a temporary residence refusal); absent: every kind. Other rubrics leave it out.
   */
  forTypes: z.array(ApplicationType).min(1).optional(),
  ratings: RatingWording,
  plan: z.strictObject({
    /** Obtainable now, suggested when the factor is weak, adverse or without evidence. */
    live: z.array(PlanEntry),
    /** Recommended additions, suggested unless the factor is strong. */
    strategic: z.array(PlanEntry),
  }),
});
export type RubricFactor = z.infer<typeof RubricFactor>;

const share = z.number().min(0).max(1);

export const Rubric = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    version: z.string().regex(/^\d+\.\d+(?:\.\d+)?$/, 'a version such as "1.0"'),
    applicationType: ApplicationType,
    /** How the rubric is named in sentences, e.g. "spousal sponsorship". */
    label: text,
    /** Share of a factor's weight each rating earns. Adverse and no-evidence earn nothing. */
    earned: z.strictObject({ strong: share, adequate: share, weak: share, adverse: z.literal(0), 'no-evidence': z.literal(0) }),
    /** Share of the total weight that must rest on evidence for high and medium confidence. */
    confidence: z.strictObject({ high: share, medium: share }),
    factors: z.array(RubricFactor).min(1),
  })
  .superRefine((rubric, ctx) => {
    const { strong, adequate, weak } = rubric.earned;
    if (!(strong >= adequate && adequate >= weak)) ctx.addIssue({ code: 'custom', path: ['earned'], message: 'ratings must earn strong ≥ adequate ≥ weak' });
    if (rubric.confidence.high < rubric.confidence.medium) ctx.addIssue({ code: 'custom', path: ['confidence'], message: 'the high threshold must not be below the medium one' });
    // One scale for every rubric: a weight is a percentage of the score, so the weights add to 100.
    const total = rubric.factors.reduce((sum, f) => sum + f.weight, 0);
    if (Math.abs(total - 100) > 1e-9) ctx.addIssue({ code: 'custom', path: ['factors'], message: `the factors' weights add to ${total}; they must add to 100` });
    const seen = new Set<string>();
    rubric.factors.forEach((f, i) => {
      if (seen.has(f.id)) ctx.addIssue({ code: 'custom', path: ['factors', i, 'id'], message: `factor id '${f.id}' is used twice` });
      seen.add(f.id);
    });
  });
export type Rubric = z.infer<typeof Rubric>;
