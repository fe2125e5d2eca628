import { homeTies } from '../../../lambdas/agents/strategist/signals/common/homeTies';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import { typedFile } from './strategistFixtures';

const LETTER =
  'To the visa officer,\n\nAfter my student visa expired in 2014 I remained in Italy for four more years and then returned to Ghana to work at my uncle\'s shop.\n' +
  'My wife and two children live with me in Kumasi.\n';

function withFacts(file: ReturnType<typeof typedFile>) {
  return { ...file, facts: readCaseFacts(file.documents.map((d) => d.extracted)) };
}

describe('home ties read with the case-fact model', () => {
  it('an overstay in the record weighs against ties, and the sentence that recounts it is never a tie', () => {
    const file = withFacts(typedFile('visitor-visa', [{ name: 'letter.txt', type: 'other', text: LETTER }]));
    expect(file.facts.timeline).toContainEqual(expect.objectContaining({ kind: 'overstay', person: 'applicant' }));
    const signal = homeTies(file);
    expect(signal.finding).toMatch(/Weighing against: .*a past overstay or removal/);
    expect(signal.finding).not.toMatch(/a plan to return/);
    expect(signal.rating).not.toBe('strong');
  });

  it('without the overstay the same family tie stands', () => {
    const file = withFacts(typedFile('visitor-visa', [{ name: 'letter.txt', type: 'other', text: 'To the visa officer,\n\nMy wife and two children live with me in Kumasi.\n' }]));
    expect(homeTies(file).finding).not.toMatch(/overstay/);
  });
});
