/**
 * Knowledge of each other: how concretely the relationship documents describe the partner's life
 * (dated shared events, the partner's family, work and plans). An officer's note that a partner
 * could not answer basic questions about the other is adverse.
 */
import { pagesOf, type CaseFile, type PageRef } from '../../text/caseFile';
import { readDates } from '../../../../core/text/dates';
import { distinctEvidence } from '../../text/evidenceQuotes';
import { findStatements, quoteStatement } from '../../text/statements';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';

const NARRATIVE_DOCS = ['imm-5532', 'submission-letter', 'other'] as const;
const OFFICER_DOCS = ['gcms-notes', 'refusal-letter'] as const;
const DID_NOT_KNOW = /\b(?:did not know|didn't know|does not know|could not (?:name|recall|remember|say|describe)|was unable to (?:name|say|recall|provide|describe)|unaware of|ne connaissait pas|ne savait pas|n'a pas pu (?:nommer|dire|indiquer))\b/i;
const PARTNER_FAMILY = /\b(?:(?:his|her|their|\p{Lu}\p{L}+'s) (?:mother|father|parents|sisters?|brothers?|family|son|daughter|mom|mum|dad)|(?:sa|ses) (?:mère|père|parents|sœurs?|frères?|famille))\b/iu;
const PARTNER_LIFE = /\b(?:works? (?:as|at|for|in)|(?:her|his) (?:job|work|employer|training|career|studies|plans?)|occupation|wants to|plans? to|travaille (?:comme|chez)|ses projets)\b/i;

export const knowledgeOfPartner: SignalFinder = (file: CaseFile): Signal => {
  const gaps = findStatements(pagesOf(file, OFFICER_DOCS), DID_NOT_KNOW).filter((s) => !s.question);
  if (gaps.length) {
    return {
      rating: 'adverse',
      finding: `An officer's notes record ${gaps.length} answer(s) showing that a partner did not know basic facts about the other.`,
      evidence: distinctEvidence(gaps.map(quoteStatement), 3),
    };
  }
  const narrative: PageRef[] = pagesOf(file, NARRATIVE_DOCS).filter((ref) => ref.doc.type !== 'other' || /\b(?:relationship|our story|we met|notre relation)\b/i.test(ref.page.text));
  if (!narrative.length) return noEvidence('No relationship questionnaire or statement describes the partners\' life together.');
  const dates = new Set(narrative.flatMap((ref) => readDates(ref.page.text).filter((d) => d.precision === 'day').map((d) => d.iso)));
  const family = findStatements(narrative, PARTNER_FAMILY).filter((s) => !s.question);
  const life = findStatements(narrative, PARTNER_LIFE).filter((s) => !s.question);
  const ownGaps = findStatements(narrative, DID_NOT_KNOW).filter((s) => !s.question && !s.negated);
  const evidence = distinctEvidence([...family.slice(0, 1), ...life.slice(0, 1), ...ownGaps.slice(0, 1)].map(quoteStatement), 3);
  const finding = `The relationship documents give ${dates.size} dated events, ${family.length ? 'mention the partner\'s family' : 'do not mention the partner\'s family'} and ${life.length ? 'describe the partner\'s work or plans' : 'say little of the partner\'s work or plans'}.`;
  if (ownGaps.length) return { rating: 'weak', finding: `${finding} They also admit not knowing some facts about the partner.`, evidence };
  if (dates.size >= 5 && family.length && life.length) return { rating: 'strong', finding, evidence };
  if (dates.size >= 2 && (family.length || life.length)) return { rating: 'adequate', finding, evidence };
  return { rating: 'weak', finding, evidence };
};
