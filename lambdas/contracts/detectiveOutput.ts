import * as z from 'zod';

/** The Detective's output: research issues and the authorities it retrieved and cites. */

export const ResearchSourceName = z.enum(['bundled-index', 'mcp', 'bedrock-kb', 'canlii']);
export type ResearchSourceName = z.infer<typeof ResearchSourceName>;

/** One hit from a research source (a decision, a provision, or a policy/program-instruction passage). */
export const ResearchHit = z.strictObject({
  kind: z.enum(['case', 'provision', 'policy']),
  /** Neutral or reporter citation for a case, canonical id for a provision (`IRPA 40(1)(a)`), a title/URL for policy. */
  citation: z.string().min(1),
  /** Style of cause for a case, title for a provision or policy. */
  name: z.string().optional(),
  /** What the source says the authority stands for (holding / summary / passage). */
  summary: z.string(),
  topics: z.array(z.string()).default([]),
  score: z.number(),
  source: ResearchSourceName,
  /** Status as reported by the source, when it knows (the bundled index does). */
  status: z.enum(['good-law', 'overtaken-in-part', 'overruled', 'superseded', 'unknown']).default('unknown'),
  url: z.string().optional(),
});
export type ResearchHit = z.infer<typeof ResearchHit>;

export const ResearchIssue = z.strictObject({
  id: z.string(),
  /** Plain statement of the issue, e.g. "prior refusal not disclosed: misrepresentation risk". */
  description: z.string(),
  query: z.string(),
  topics: z.array(z.string()),
  /** Why the detective looked into it (a profile fact or the application type), never document text beyond a short label. */
  reason: z.string(),
});
export type ResearchIssue = z.infer<typeof ResearchIssue>;

export const Authority = z.strictObject({
  kind: z.enum(['case', 'provision', 'policy']),
  citation: z.string(),
  name: z.string().optional(),
  /** The proposition the authority is cited for in this audit (checked by the verifier against the holding). */
  proposition: z.string(),
  issueId: z.string(),
  source: ResearchSourceName,
  score: z.number(),
  confidence: z.enum(['high', 'medium', 'low']),
  /** Set when this authority replaces one that failed verification. */
  replaces: z.string().optional(),
  /** For a provision: its words, verbatim from the consolidated statute (a passage, with `…` where cut). */
  quote: z.string().optional(),
});
export type Authority = z.infer<typeof Authority>;

export const DetectiveOutput = z.strictObject({
  plan: z.array(ResearchIssue),
  authorities: z.array(Authority),
  similarCases: z.array(Authority),
  deepResearch: z.strictObject({ status: z.enum(['done', 'skipped']), reason: z.string(), findings: z.array(Authority) }),
  researchCalls: z.strictObject({ used: z.number().int().nonnegative(), limit: z.number().int().positive() }),
  /** Retrieved but not cited (e.g. overruled per the source, over the tier's citation limit). */
  excluded: z.array(z.strictObject({ citation: z.string(), reason: z.string() })),
  notes: z.array(z.string()),
});
export type DetectiveOutput = z.infer<typeof DetectiveOutput>;
