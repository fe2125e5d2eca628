import type { LegalAnalysis } from '../../contracts/legalAnalysis';
import type { DecisionInputs, DecisionNames } from './rationaleTemplate';

type LegalInputs = Pick<DecisionInputs, 'decisiveBars' | 'deadlinePassed' | 'reviewGrounds' | 'challengedFindings'>;

/** The rules (lambdas/law/provisions/groundsUnderReview.ts) that name the refusal's own finding about the person as the ground under challenge. */
const GROUND_UNDER_REVIEW = 'ground-under-review:';

/**
 * What the decision table reads from the gatekeeper's legal analysis: the statutory bars engaged
 * (decisive on their own), whether a deadline governing the next step has passed, and for a refusal
 * the grounds of review by strength; with the words that name them in the rationale.
 *
 * In a refusal analysis the governing deadline is the forum's (leave for judicial review, or the
 * appeal to the Immigration Appeal Division); elsewhere, any deadline the rules rated critical once
 * passed (an invitation to apply that has lapsed). A period that runs (the five years after a
 * misrepresentation finding) is a bar's business, not a deadline's.
 */
export function legalInputs(legal: LegalAnalysis | undefined, refusalAnalysis: boolean): { inputs: LegalInputs; names: DecisionNames } {
  if (!legal) return { inputs: {}, names: {} };
  const bars = legal.findings.filter((f) => f.decisive && f.status === 'engaged');
  const governing = refusalAnalysis && legal.review?.forum.deadline ? legal.deadlines.filter((d) => d.id === legal.review!.forum.deadline) : legal.deadlines;
  const passed = governing.find((d) => d.status === 'passed' && d.severity === 'critical');
  const grounds = refusalAnalysis ? (legal.review?.grounds ?? []) : [];
  const strongFirst = [...grounds].sort((a, b) => (a.strength === b.strength ? 0 : a.strength === 'strong' ? -1 : 1));
  return {
    inputs: {
      decisiveBars: bars.length,
      deadlinePassed: passed !== undefined,
      ...(refusalAnalysis
        ? {
            reviewGrounds: { strong: grounds.filter((g) => g.strength === 'strong').length, arguable: grounds.filter((g) => g.strength === 'arguable').length },
            challengedFindings: legal.findings.filter((f) => f.ruleId.startsWith(GROUND_UNDER_REVIEW) && f.status === 'engaged').length,
          }
        : {}),
    },
    names: {
      decisive: bars.map((b) => `${b.title}, ${b.provision}: ${b.reasoning.replace(/\.$/, '')}`),
      grounds: strongFirst.map((g) => g.reasoning.replace(/\.$/, '')),
      ...(passed ? { passedDeadline: passedWords(passed) } : {}),
    },
  };
}

/** "The time limit for the application for leave … ran out on 2026-03-19 (IRPA 72(2)(b), 60 days …)". */
function passedWords(d: LegalAnalysis['deadlines'][number]): string {
  const what = `${d.label.charAt(0).toLowerCase()}${d.label.slice(1)}`;
  return `The time limit for the ${what} ran out${d.due ? ` on ${d.due}` : ''} (${d.rule}, ${d.period})`;
}

/** A trigger as the rationale names it: its provision, and the gatekeeper's one line when short. */
export function triggerName(trigger: { provision?: string; summary?: string }): string {
  const summary = trigger.summary && trigger.summary.length <= 140 ? trigger.summary.replace(/\.$/, '') : undefined;
  if (trigger.provision && summary) return `${trigger.provision}: ${summary}`;
  return trigger.provision ?? summary ?? 'a refusal trigger';
}
