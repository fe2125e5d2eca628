/** The deadline rules' data (`deadlineRules.json`), checked against its schema once. */
import * as z from 'zod';
import raw from './deadlineRules.json';

export const DeadlineRule = z.strictObject({
  id: z.string().regex(/^[a-z-]+$/),
  label: z.string().min(1),
  rule: z.string().min(1),
  period: z.strictObject({ days: z.number().int().nonnegative().optional(), outsideCanadaDays: z.number().int().positive().optional(), years: z.number().int().positive().optional() }),
  /** The law's words for the period. */
  law: z.string().min(1),
});
export type DeadlineRule = z.infer<typeof DeadlineRule>;

const rules = z.strictObject({ $comment: z.string().optional(), deadlines: z.array(DeadlineRule).min(1) }).parse(raw).deadlines;

export function deadlineRule(id: string): DeadlineRule {
  const rule = rules.find((r) => r.id === id);
  if (!rule) throw new Error(`deadlineRules.json has no deadline ${id}`);
  return rule;
}
