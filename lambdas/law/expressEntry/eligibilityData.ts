/**
 * The Express Entry rules' data (`eligibilityRules.json`), in the provision rules' row shape
 * (`../provisions/ruleData.ts`): the code of each rule reads its row by id.
 */
import { ruleTable, type ProvisionRule } from '../provisions/ruleData';
import raw from './eligibilityRules.json';

const eligibilityRules = ruleTable('eligibilityRules.json', raw);

export const eligibilityRule = (id: string): ProvisionRule => eligibilityRules.rule(id);

export const allEligibilityRules = (): readonly ProvisionRule[] => eligibilityRules.all();
