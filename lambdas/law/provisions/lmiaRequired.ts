/**
 * IRPR 203(1): a work permit for a job that needs a labour market impact assessment cannot issue
 * without ESDC's assessment. Engaged when the application is LMIA-based (sub-kind `lmia`), relies
 * on no exemption (IRPR 204–205: sub-kinds `lmia-exempt:*`) and the file holds no LMIA.
 */
import type { ProvisionFinding } from '../../contracts/legalAnalysis';
import { hasDocument, type CaseInput } from '../caseInput';
import { findingOf, provisionRule } from './ruleData';

export function lmiaRequired(input: CaseInput): ProvisionFinding[] {
  const app = input.facts.application;
  if (app.kind !== 'work-permit' && input.applicationType !== 'work-permit') return [];
  if (!app.subKinds.includes('lmia') || app.subKinds.some((s) => s.startsWith('lmia-exempt:'))) return [];
  if (hasDocument(input, 'lmia')) return [];
  const rule = provisionRule('bar:work-permit-without-lmia');
  return [
    findingOf(rule, 'engaged', 'The work permit is for a job that needs a labour market impact assessment and relies on no exemption (IRPR 204–205), but the file holds no LMIA: the officer cannot make the determination IRPR 203(1) requires.', app.evidence.slice(0, 2), rule.check),
  ];
}
