import { normalizeText } from './propositionTerms';

/**
 * Explicit contradictions between a cited proposition and what an authority says. Kept small on
 * purpose: each rule names the marker in the authority's text and the claim that contradicts it.
 * Patterns run on `normalizeText` output (lower case, accents removed).
 */
export interface ContradictionRule {
  id: string;
  /** The authority's holding/propositions/summary contain this marker. */
  authoritySays: RegExp;
  /** The proposition makes this claim … */
  propositionClaims: RegExp;
  /** … unless it also says this (a negation or the accepted qualification). */
  unless?: RegExp;
  /** Why the two cannot both be right, in words a reviewer can check. */
  explanation: string;
}

const NEGATION = /\b(?:not|no|never|neither|nor|without|rather than|instead of)\b|n't\b/;

export const CONTRADICTION_RULES: readonly ContradictionRule[] = [
  {
    id: 'correctness-as-default',
    authoritySays: /presumption that reasonableness applies|reasonableness is the presumptive standard/,
    propositionClaims:
      /\b(?:presum\w*|default|general)\b[^.;]{0,40}\bcorrectness\b|\bcorrectness\b[^.;]{0,30}\b(?:presumptive|default|governing|general) standard|standard review (?:is|was|remains) correctness/,
    unless: /\bonly\b|\bexcept\w*|\bconstitutional\b|\brule of law\b|\blegislative intent\b/,
    explanation: 'the proposition treats correctness as the default standard; the decision makes reasonableness presumptive',
  },
  {
    id: 'hardship-as-threshold',
    authoritySays: /descriptive, not a set of separate thresholds|does not create three separate legal thresholds/,
    propositionClaims:
      /\b(?:must|required to|has to|have to|needs? to)\s+(?:prove|establish|show|demonstrate|meet)\b[^.;]{0,60}\bunusual and undeserved\b|\b(?:three|separate|distinct) (?:legal )?thresholds?\b|\bhardship (?:test|threshold)\b/,
    unless: NEGATION,
    explanation: 'the proposition treats the hardship wording as a threshold test; the decision holds it is descriptive only',
  },
  {
    id: 'dual-intent-as-bar',
    authoritySays: /does not on its own prevent a person from becoming a temporary resident|dual intent does not bar/,
    propositionClaims: /\bdual intent\b[^.;]{0,40}\b(?:bars?|barred|preclud\w*|disqualif\w*|fatal|prevents?|prohibit\w*)\b/,
    unless: NEGATION,
    explanation: 'the proposition treats dual intent as a bar; the provision says it does not prevent temporary residence',
  },
];

/** The first rule the proposition breaks against the authority's text, if any. */
export function findContradiction(proposition: string, authorityText: string): ContradictionRule | undefined {
  const claim = normalizeText(proposition);
  const authority = normalizeText(authorityText);
  return CONTRADICTION_RULES.find(
    (rule) => rule.authoritySays.test(authority) && rule.propositionClaims.test(claim) && !(rule.unless?.test(claim) ?? false),
  );
}
