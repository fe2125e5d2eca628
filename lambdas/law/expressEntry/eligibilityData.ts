/**
 * The Express Entry rules' data (`eligibilityRules.json`), in the provision rules' row shape
 * (`../provisions/ruleData.ts`): the code of each rule reads its row by id.
 */
import * as z from 'zod';
import { ProvisionRule } from '../provisions/ruleData';
import raw from './eligibilityRules.json';

const EligibilityRulesFile = z.strictObject({ $comment: z.string().optional(), rules: z.array(ProvisionRule).min(1) });

const rules = EligibilityRulesFile.parse(raw).rules;

export function eligibilityRule(id: string): ProvisionRule {
  const rule = rules.find((r) => r.id === id);
  if (!rule) throw new Error(`eligibilityRules.json has no rule ${id}`);
  return rule;
}

export const allEligibilityRules = (): readonly ProvisionRule[] => rules;
