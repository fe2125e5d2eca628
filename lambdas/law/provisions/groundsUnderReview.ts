/**
 * In a refusal file, the officer's own grounds of misrepresentation (IRPA 40(1)(a)) and bad faith
 * (IRPR 4(1)) are what the challenge answers: shown as findings so the report can name them, never
 * decisive (a refusal ground is no reason to abandon its challenge).
 */
import type { ProvisionFinding } from '../../contracts/legalAnalysis';
import { evidenceOf, isRefusalFile, type CaseInput } from '../caseInput';
import { hasCue, type LawCue } from '../lexicon';
import { findingOf, provisionRule } from './ruleData';

const GROUNDS: ReadonlyArray<{ cue: LawCue; ruleId: string; words: string }> = [
  { cue: 'misrepresentationGround', ruleId: 'ground-under-review:misrepresentation', words: 'misrepresentation (IRPA 40(1)(a))' },
  { cue: 'badFaithGround', ruleId: 'ground-under-review:bad-faith', words: 'a relationship in bad faith (IRPR 4(1))' },
];

export function groundsUnderReview(input: CaseInput): ProvisionFinding[] {
  if (!isRefusalFile(input)) return [];
  const out: ProvisionFinding[] = [];
  for (const g of GROUNDS) {
    const stated = input.facts.officerFindings.filter((f) => f.kind === 'ground' && hasCue(g.cue, f.subject));
    if (stated.length === 0) continue;
    const rule = provisionRule(g.ruleId);
    out.push(findingOf(rule, 'engaged', `The refusal rests on the officer's finding of ${g.words}; that finding is the ground under challenge, not a bar against the person challenging it.`, evidenceOf(...stated), rule.check));
  }
  return out;
}
