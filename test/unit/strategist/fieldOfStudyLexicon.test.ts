import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIELD_OF_STUDY_LEXICON_FILE, parseFieldOfStudyLexicon } from '../../../lambdas/agents/strategist/signals/lexicons/fieldOfStudyLexicon';
import { LexiconInvalid } from '../../../lambdas/agents/strategist/signals/lexicons/phraseLists';
import { fieldsOf, levelOf } from '../../../lambdas/agents/strategist/signals/study/fieldOfStudy';

const raw = (): Record<string, any> => JSON.parse(readFileSync(join(__dirname, '../../..', FIELD_OF_STUDY_LEXICON_FILE), 'utf8'));

describe('field-of-study lexicon (data file)', () => {
  it('bundles a valid lexicon that names fields and credential levels in English and French', () => {
    expect(() => parseFieldOfStudyLexicon(FIELD_OF_STUDY_LEXICON_FILE, raw())).not.toThrow();
    expect([...fieldsOf('Diploma in Computer Programming; worked as a bookkeeper in accounting')]).toEqual(['information technology', 'business']);
    expect([...fieldsOf('Baccalauréat en sciences infirmières')]).toEqual(['health']);
    expect(levelOf('Post-graduate certificate in Project Management after a Bachelor of Commerce')).toBe(5);
    expect(levelOf('Maîtrise en génie civil')).toBe(6);
    expect(levelOf('no credential named here')).toBeUndefined();
  });

  it('refuses levels out of order and a phrase that does not compile, naming the file and the field', () => {
    const swapped = raw();
    [swapped.levels[0], swapped.levels[1]] = [swapped.levels[1], swapped.levels[0]];
    expect(() => parseFieldOfStudyLexicon('fieldOfStudy.json', swapped)).toThrow(LexiconInvalid);
    expect(() => parseFieldOfStudyLexicon('fieldOfStudy.json', swapped)).toThrow("lexicon fieldOfStudy.json is invalid: field 'levels.1.level': levels are listed highest first: 7 follows 6");
    const broken = raw();
    broken.fields.law.push('\\bbarrister[');
    expect(() => parseFieldOfStudyLexicon('fieldOfStudy.json', broken)).toThrow(/field 'fields\.law\.5': regex \/\\bbarrister\[\/ does not compile/);
  });
});
