import * as z from 'zod';
import { VerificationState } from '../../contracts/findings';
import { findPromiseLanguage, isPlaceholder, placeholdersIn, PLACEHOLDERS } from './rationaleTemplate';

/**
 * The schema of `decisionTables.json`: one ordered decision table per workflow that ends in a
 * decision or verdict. Besides the shape, it enforces the safety rules a lawyer editing the file
 * must not be able to break by accident:
 *
 * - an outcome marked `goAhead` (PROCEED, GO, APPROVE, APPEAL) comes only from a row that rules out
 *   an INCOMPLETE verification, requires zero critical triggers and requires a score of at least 1
 *   (so a missing score, read as 0, never reaches it); in a table whose `complianceIssuesBlockGoAhead`
 *   is true (the default: every table but refusal-analysis, whose go-ahead is a court challenge, not
 *   a filing), it also requires zero blocking compliance issues;
 * - the last row matches everything (the catch-all) and gives the table's cautious outcome, which is
 *   not a go-ahead; no earlier row matches everything (it would hide the rows below it);
 * - row ids are unique across the whole file, rationale templates are one line, use only known
 *   placeholders and never promise a result.
 */

/** The workflows whose audits end in a decision or verdict (DESIGN §2). */
export const JUDGED_WORKFLOWS = ['risk-audit', 'initial-assessment', 'final-review', 'refusal-analysis'] as const;
export const JudgedWorkflow = z.enum(JUDGED_WORKFLOWS);
export type JudgedWorkflow = z.infer<typeof JudgedWorkflow>;

/** risk-audit ends in a `decision`; the others in a `verdict` (the JudgeOutput contract). */
export const KIND_BY_WORKFLOW: Record<JudgedWorkflow, 'decision' | 'verdict'> = {
  'risk-audit': 'decision',
  'initial-assessment': 'verdict',
  'final-review': 'verdict',
  'refusal-analysis': 'verdict',
};

export const Confidence = z.enum(['high', 'medium', 'low']);

function rangeOf(value: z.ZodNumber) {
  return z
    .strictObject({ min: value.optional(), max: value.optional() })
    .refine((r) => r.min !== undefined || r.max !== undefined, { message: 'a range needs min, max or both' })
    .refine((r) => r.min === undefined || r.max === undefined || r.min <= r.max, { message: 'min must not be greater than max' });
}

/** Inclusive range of defensibility scores (0–100). */
export const ScoreRange = rangeOf(z.number().int().min(0).max(100));
export type ScoreRange = z.infer<typeof ScoreRange>;
/** Inclusive range of trigger (or compliance issue) counts. */
export const CountRange = rangeOf(z.number().int().min(0));
export type CountRange = z.infer<typeof CountRange>;

/** What must hold for a row to apply; an absent condition holds for any value. `{}` is the catch-all. */
export const RowConditions = z
  .strictObject({
    score: ScoreRange.optional(),
    scoreMissing: z.boolean().optional(),
    critical: CountRange.optional(),
    high: CountRange.optional(),
    /** How many compliance issues of severity critical or high the gatekeeper found. */
    blockingCompliance: CountRange.optional(),
    confidence: z.array(Confidence).min(1).optional(),
    verification: z.array(VerificationState).min(1).optional(),
    /** How many statutory bars the legal rules found engaged (decisive on their own). */
    decisive: CountRange.optional(),
    /** Whether a deadline that governs the next step has passed. */
    deadlinePassed: z.boolean().optional(),
    /** Refusal analysis: how many strong grounds of review the record gives. */
    strongGrounds: CountRange.optional(),
    /** Refusal analysis: how many grounds of review, strong or arguable. */
    grounds: CountRange.optional(),
    /** Refusal analysis: how many of the refusal's own grounds are critical (e.g. misrepresentation). */
    challengedCritical: CountRange.optional(),
    /**
     * Refusal analysis: how many of the refusal's findings about the person or the relationship
     * itself (misrepresentation, a relationship in bad faith) the legal rules name as the ground under
     * challenge: findings a new application would meet again while they stand.
     */
    challengedFindings: CountRange.optional(),
  })
  .refine((w) => !(w.score && w.scoreMissing !== undefined), {
    message: "use either 'score' or 'scoreMissing' in one row, not both",
    path: ['scoreMissing'],
  });
