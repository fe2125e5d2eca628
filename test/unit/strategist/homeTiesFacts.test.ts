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

describe('home ties in the words applicants and employers use (EN/FR)', () => {
  const ties = (kind: Parameters<typeof typedFile>[0], text: string) => homeTies(withFacts(typedFile(kind, [{ name: 'letter.txt', type: 'other', text }])));

  it('reads a job held open for the return as a plan to return ("on her return", « à mon retour », « poste qui m’est réservé »)', () => {
    expect(ties('study-permit', 'Her employer has approved unpaid leave until December 2028; she will resume her position on her return.\n').finding).toMatch(/a plan to return/);
    expect(ties('study-permit', "Le poste qui m'est réservé à mon retour est confirmé par la lettre du médecin-chef.\n").finding).toMatch(/a plan to return/);
    expect(ties('work-permit', 'He will return to Tokyo at the end of the assignment.\n').finding).toMatch(/a plan to return/);
    // Going to Canada is no plan to return home.
    expect(ties('visitor-visa', 'I will return to Canada at the end of the year to see my son again.\n').finding).not.toMatch(/Ties found: .*a plan to return/);
  });

  it('reads family counted without a possessive, and property and a pension at home, in French', () => {
    const signal = ties('visitor-visa', 'Attestation de propriété : maison au nom de Khadija Bennani.\nPension de veuve, 4 200 MAD par mois. Deux filles et six petits-enfants à Meknès.\n');
    expect(signal.finding).toMatch(/family at home/);
    expect(signal.finding).toMatch(/property or assets at home/);
  });

  it('does not weigh the child or grandchild a super visa visits as family pulling toward Canada; a visitor’s family in Canada still does', () => {
    const host = 'My son lives in Laval, Quebec, and invites me for the summer.\nMy two daughters live in Meknès.\n';
    expect(ties('visitor-visa', `I apply for a super visa. ${host}`).finding).not.toMatch(/close family in Canada/);
    expect(ties('visitor-visa', host).finding).toMatch(/close family in Canada/);
  });
});
