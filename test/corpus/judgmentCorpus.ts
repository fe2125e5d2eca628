/**
 * The judgment corpus (test/corpus/judgment/<slug>/): whole case folders, each with what a careful
 * Canadian immigration lawyer expects of its audit (expected.json; format in
 * test/corpus/judgment/README.md). Read by the judgment bench (bench/judgment.ts) and checked by
 * test/integration/judgment/judgmentCorpus.test.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { ProvisionId } from '../../lambdas/contracts/findings';
import { ApplicationType } from '../../lambdas/contracts/intakeOutput';
import { TIERS, WORKFLOW_TYPES, type WorkflowType } from '../../workflows/schema';
import { getWorkflow } from '../../workflows/registry';

export const JUDGMENT_ROOT = join(__dirname, 'judgment');

/** The outcomes that tell a client to stop or not to file: never acceptable on a strong file. */
export const ALARM_OUTCOMES = ['HIGH-RISK', 'NO-GO', 'ABANDON'] as const;
/** The favourable outcome of each judged workflow: a strong file must accept it. */
export const FAVOURABLE_OUTCOMES: Partial<Record<WorkflowType, string>> = {
  'risk-audit': 'PROCEED',
  'initial-assessment': 'GO',
  'final-review': 'APPROVE',
  'refusal-analysis': 'APPEAL',
};
/** Workflows with no judge: their expectations are on the document checklist. */
export const CHECKLIST_WORKFLOWS: readonly WorkflowType[] = ['document-list', 'client-guidance'];

/** A calendar day that exists (2026-02-30 does not). */
export const RealDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s, 'a real calendar day');

/** A checklist item id as lambdas/core/checklists/checklists.json names them (`passport`, `gcms-notes`), or one a lawyer expects it to have (`caq`). */
const ChecklistItemId = z.string().regex(/^[a-z][a-z0-9-]*$/, 'a checklist item id such as "gcms-notes"');

/** An expected provision: one canonical id, or alternatives of which any one flagged counts (`["IRPR 203(1)", "IRPR 200(1)(c)(iii)"]`). */
export const ExpectedProvision = z.union([ProvisionId, z.array(ProvisionId).min(2)]);
export type ExpectedProvision = z.infer<typeof ExpectedProvision>;

export const DEADLINE_IDS = ['jr-leave', 'iad-sponsorship-appeal', 'restoration', 'misrepresentation-period', 'express-entry-ita', 'passport-expiry'] as const;

