/**
 * Consistency between the partners' answers: the same key date (start of the relationship, first
 * meeting in person, engagement, marriage) as the case-fact model read it in each document, and
 * whether they lived together. Two documents giving different days for one event are a
 * contradiction, quoted both ways and left unresolved.
 */
import type { Evidence } from '../../../../contracts/intakeOutput';
import { eventsOf } from '../../facts/fileFacts';
import { pagesExcept, type CaseFile } from '../../text/caseFile';
import { sameDay } from '../../../../core/text/dates';
import { distinctEvidence } from '../../text/evidenceQuotes';
import { answersAbout, quoteAnswer } from '../../text/questionAnswers';
import { findStatements, quoteStatement } from '../../text/statements';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';
import { EVENT_NAMES, relationshipEvents, type DatedEvent, type RelationshipEvent } from './relationshipDates';

/** "a", "a and b", "a, b and c". */
const joined = (items: readonly string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

interface Contradiction {
  what: string;
  evidence: Evidence[];
}

function dateContradictions(events: readonly DatedEvent[]): { contradictions: Contradiction[]; corroborated: RelationshipEvent[] } {
  const contradictions: Contradiction[] = [];
  const corroborated: RelationshipEvent[] = [];
  for (const event of Object.keys(EVENT_NAMES) as RelationshipEvent[]) {
    const of = events.filter((e) => e.event === event);
    const docs = new Set(of.map((e) => e.docId));
    if (docs.size < 2) continue;
    const first = of[0];
    const other = of.find((e) => e.docId !== first.docId && !sameDay(e.date, first.date));
    if (other) {
      contradictions.push({ what: `the ${EVENT_NAMES[event]} (${first.date.iso} against ${other.date.iso})`, evidence: [first.evidence, other.evidence].filter((e): e is Evidence => !!e) });
    } else {
      corroborated.push(event);
    }
  }
  return { contradictions, corroborated };
}

const NEVER_TOGETHER = /\b(?:(?:have|has) not (?:yet )?lived together|never (?:lived|stayed) together|(?:do|did) not (?:yet )?live together|n'avons (?:jamais|pas) vécu ensemble|ne vivons pas ensemble)\b/i;
const LIVED_TOGETHER_QUESTION = /\b(?:lived|live) together\b|\bcohabit|\bvécu ensemble\b/i;

/**
 * One document says the couple live together (a cohabitation the fact model read), another that they
 * never have. What did not happen is no fact in the model, so the denial is read from the text.
 */
function cohabitationContradiction(file: CaseFile): Contradiction | undefined {
  const pages = pagesExcept(file, ['refusal-letter', 'gcms-notes']);
  const yes = [
    ...eventsOf(file, ['cohabitation-start']).filter((e) => pages.some((p) => p.doc.docId === e.evidence.docId)).map((e) => ({ docId: e.evidence.docId, e: e.evidence })),
    ...answersAbout(pages, LIVED_TOGETHER_QUESTION).filter((a) => a.answer === 'yes').map((a) => ({ docId: a.ref.doc.docId, e: quoteAnswer(a) })),
  ];
  const no = [
    ...findStatements(pages, NEVER_TOGETHER).filter((s) => !s.question).map((s) => ({ docId: s.ref.doc.docId, e: quoteStatement(s) })),
    ...answersAbout(pages, LIVED_TOGETHER_QUESTION).filter((a) => a.answer === 'no').map((a) => ({ docId: a.ref.doc.docId, e: quoteAnswer(a) })),
  ];
  const pair = yes.flatMap((y) => no.filter((n) => n.docId !== y.docId).map((n) => [y, n] as const))[0];
  if (!pair) return undefined;
  return { what: 'whether the partners have lived together', evidence: [pair[0].e, pair[1].e].filter((e): e is Evidence => !!e) };
}

export const answerConsistency: SignalFinder = (file: CaseFile): Signal => {
  const events = relationshipEvents(file);
  const { contradictions, corroborated } = dateContradictions(events);
  const cohabiting = cohabitationContradiction(file);
  if (cohabiting) contradictions.push(cohabiting);
  if (contradictions.length) {
    return {
      rating: contradictions.length >= 2 ? 'adverse' : 'weak',
      finding: `The documents contradict each other on ${contradictions.map((c) => c.what).join('; ')}.`,
      evidence: distinctEvidence(contradictions.flatMap((c) => c.evidence), 4),
    };
  }
  if (!corroborated.length) return noEvidence('No key fact of the relationship is stated in more than one document, so the answers cannot be compared.');
  return {
    rating: corroborated.length >= 2 ? 'strong' : 'adequate',
    finding: `The documents agree on ${joined(corroborated.map((e) => `the ${EVENT_NAMES[e]}`))}.`,
    evidence: distinctEvidence(
      corroborated.flatMap((event) => {
        const of = events.filter((e) => e.event === event);
        const second = of.find((e) => e.docId !== of[0].docId);
        return [of[0].evidence, second?.evidence];
      }),
      4,
    ),
  };
};
