/**
 * IRPR 87.1(2)(d) (Canadian experience), 75(2)(d) (federal skilled worker), 87.2(3)(a) (skilled
 * trades): a designated test's results meeting the Minister's threshold in each of the four
 * abilities; for a federal skilled worker, results less than two years old on the application's day.
 * Engaged when a CLB level read from IRCC's chart is below the threshold (or, for a skilled worker,
 * the results are out of date); a check when the file has no results, a test without a chart held
 * here, or a threshold that depends on an occupation the file does not code.
 */
import type { ProvisionFinding } from '../../contracts/legalAnalysis';
import { addYears, dayRange } from '../calendar';
import { hasDocument, type CaseInput } from '../caseInput';
import { findingOf } from '../provisions/ruleData';
import type { ApplicationDay } from './applicationDay';
import { eligibilityRule } from './eligibilityData';
import { ABILITIES, describeScores, languageTest, thresholdFor, thresholdWording, type ExpressEntryClass } from './languageLevels';

const CLASS_NAME: Record<ExpressEntryClass, string> = { cec: 'Canadian experience class', fsw: 'federal skilled worker class', fst: 'federal skilled trades class' };

export function languageThreshold(input: CaseInput, cls: ExpressEntryClass, teer: number | undefined, day: ApplicationDay): ProvisionFinding[] {
  const rule = eligibilityRule(`ee:${cls}-language`);
  const test = languageTest(input);
  if (!test) {
    const reasoning = hasDocument(input, 'language-test-results')
      ? `A language test report is in the file but its four scores could not be read, so whether they meet the Minister's threshold for the ${CLASS_NAME[cls]} (${rule.provision}) is not assessed.`
      : `The file holds no language test results, which the ${CLASS_NAME[cls]} requires in all four abilities (${rule.provision}).`;
    return [findingOf(rule, 'check', reasoning, input.facts.application.evidence.slice(0, 1))];
  }
  const facts = [test.event.evidence];
  if (!test.designated) {
    return [findingOf(rule, 'check', `The results are of ${test.test}, which is not among the tests IRCC designates for the economic classes under IRPR 74(3) (IELTS General Training, CELPIP-General, TEF Canada, TCF Canada, PTE Core).`, facts, `Check whether a designated test was taken; ${rule.check}`)];
  }
  if (!test.clb) {
    return [findingOf(rule, 'check', `${test.test} scores were read (${describeScores(test)}), but their CLB levels are not computed here: the equivalence with the thresholds (${thresholdWording(cls)}) is not assessed.`, facts, `Convert each score with IRCC's current equivalency chart for ${test.test} and compare it with the threshold. ${rule.check}`)];
  }
  const clb = test.clb;
  const sureThreshold = (a: (typeof ABILITIES)[number]) => thresholdFor(cls, a, teer) ?? thresholdFor(cls, a, 0)!; // CEC, TEER unknown: the higher (TEER 0–1) line
  const lowest = (a: (typeof ABILITIES)[number]) => thresholdFor(cls, a, teer) ?? thresholdFor(cls, a, 3)!; // …and the lower (TEER 2–3) line
  const below = ABILITIES.filter((a) => clb[a] < lowest(a));
  if (below.length) {
    return [
      findingOf(
        rule,
        'engaged',
        `${test.test}: ${describeScores(test)}; ${below.join(' and ')} ${below.length > 1 ? 'fall' : 'falls'} below ${thresholdWording(cls)}, so the results do not meet the threshold ${rule.provision} requires in each of the four abilities.`,
        facts,
        `The thresholds are the Minister's, not the Regulations': check IRCC's current instructions and equivalency chart; a new test meeting them is needed before applying.`,
      ),
    ];
  }
  const testDay = test.event.date ? dayRange(test.event.date).first : undefined;
  if (testDay && addYears(testDay, 2) <= day.day) {
    const status = cls === 'fsw' ? 'engaged' : 'check';
    return [
      findingOf(
        rule,
        status,
        `The ${test.test} results are dated ${testDay}: on ${day.phrase} they are two years old or more (two years ran on ${addYears(testDay, 2)})${cls === 'fsw' ? ', and IRPR 75(2)(d) requires results less than two years old on the day the application is made' : "; IRCC's instructions accept results less than two years old"}.`,
        facts,
        'A new test is needed before the application is made.',
      ),
    ];
  }
  if (!testDay && cls === 'fsw') {
    return [findingOf(rule, 'check', `The ${test.test} results meet the threshold (${describeScores(test)}) but the file does not date the test, and IRPR 75(2)(d) requires results less than two years old on the day the application is made.`, facts, 'Find the test date on the results.')];
  }
  if (ABILITIES.some((a) => clb[a] < sureThreshold(a))) {
    return [findingOf(rule, 'check', `${test.test}: ${describeScores(test)} meet the CLB 5 line for a TEER 2 or 3 occupation but not CLB 7 for TEER 0 or 1, and the file does not code the occupation (${thresholdWording(cls)}).`, facts, "Find the NOC code of the occupation in which most of the experience was gained (IRPR 87.1(2)(e)): it sets which threshold applies.")];
  }
  return [];
}
