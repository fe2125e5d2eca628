import type { JudgeOutput } from '../../contracts/judgeOutput';

/** What the judge decides over: exactly the `inputs` recorded in its output. */
export type DecisionInputs = JudgeOutput['inputs'];

/**
 * The findings behind the counts, in legal words (never rule ids), so a rationale can name the two
 * or three that decided it: e.g. "misrepresentation (IRPA 40(1)(a))".
 */
export interface DecisionNames {
  critical?: readonly string[];
  high?: readonly string[];
  /** Statutory bars, each with its one-sentence reasoning. */
  decisive?: readonly string[];
  /** Grounds of review, strongest first. */
  grounds?: readonly string[];
  /** The refusal's own grounds (refusal analysis). */
  challenged?: readonly string[];
  /** The deadline that has passed, with its rule and date. */
  passedDeadline?: string;
}

/** At most three names, joined: the rationale cites what decided, not every finding. */
const named = (names: readonly string[] | undefined): string => {
  if (!names?.length) return '';
  const shown = names.slice(0, 3);
  const more = names.length > shown.length ? `, and ${names.length - shown.length} more` : '';
  return ` (${shown.join('; ')}${more})`;
};

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
  score: (i: DecisionInputs, _n: DecisionNames = {}) => (i.defensibilityScore === null ? `missing, counted as ${MISSING_SCORE_COUNTS_AS}` : String(i.defensibilityScore)),
  confidence: (i: DecisionInputs) => i.confidence ?? `missing, counted as ${MISSING_CONFIDENCE_COUNTS_AS}`,
  critical: (i: DecisionInputs) => String(i.criticalTriggers),
  high: (i: DecisionInputs) => String(i.highTriggers),
  criticalTriggers: (i: DecisionInputs, n: DecisionNames = {}) => count(i.criticalTriggers, 'critical refusal trigger') + named(i.criticalTriggers ? n.critical : undefined),
  highTriggers: (i: DecisionInputs, n: DecisionNames = {}) => count(i.highTriggers, 'high-severity refusal trigger') + named(i.highTriggers ? n.high : undefined),
  decisiveFindings: (i: DecisionInputs, n: DecisionNames = {}) => count(i.decisiveBars ?? 0, 'statutory bar') + named(n.decisive),
  reviewGrounds: (i: DecisionInputs, n: DecisionNames = {}) => {
    const g = i.reviewGrounds ?? { strong: 0, arguable: 0 };
    return `${count(g.strong, 'strong ground')} and ${count(g.arguable, 'arguable ground')} of review${named(n.grounds)}`;
  },
  challengedGrounds: (i: DecisionInputs, n: DecisionNames = {}) => {
    const c = i.challengedGrounds ?? { critical: 0, high: 0 };
    return `${count(c.critical + c.high, 'serious ground')} of refusal${named(n.challenged)}`;
  },
  passedDeadline: (_i: DecisionInputs, n: DecisionNames = {}) => n.passedDeadline ?? 'A deadline that governs the next step has passed',
  blocking: (i: DecisionInputs) => String(i.blockingComplianceIssues),
  blockingComplianceIssues: (i: DecisionInputs) => count(i.blockingComplianceIssues, 'blocking compliance issue'),
  verification: (i: DecisionInputs) => VERIFICATION_WORDS[i.verification],
} satisfies Record<string, (i: DecisionInputs, n?: DecisionNames) => string>;
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
export function fillTemplate(template: string, inputs: DecisionInputs, names: DecisionNames = {}): string {
  return template.replace(PLACEHOLDER_PATTERN, (whole, name: string) => (isPlaceholder(name) ? PLACEHOLDERS[name](inputs, names) : whole));
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