export type RowConditions = z.infer<typeof RowConditions>;

const RationaleTemplate = z
  .string()
  .trim()
  .min(1)
  .superRefine((text, ctx) => {
    if (/[\r\n]/.test(text)) ctx.addIssue({ code: 'custom', message: 'the rationale template must be one line' });
    for (const name of placeholdersIn(text)) {
      if (!isPlaceholder(name)) {
        ctx.addIssue({ code: 'custom', message: `unknown placeholder {${name}}; known: ${Object.keys(PLACEHOLDERS).map((p) => `{${p}}`).join(', ')}` });
      }
    }
    const promise = findPromiseLanguage(text);
    if (promise) ctx.addIssue({ code: 'custom', message: `the rationale promises a result ("${promise}"); say which inputs led to the outcome instead` });
  });

export const DecisionRow = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, 'row ids are lower-case words joined by dashes'),
  when: RowConditions,
  outcome: z.string().min(1),
  /** One line; may use the placeholders of rationaleTemplate.ts, e.g. `{score}`, `{highTriggers}`. */
  rationale: RationaleTemplate,
});
export type DecisionRow = z.infer<typeof DecisionRow>;

export const OutcomeDefinition = z.strictObject({
  /** What the outcome tells the lawyer and the client, in plain words. */
  meaning: z.string().min(1),
  /** A go-ahead (file, submit, litigate): guarded by the rules above. */
  goAhead: z.boolean(),
  /**
   * A confident adverse outcome (HIGH-RISK, NO-GO, ABANDON): never given on evidence too thin to
   * carry it (low confidence, unrecognised application type) unless a statutory bar or a passed
   * deadline decided it; the table's cautious outcome is given instead, marked provisional.
   */
  adverse: z.boolean().default(false),
});
export type OutcomeDefinition = z.infer<typeof OutcomeDefinition>;

const isCatchAll = (w: RowConditions) => Object.keys(w).length === 0;

/**
 * Why a go-ahead row is unsafe, or undefined when it is safe. `complianceBlocks`: the table's
 * `complianceIssuesBlockGoAhead` (a blocking compliance issue rules the go-ahead out).
 */
export function goAheadRowProblem(w: RowConditions, complianceBlocks = true, verificationBlocks = true): string | undefined {
  if (verificationBlocks && !w.verification) return "it has no 'verification' condition, so it could apply when verification is INCOMPLETE";
  if (verificationBlocks && w.verification!.includes('INCOMPLETE')) return "its 'verification' condition admits INCOMPLETE";
  if (!w.decisive || w.decisive.max !== 0) return "it must require no statutory bar ('decisive': { \"max\": 0 })";
  if (w.deadlinePassed !== false) return "it must require that no governing deadline has passed ('deadlinePassed': false)";
  if (!w.critical || w.critical.max !== 0) return "it must require no critical trigger ('critical': { \"max\": 0 })";
  if (complianceBlocks && (!w.blockingCompliance || w.blockingCompliance.max !== 0)) {
    return "it must require no blocking compliance issue ('blockingCompliance': { \"max\": 0 }), since the table's complianceIssuesBlockGoAhead is true";
  }
  if (w.scoreMissing === true) return 'it applies when the score is missing';
  if (!w.score || w.score.min === undefined || w.score.min < 1) return "it must require a score of at least 1 ('score': { \"min\": … }), so a missing score never reaches it";
  return undefined;
}

