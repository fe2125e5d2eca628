/**
 * Fields of study and work, and credential levels, to compare a program with an applicant's past.
 * The words of each field and level are data: ../lexicons/fieldOfStudy.json.
 */
import { fieldOfStudyLexicon } from '../lexicons/fieldOfStudyLexicon';

export function fieldsOf(text: string): Set<string> {
  return new Set(fieldOfStudyLexicon().fields.filter(([, pattern]) => pattern.test(text)).map(([name]) => name));
}

export function sharedFields(a: Set<string>, b: Set<string>): string[] {
  return [...a].filter((f) => b.has(f));
}

/** Credential level, higher is more advanced; a postgraduate certificate after a degree is not a step down. */
export function levelOf(text: string): number | undefined {
  return fieldOfStudyLexicon().levels.find(([, pattern]) => pattern.test(text))?.[0];
}
