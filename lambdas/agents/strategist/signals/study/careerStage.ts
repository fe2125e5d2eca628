/**
 * Age and career stage: further study is ordinary in one's twenties; later in a career the program
 * must plainly build on the applicant's field to make sense.
 */
import { type CaseFile } from '../../text/caseFile';
import { dayOf, monthsBetween, parseDate } from '../../../../core/text/dates';
import { distinctEvidence, factEvidence } from '../../text/evidenceQuotes';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';
import { fieldsOf, sharedFields } from './fieldOfStudy';
import { backgroundOf, programOf } from './studyBackground';

export const careerStage: SignalFinder = (file: CaseFile): Signal => {
  const dob = file.profile.dateOfBirth && parseDate(file.profile.dateOfBirth.value);
  if (!dob) return noEvidence('The applicant\'s date of birth could not be read.');
  const age = Math.floor(monthsBetween(dob, dayOf(file.assessedOn)) / 12);
  const program = programOf(file);
  const background = backgroundOf(file, program);
  const shared = sharedFields(fieldsOf(program.map((p) => p.text).join('\n')), fieldsOf(background.map((b) => b.text).join('\n')));
  const knownBackground = background.length > 0 && program.length > 0;
  const evidence = distinctEvidence([factEvidence(file.profile.dateOfBirth), program[0]?.evidence], 2);
  const relation = !knownBackground ? 'how the program relates to the applicant\'s career is not shown' : shared.length ? 'the program builds on the applicant\'s field' : 'the program is outside the applicant\'s field';
  const finding = `The applicant is ${age}; ${relation}.`;
  if (age <= 29) return { rating: knownBackground && !shared.length ? 'adequate' : 'strong', finding, evidence };
  return { rating: shared.length ? 'adequate' : 'weak', finding, evidence };
};
