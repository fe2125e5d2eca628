import type { CaseEntry, Provision, Topic } from '../../../core/caselaw/indexSchema';
import { findContradiction } from './contradictionRules';
import { describeConflict, findPolarityConflict, readStatements, type PolarStatement } from './propositionPolarity';
import { contentStems, TOPIC_WORDS, topicsOf } from './propositionTerms';

/**
 * Whether a cited proposition is consistent with what an authority stands for: a transparent
 * lexical measure, not a judgement of legal correctness.
 *
 *   coverage = share of the proposition's content stems found in the authority's text
 *              (holding + propositions + topic words for a decision; title + summary + keywords +
 *              topic words for a provision), after stop-word removal and light stemming;
 *   topic    = +1 when a topic cued by the proposition is one of the authority's topics,
 *               0 when the proposition cues no topic, −1 when it cues only other topics;
 *   score    = coverage + TOPIC_WEIGHT × topic.
 *
 * Consistent when score ≥ PROPOSITION_THRESHOLD, no explicit contradiction rule fires, and the
 * proposition does not point the other way from the authority's closest statement (negation and
 * contrast: "held that X is not the case", "rejected the argument that X", "did not", "no longer",
 * "declined to" …; see `propositionPolarity.ts`). So a proposition on the authority's topic passes
 * with ≥ 20 % coverage, one with no topic cue needs ≥ 40 %, and one cueing only other topics needs
 * ≥ 60 %. A proposition with no content words is not compared (nothing to check).
 *
 * The failure reason names what decided it: the rule, the negation cue and the words it covers, or
 * the coverage and topics.
 */
export const PROPOSITION_THRESHOLD = 0.4;
export const TOPIC_WEIGHT = 0.2;

export interface PropositionSubject {
  /** All the text the proposition is compared with. */
  text: string;
  stems: ReadonlySet<string>;
  topics: readonly Topic[];
  /** The authority's statements (holding sentences and propositions; title and summary), each with its polarity. */
  statements: readonly PolarStatement[];
}

export interface PropositionVerdict {
  consistent: boolean;
  /** False when the proposition had no content words to compare. */
  compared: boolean;
  coverage: number;
  topicAgreement: 'agree' | 'none' | 'disagree';
  score: number;
  propositionTopics: Topic[];
  /** Why it is inconsistent, without quoting the proposition (it may come from a client's document). */
  reason?: string;
}

function subject(statements: readonly string[], topics: readonly Topic[]): PropositionSubject {
  const full = [...statements, ...topics.map((t) => TOPIC_WORDS[t])].join('. ');
  return { text: full, stems: contentStems(full), topics, statements: statements.flatMap(readStatements) };
}

const caseSubjects = new WeakMap<CaseEntry, PropositionSubject>();
const provisionSubjects = new WeakMap<Provision, PropositionSubject>();

export function subjectOfCase(entry: CaseEntry): PropositionSubject {
  let found = caseSubjects.get(entry);
  if (!found) {
    found = subject([entry.holding, ...entry.propositions], entry.topics);
    caseSubjects.set(entry, found);
  }
  return found;
}

export function subjectOfProvision(provision: Provision): PropositionSubject {
  let found = provisionSubjects.get(provision);
  if (!found) {
    // Keywords are search terms, not statements: they count for coverage but carry no polarity.
    const keywords = provision.keywords.join(', ');
    const full = subject([provision.title, provision.summary], provision.topics);
    const stems = new Set([...full.stems, ...contentStems(keywords)]);
    found = { ...full, text: `${full.text}. ${keywords}`, stems };
    provisionSubjects.set(provision, found);
  }
  return found;
}

const round = (n: number) => Math.round(n * 100) / 100;

function topicPhrase(topics: readonly Topic[]): string {
  return topics.length > 0 ? topics.join(', ') : 'no indexed topic';
}

export function checkProposition(proposition: string, against: PropositionSubject): PropositionVerdict {
  const stems = contentStems(proposition);
  const propositionTopics = topicsOf(proposition);
  const agreement =
    propositionTopics.length === 0 ? 'none' : propositionTopics.some((t) => against.topics.includes(t)) ? 'agree' : 'disagree';
  let shared = 0;
  for (const s of stems) if (against.stems.has(s)) shared += 1;
  const coverage = stems.size === 0 ? 1 : shared / stems.size;
  const score = coverage + TOPIC_WEIGHT * (agreement === 'agree' ? 1 : agreement === 'disagree' ? -1 : 0);
  const base = { compared: stems.size > 0, coverage: round(coverage), topicAgreement: agreement, score: round(score), propositionTopics } as const;

  const contradiction = findContradiction(proposition, against.text);
  if (contradiction) return { ...base, consistent: false, reason: `contradiction (${contradiction.id}): ${contradiction.explanation}` };
  const conflict = findPolarityConflict(proposition, against.statements);
  if (conflict) return { ...base, consistent: false, reason: `negation: ${describeConflict(conflict)}` };
  if (stems.size === 0 || score >= PROPOSITION_THRESHOLD) return { ...base, consistent: true };
  const about = agreement === 'disagree' ? ` (it is about ${topicPhrase(propositionTopics)}; the authority concerns ${topicPhrase(against.topics)})` : '';
  return {
    ...base,
    consistent: false,
    reason: `the cited proposition shares ${Math.round(coverage * 100)}% of its content words with the authority${about}; score ${round(score)} is below ${PROPOSITION_THRESHOLD}`,
  };
}
