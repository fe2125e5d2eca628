/**
 * The provision rules' data (`provisionRules.json`): for each rule its provision, title, severity,
 * whether it is a bar, the law's words for its preconditions and what to verify when the file
 * cannot tell. The code of each rule reads its row by id.
 */
import * as z from 'zod';
import { ProvisionId, Severity } from '../../contracts/findings';
import type { ProvisionFinding } from '../../contracts/legalAnalysis';
import raw from './provisionRules.json';

export const ProvisionRule = z.strictObject({
  id: z.string().regex(/^[a-z-]+:[a-z0-9-]+$/),
  provision: ProvisionId,
  title: z.string().min(1),
  severity: Severity,
  decisive: z.boolean(),
  /** The file holding the rule's preconditions as code. */
  code: z.string().regex(/^[A-Za-z]+\.ts$/),
  /** The preconditions in the law's words. */
  law: z.array(z.string().min(1)).min(1),
  check: z.string().min(1),
});
export type ProvisionRule = z.infer<typeof ProvisionRule>;

const RulesFile = z.strictObject({ $comment: z.string().optional(), rules: z.array(ProvisionRule).min(1) });

/** A table of rule rows read from a JSON data file: each rule's code reads its row by id. */
export interface RuleTable {
  rule(id: string): ProvisionRule;
  all(): readonly ProvisionRule[];
}

/** Parses a rules file (`fileName` names it in errors) into a table; a malformed file fails at load. */
export function ruleTable(fileName: string, raw: unknown): RuleTable {
  const rules = RulesFile.parse(raw).rules;
  return {
    rule(id) {
      const rule = rules.find((r) => r.id === id);
      if (!rule) throw new Error(`${fileName} has no rule ${id}`);
      return rule;
    },
    all: () => rules,
  };
}

const provisionRules = ruleTable('provisionRules.json', raw);

export const provisionRule = (id: string): ProvisionRule => provisionRules.rule(id);

export const allProvisionRules = (): readonly ProvisionRule[] => provisionRules.all();

/** A finding of the rule: its row's provision, severity, bar and title, with this file's reasoning and facts. */
export function findingOf(
  rule: ProvisionRule,
  status: ProvisionFinding['status'],
  reasoning: string,
  facts: ProvisionFinding['facts'],
  check?: string,
): ProvisionFinding {
  return {
    ruleId: rule.id,
    provision: rule.provision,
    status,
    // A rule that cannot be established is a lead, not a bar: one step less serious.
    severity: status === 'engaged' ? rule.severity : rule.severity === 'critical' ? 'high' : rule.severity,
    decisive: rule.decisive && status === 'engaged',
    title: rule.title,
    reasoning,
    facts,
    ...(status === 'check' || check ? { check: check ?? rule.check } : {}),
  };
}
