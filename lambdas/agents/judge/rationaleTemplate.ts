import type { JudgeOutput } from '../../contracts/judgeOutput';

/** What the judge decides over: exactly the `inputs` recorded in its output. */
export type DecisionInputs = JudgeOutput['inputs'];

/** A missing score is read as the bottom of the scale: it can never reach a band that needs a score. */
export const MISSING_SCORE_COUNTS_AS = 0;
/** A missing confidence is read as the least confident value. */
export const MISSING_CONFIDENCE_COUNTS_AS = 'low' as const;

const count = (n: number, what: string): string => (n === 0 ? `no ${what}` : `${n} ${what}${n === 1 ? '' : 's'}`);

const VERIFICATION_WORDS: Record<DecisionInputs['verification'], string> = {
  PASS: 'passed',
  INCOMPLETE: 'incomplete',
  NOT_RUN: 'not run',
};

/** The placeholders a row's rationale template may use, and how each one reads in a sentence. */
export const PLACEHOLDERS = {
  score: (i: DecisionInputs) => (i.defensibilityScore === null ? `missing, counted as ${MISSING_SCORE_COUNTS_AS}` : String(i.defensibilityScore)),
  confidence: (i: DecisionInputs) => i.confidence ?? `missing, counted as ${MISSING_CONFIDENCE_COUNTS_AS}`,
  critical: (i: DecisionInputs) => String(i.criticalTriggers),
  high: (i: DecisionInputs) => String(i.highTriggers),
  criticalTriggers: (i: DecisionInputs) => count(i.criticalTriggers, 'critical refusal trigger'),
  highTriggers: (i: DecisionInputs) => count(i.highTriggers, 'high-severity refusal trigger'),
  blocking: (i: DecisionInputs) => String(i.blockingComplianceIssues),
  blockingComplianceIssues: (i: DecisionInputs) => count(i.blockingComplianceIssues, 'blocking compliance issue'),
  verification: (i: DecisionInputs) => VERIFICATION_WORDS[i.verification],
} satisfies Record<string, (i: DecisionInputs) => string>;
export type Placeholder = keyof typeof PLACEHOLDERS;

const PLACEHOLDER_PATTERN = /\{([^{}]*)\}/g;

/** The names inside `{…}` in a template, in order of appearance. */
export function placeholdersIn(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER_PATTERN)].map((m) => m[1]);
}

export function isPlaceholder(name: string): name is Placeholder {
  return Object.prototype.hasOwnProperty.call(PLACEHOLDERS, name);
}

/** Fills a (validated) template with the inputs; an unknown placeholder is left as written. */
export function fillTemplate(template: string, inputs: DecisionInputs): string {
  return template.replace(PLACEHOLDER_PATTERN, (whole, name: string) => (isPlaceholder(name) ? PLACEHOLDERS[name](inputs) : whole));
}

/**
 * Wording that promises a result. A rationale explains which inputs led to an outcome; it never
 * says what an officer or a court will do (DESIGN §4: no "guaranteed" / "will be approved").
 */
const PROMISE_PATTERNS: ReadonlyArray<RegExp> = [
  /\bguarantee/i,
  /\bwill (?:certainly |surely )?(?:be )?(?:approved|granted|issued|accepted|allowed|successful|succeed|win|refused|denied|dismissed)\b/i,
  /\b(?:certain|sure|bound) to (?:succeed|be approved|be granted|win|fail)\b/i,
  /\bassured\b/i,
  /\b(?:no|zero) risk\b/i,
];

/** The first promise-of-outcome phrase in `text`, or undefined. */
export function findPromiseLanguage(text: string): string | undefined {
  for (const pattern of PROMISE_PATTERNS) {
    const m = pattern.exec(text);
    if (m) return m[0];
  }
  return undefined;
}