export const JudgmentExpectation = z
  .strictObject({
    about: z.string().min(10),
    workflow: z.enum(WORKFLOW_TYPES),
    language: z.enum(['en', 'fr']),
    tier: z.enum(TIERS).optional(),
    /** The audit's date: deadlines are counted from it. */
    asOf: RealDay,
    strong: z.boolean(),
    /** Judged workflows: the outcomes a lawyer would sign. */
    acceptable: z.array(z.string()).min(1).optional(),
    /** Checklist workflows: the application type the checklist is drawn for. */
    applicationType: ApplicationType.optional(),
    /** Checklist workflows: item ids that must be listed missing / must not be. */
    missing: z.array(ChecklistItemId).optional(),
    notMissing: z.array(ChecklistItemId).optional(),
    provisions: z.strictObject({
      /** Provisions a lawyer expects flagged, as engaged or as a check. */
      expected: z.array(ExpectedProvision),
      /** Provisions that must not be flagged on this file. */
      inapplicable: z.array(ProvisionId),
    }),
    deadlines: z.array(z.strictObject({ id: z.enum(DEADLINE_IDS), due: RealDay })).optional(),
    forum: z.enum(['iad-appeal', 'federal-court-leave', 'none']).optional(),
    why: z.string().min(40),
  })
  .superRefine((e, ctx) => {
    const issue = (message: string, path: (string | number)[]) => ctx.addIssue({ code: 'custom', message, path });
    const outcomes = getWorkflow(e.workflow).outcomes;
    if (CHECKLIST_WORKFLOWS.includes(e.workflow)) {
      if (e.acceptable) issue(`${e.workflow} has no judge: put expectations on the checklist, not outcomes`, ['acceptable']);
      if (!e.applicationType) issue('a checklist item needs the applicationType its checklist is drawn for', ['applicationType']);
      if (!e.missing?.length && !e.notMissing?.length) issue('a checklist item needs missing and/or notMissing', ['missing']);
      if (e.strong) issue('strong files are judged files (their favourable outcome is acceptable)', ['strong']);
    } else {
      if (!e.acceptable) issue(`${e.workflow} is judged: list the acceptable outcomes`, ['acceptable']);
      for (const [i, o] of (e.acceptable ?? []).entries()) if (!outcomes.includes(o)) issue(`"${o}" is not an outcome of ${e.workflow} (${outcomes.join(', ')})`, ['acceptable', i]);
      if (new Set(e.acceptable).size !== e.acceptable?.length) issue('acceptable outcomes repeat', ['acceptable']);
      if (e.strong) {
        const favourable = FAVOURABLE_OUTCOMES[e.workflow]!;
        if (!e.acceptable?.includes(favourable)) issue(`a strong ${e.workflow} file must accept ${favourable}`, ['acceptable']);
        if (e.acceptable?.some((o) => (ALARM_OUTCOMES as readonly string[]).includes(o))) issue('a strong file never accepts an alarm outcome', ['acceptable']);
      }
      if (e.missing || e.notMissing || e.applicationType) issue('checklist expectations belong to document-list and client-guidance items', ['missing']);
    }
    const expected = new Set(e.provisions.expected.flat());
    for (const [i, p] of e.provisions.inapplicable.entries()) if (expected.has(p)) issue(`${p} is both expected and inapplicable`, ['provisions', 'inapplicable', i]);
    for (const [i, p] of (e.missing ?? []).entries()) if (e.notMissing?.includes(p)) issue(`${p} is both missing and not missing`, ['missing', i]);
    for (const [i, d] of (e.deadlines ?? []).entries()) {
      if (d.id !== 'misrepresentation-period' && d.due > addDays(e.asOf, 400)) issue(`deadline ${d.id} due ${d.due} is implausibly far from the audit's date ${e.asOf}`, ['deadlines', i]);
    }
    if (e.forum && e.workflow !== 'refusal-analysis') issue('the forum is for refusal-analysis items', ['forum']);
  });
export type JudgmentExpectation = z.infer<typeof JudgmentExpectation>;

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export interface JudgmentItem {
  slug: string;
  folder: string;
  /** The documents' file names (every file but expected.json). */
  documents: string[];
  /** Parsed as written; validate with `JudgmentExpectation.safeParse` (the test does, the bench trusts it). */
  raw: unknown;
  expected: JudgmentExpectation;
}

/** Every item (folders with an expected.json), sorted by slug. */
export function loadJudgmentCorpus(root = JUDGMENT_ROOT): JudgmentItem[] {
  if (!existsSync(root)) return [];
  const items: JudgmentItem[] = [];
  for (const slug of readdirSync(root).sort()) {
    const folder = join(root, slug);
    if (!statSync(folder).isDirectory() || !existsSync(join(folder, 'expected.json'))) continue;
    const raw = JSON.parse(readFileSync(join(folder, 'expected.json'), 'utf8')) as unknown;
    const documents = readdirSync(folder).filter((f) => f !== 'expected.json' && !f.startsWith('.')).sort();
    items.push({ slug, folder, documents, raw, expected: raw as JudgmentExpectation });
  }
  return items;
}

/**
 * True when a flagged provision answers an expected (or inapplicable) one: the same id, or one a
 * sub-provision of the other (`IRPR 216(1)` flagged for `IRPR 216(1)(b)`, `IRPR 132(1)(b)(i)` for `IRPR 132(1)`).
 */
export function sameProvision(flagged: string, listed: string): boolean {
  const a = flagged.replace(/\s+/g, ' ').trim();
  const b = listed.replace(/\s+/g, ' ').trim();
  return a === b || a.startsWith(`${b}(`) || b.startsWith(`${a}(`);
}

/**
 * True when a flagged provision falls within an inapplicable one: the same id or a subdivision of it
 * (`IRPR 200(1)(c)(iii)` within `IRPR 200(1)(c)`), never a mere parent (a flag on `IRPR 200(1)` for the
 * applicant's ties is not the LMIA flag `IRPR 200(1)(c)(iii)` a lawyer ruled out).
 */
export function withinProvision(flagged: string, listed: string): boolean {
  const a = flagged.replace(/\s+/g, ' ').trim();
  const b = listed.replace(/\s+/g, ' ').trim();
  return a === b || a.startsWith(`${b}(`);
}
