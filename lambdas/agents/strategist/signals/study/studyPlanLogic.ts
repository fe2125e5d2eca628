/**
 * Study-plan logic: does the program follow from the applicant's studies and work, and does a study
 * plan say where it leads? A program in an unrelated field, or a step down from a degree the
 * applicant already holds, is weak.
 */
import { documentsOf, pagesOf, type CaseFile } from '../../text/caseFile';
import { distinctEvidence, lineBounds } from '../../text/evidenceQuotes';
import { findStatements, quoteStatement } from '../../text/statements';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';
import { fieldsOf, levelOf, sharedFields } from './fieldOfStudy';
import { backgroundOf, programOf } from './studyBackground';

const CAREER_GOAL = /\b(?:after (?:graduation|I graduate|completing|my studies|the program)|on my return|when I (?:return|complete)|my (?:career|goal|plan)|position as|(?:lead|open|start) (?:the|a|my)|après (?:mes études|l'obtention)|mon objectif|ma carrière)\b/i;

/** A Markdown heading ("## 4. My plan after graduation") names a topic; it states no goal. */
const isHeading = (text: string, at: number) => /^[ \t]*#/.test(text.slice(lineBounds(text, at).start));

const maxLevel = (texts: readonly string[]) => Math.max(0, ...texts.map((t) => levelOf(t) ?? 0));

export const studyPlanLogic: SignalFinder = (file: CaseFile): Signal => {
  const program = programOf(file);
  if (!program.length) return noEvidence('The program of study could not be read from the file.');
  const background = backgroundOf(file, program);
  const programFields = fieldsOf(program.map((p) => p.text).join('\n'));
  const backgroundFields = fieldsOf(background.map((b) => b.text).join('\n'));
  const shared = sharedFields(programFields, backgroundFields);
  const hasPlan = documentsOf(file, ['study-plan']).length > 0;
  const goals = findStatements(pagesOf(file, ['study-plan']), CAREER_GOAL).filter((s) => !s.question && !s.negated && !isHeading(s.ref.page.text, s.start));
  const programLevel = maxLevel(program.map((p) => p.text));
  const backgroundLevel = maxLevel(background.map((b) => b.text));
  const stepDown = backgroundLevel >= 4 && programLevel > 0 && programLevel < backgroundLevel && programLevel <= 3;

  const related = background.find((b) => shared.some((f) => fieldsOf(b.text).has(f)));
  const evidence = distinctEvidence([program[0].evidence, related?.evidence ?? background[0]?.evidence, goals[0] && quoteStatement(goals[0])], 3);
  const parts = [
    shared.length ? `The program shares its field (${shared.join(', ')}) with the applicant's earlier studies or work` : backgroundFields.size ? `The program's field (${[...programFields].join(', ') || 'not recognised'}) differs from the applicant's background (${[...backgroundFields].join(', ')})` : 'The applicant\'s earlier studies and work are not described',
    hasPlan ? (goals.length ? 'a study plan explains where it leads' : 'a study plan is present but states no career goal') : 'there is no study plan',
  ];
  if (stepDown) parts.push('and the program is below a credential the applicant already holds');
  const finding = `${parts.join('; ')}.`;

  if (stepDown) return { rating: 'weak', finding, evidence };
  if (shared.length && goals.length) return { rating: 'strong', finding, evidence };
  if (shared.length || goals.length) return { rating: 'adequate', finding, evidence };
  if (backgroundFields.size) return { rating: 'weak', finding, evidence };
  return noEvidence(finding);
};
