import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOME_TIES_LEXICON_FILE, homeTiesLexicon, parseHomeTiesLexicon } from '../../../lambdas/agents/strategist/signals/lexicons/homeTiesLexicon';
import { LexiconInvalid } from '../../../lambdas/agents/strategist/signals/lexicons/phraseLists';

const raw = (): Record<string, any> => JSON.parse(readFileSync(join(__dirname, '../../..', HOME_TIES_LEXICON_FILE), 'utf8'));

/** The message a broken copy of the lexicon is refused with. */
function refusal(edit: (file: Record<string, any>) => void): string {
  const file = raw();
  edit(file);
  try {
    parseHomeTiesLexicon('homeTies.json', file);
  } catch (err) {
    expect(err).toBeInstanceOf(LexiconInvalid);
    return (err as Error).message;
  }
  throw new Error('the broken lexicon was accepted');
}

describe('home-ties lexicon (data file)', () => {
  it('bundles a valid lexicon whose phrases read ties and pulls in English and French', () => {
    expect(() => parseHomeTiesLexicon(HOME_TIES_LEXICON_FILE, raw())).not.toThrow();
    const { ties, pulls } = homeTiesLexicon();
    expect(ties.planToReturn.test('After my program I will return to Ghana to work.')).toBe(true);
    expect(ties.familyAtHome.test('Mon épouse et mes enfants vivent à Dakar.')).toBe(true);
    expect(ties.familyAtHome.test('She has her two children in Accra.')).toBe(true);
    expect(pulls.planToSettle.test('We hope to settle near Montréal one day.')).toBe(true);
    expect(pulls.hostIsFamily.test('I am inviting my younger sister')).toBe(true);
  });

  it('reads a home country as data: a country added to homeCountries is read in a plan to return', () => {
    const plan = 'Once the course ends she will return to Nigeria.';
    expect(homeTiesLexicon().ties.planToReturn.test(plan)).toBe(false);
    const file = raw();
    file.homeCountries.push('Nigeria');
    expect(parseHomeTiesLexicon('homeTies.json', file).ties.planToReturn.test(plan)).toBe(true);
  });

  it('refuses a phrase that does not compile, naming the file, the list and the phrase', () => {
    const message = refusal((f) => {
      f.ties.planToReturn[2] = '\\bI plan to (?:return';
    });
    expect(message).toMatch(/^lexicon homeTies\.json is invalid: field 'ties\.planToReturn\.2': regex \/\\bI plan to \(\?:return\/ does not compile with flags 'i'/);
  });

  it('refuses an unknown word list, a phrase matching nothing at all, a word listed twice and a missing list', () => {
    const pushed = (list: string[], phrase: string) => `${list.push(phrase) - 1}`;
    let at = '';
    expect(refusal((f) => (at = pushed(f.ties.planToReturn, '\\bwill go back to {homeCountry}\\b')))).toContain(`field 'ties.planToReturn.${at}': {homeCountry} names no word list (word lists: familyMembers, homeCountries, canadianCities)`);
    expect(refusal((f) => f.pulls.noCurrentWork.push('(?:jobless)?'))).toContain("field 'pulls.noCurrentWork.5': regex /(?:jobless)?/ matches the empty string");
    expect(refusal((f) => (at = pushed(f.familyMembers, 'wife')))).toContain(`field 'familyMembers.${at}': 'wife' is listed twice`);
    expect(refusal((f) => delete f.pulls.noCurrentWork)).toContain("field 'pulls.noCurrentWork'");
  });
});