export const DecisionTable = z
  .strictObject({
    kind: z.enum(['decision', 'verdict']),
    description: z.string().min(1),
    outcomes: z.record(z.string().regex(/^[A-Z][A-Z-]*$/, 'outcomes are upper-case words joined by dashes'), OutcomeDefinition),
    /** What the table gives when it cannot support more: an INCOMPLETE audit's usual outcome and the catch-all's. */
    cautiousOutcome: z.string().min(1),
    /**
     * True (the default): a go-ahead needs zero blocking compliance issues (critical or high: what
     * must change before filing, such as an expired passport). False only where the go-ahead is not
     * a filing of the application (refusal-analysis: APPEAL challenges the refusal in court).
     */
    complianceIssuesBlockGoAhead: z.boolean().default(true),
    /**
     * True (the default): a go-ahead needs every citation verified. False only where the citations
     * checked are the client's own draft and the research behind a challenge (refusal-analysis): an
     * unverified citation there is a required fix and makes the outcome provisional, never the verdict.
     */
    verificationBlocksGoAhead: z.boolean().default(true),
    rows: z.array(DecisionRow).min(1),
  })
  .superRefine((table, ctx) => {
    const outcomes = table.outcomes;
    const cautious = outcomes[table.cautiousOutcome];
    if (!cautious) {
      ctx.addIssue({ code: 'custom', path: ['cautiousOutcome'], message: `'${table.cautiousOutcome}' is not one of the table's outcomes (${Object.keys(outcomes).join(', ')})` });
    } else if (cautious.goAhead) {
      ctx.addIssue({ code: 'custom', path: ['cautiousOutcome'], message: `'${table.cautiousOutcome}' is a go-ahead and cannot be the cautious outcome` });
    }
    const seen = new Set<string>();
    const last = table.rows.length - 1;
    table.rows.forEach((row, i) => {
      if (seen.has(row.id)) ctx.addIssue({ code: 'custom', path: ['rows', i, 'id'], message: `duplicate row id '${row.id}'` });
      seen.add(row.id);
      const outcome = outcomes[row.outcome];
      if (!outcome) {
        ctx.addIssue({ code: 'custom', path: ['rows', i, 'outcome'], message: `'${row.outcome}' is not one of the table's outcomes (${Object.keys(outcomes).join(', ')})` });
      } else if (outcome.goAhead) {
        const problem = goAheadRowProblem(row.when, table.complianceIssuesBlockGoAhead, table.verificationBlocksGoAhead);
        if (problem) ctx.addIssue({ code: 'custom', path: ['rows', i, 'when'], message: `gives the go-ahead '${row.outcome}' but ${problem}` });
      }
      if (i < last && isCatchAll(row.when)) {
        ctx.addIssue({ code: 'custom', path: ['rows', i, 'when'], message: 'matches everything, so the rows after it could never apply; only the last row may be the catch-all' });
      }
    });
    const final = table.rows[last];
    if (!isCatchAll(final.when)) {
      ctx.addIssue({ code: 'custom', path: ['rows', last, 'when'], message: "the last row must be the catch-all (an empty 'when': {}), so every case gets an outcome" });
    } else if (final.outcome !== table.cautiousOutcome) {
      ctx.addIssue({ code: 'custom', path: ['rows', last, 'outcome'], message: `the catch-all must give the cautious outcome '${table.cautiousOutcome}', not '${final.outcome}'` });
    }
  });
export type DecisionTable = z.infer<typeof DecisionTable>;

export const DecisionTables = z
  .strictObject({
    version: z.string().min(1),
    description: z.string().min(1),
    tables: z.strictObject({
      'risk-audit': DecisionTable,
      'initial-assessment': DecisionTable,
      'final-review': DecisionTable,
      'refusal-analysis': DecisionTable,
    }),
  })
  .superRefine((file, ctx) => {
    const owner = new Map<string, string>();
    for (const workflow of JUDGED_WORKFLOWS) {
      const table = file.tables[workflow];
      if (table.kind !== KIND_BY_WORKFLOW[workflow]) {
        ctx.addIssue({ code: 'custom', path: ['tables', workflow, 'kind'], message: `must be '${KIND_BY_WORKFLOW[workflow]}' for ${workflow}` });
      }
      table.rows.forEach((row, i) => {
        const other = owner.get(row.id);
        if (other && other !== workflow) {
          ctx.addIssue({ code: 'custom', path: ['tables', workflow, 'rows', i, 'id'], message: `row id '${row.id}' is already used in table '${other}'; ids are unique across the file` });
        }
        owner.set(row.id, workflow);
      });
    }
  });
export type DecisionTables = z.infer<typeof DecisionTables>;

export function isJudgedWorkflow(type: string): type is JudgedWorkflow {
  return (JUDGED_WORKFLOWS as readonly string[]).includes(type);
}
