import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { DocumentType, ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';
import { verifyEvidence } from '../../../lambdas/core/caseText/verifyEvidence';

let next = 0;
function read(text: string, type: DocumentType = 'other') {
  const d: ExtractedDocument = { docId: `d${++next}`, name: `doc-${next}.txt`, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  const facts = readCaseFacts([d], { types: new Map([[d.docId, { type, confidence: 0.9, signals: ['test'] }]]) });
  expect(facts.declarations.every((x) => verifyEvidence([d], x.evidence))).toBe(true);
  return facts.declarations.map((x) => ({ topic: x.topic, person: x.person, answer: x.answer, ...(x.details ? { details: x.details } : {}), ...(x.asks ? { asks: x.asks } : {}) }));
}

describe('declarations: form questions with their answers, however the form is rendered', () => {
  it('reads the answer after the question mark, in a box, on the next line or after "Answer:"', () => {
    expect(read('3. Have you ever been refused a visa or permit, denied entry or ordered to leave Canada or any other country? [X] Yes [ ] No', 'imm-5257')).toEqual([
      expect.objectContaining({ topic: 'prior-refusal', answer: 'yes' }),
    ]);
    expect(read('Vous a-t-on déjà refusé un visa ou un permis, refusé l\'entrée ou ordonné de quitter le Canada ou tout autre pays ?\nRéponse : Non', 'imm-5257')).toEqual([
      expect.objectContaining({ topic: 'prior-refusal', answer: 'no' }),
    ]);
  });

  it('reads the ticked one of two printed boxes, whichever comes first, and inclusive French spellings', () => {
    const form =
      "2. b) Vous a-t-on déjà refusé un visa ou un permis, interdit l'entrée ou ordonné de quitter le Canada ou tout autre pays ou territoire ?\n☐ Oui   ☒ Non\n" +
      "3. a) Avez-vous déjà commis, été arrêté(e), été accusé(e) ou reconnu(e) coupable d'une infraction criminelle dans un pays ou territoire quelconque ?\n☒ Oui   ☐ Non\n" +
      'Si oui, précisez : condamné à une amende à Sfax en novembre 2015.';
    expect(read(form, 'imm-5257')).toEqual([
      expect.objectContaining({ topic: 'prior-refusal', answer: 'no' }),
      expect.objectContaining({ topic: 'criminality', answer: 'yes', asks: ['charge', 'conviction'] }),
    ]);
    expect(read('Have you been convicted of a crime in any country? [ ] Yes [X] No', 'imm-5669')).toEqual([expect.objectContaining({ topic: 'criminality', answer: 'no', asks: ['conviction'] })]);
  });

  it('keeps the details given with a Yes, so that the answer reads as a disclosure', () => {
    expect(read('Background: Military or police service? Yes - national service in the navy, 2011 to 2012', 'imm-1295')).toEqual([
      { topic: 'military', person: 'applicant', answer: 'yes', details: 'national service in the navy, 2011 to 2012' },
    ]);
    expect(read('Avez-vous déjà servi dans une armée, une milice ou une force de police ? Oui - service national, 2016-2017', 'imm-5257')).toEqual([
      expect.objectContaining({ topic: 'military', answer: 'yes', details: 'service national, 2016-2017' }),
    ]);
  });

  it('gives one answer per person when the form asks both people the same question', () => {
    expect(read('4. Were you ever married or in a common-law relationship before?   Sponsor: Yes   Applicant: No', 'imm-5532')).toEqual([
      expect.objectContaining({ topic: 'previous-marriage', person: 'sponsor', answer: 'yes' }),
      expect.objectContaining({ topic: 'previous-marriage', person: 'applicant', answer: 'no' }),
    ]);
    expect(read('Avez-vous déjà été mariée ou en union de fait ?  Répondante : Non   Époux : Oui')).toEqual([
      expect.objectContaining({ topic: 'previous-marriage', person: 'sponsor', answer: 'no' }),
      expect.objectContaining({ topic: 'previous-marriage', person: 'applicant', answer: 'yes' }),
    ]);
  });

  it('reads a table with Yes and No columns by the column that is ticked, and a table with a column per person', () => {
    const table =
      '| Question | Yes | No |\n|---|---|---|\n' +
      '| Have you ever been refused a visa or permit, denied entry or ordered to leave any country? |  | X |\n' +
      '| Have you ever committed, been arrested for, been charged with or convicted of any criminal offence? | ☒ | ☐ |';
    expect(read(table, 'imm-5257')).toEqual([
      expect.objectContaining({ topic: 'prior-refusal', answer: 'no' }),
      expect.objectContaining({ topic: 'criminality', answer: 'yes' }),
    ]);
    expect(read('Question | Répondant | Conjointe\nAvez-vous déjà été marié ou en union de fait ? | Non | Oui')).toEqual([
      expect.objectContaining({ topic: 'previous-marriage', person: 'sponsor', answer: 'no' }),
      expect.objectContaining({ topic: 'previous-marriage', person: 'applicant', answer: 'yes' }),
    ]);
  });

  it('reads each bulleted question on its own, whoever the form is for', () => {
    const sponsorForm = 'Eligibility questions:\n - Have you previously sponsored a spouse, common-law or conjugal partner? No\n - Have you been convicted of an offence causing bodily harm? No';
    expect(read(sponsorForm, 'imm-1344')).toEqual([
      expect.objectContaining({ topic: 'previous-sponsorship', person: 'sponsor', answer: 'no' }),
      expect.objectContaining({ topic: 'criminality', person: 'sponsor', answer: 'no', asks: ['conviction'] }),
    ]);
  });

  it('reads summary lines: "None" is a No, a dated account in the declarant\'s words is a Yes', () => {
    expect(read('Previous refusals: None\nCriminal record: Nil', 'imm-5257')).toEqual([
      expect.objectContaining({ topic: 'prior-refusal', answer: 'no' }),
      expect.objectContaining({ topic: 'criminality', answer: 'no' }),
    ]);
    expect(read('Dear officer,\nRefus antérieurs : l\'Espagne a refusé mon visa Schengen en mars 2020 (depuis Dakar).')).toEqual([expect.objectContaining({ topic: 'prior-refusal', answer: 'yes' })]);
  });

  it('does not read an officer\'s summary line as the applicant\'s declaration', () => {
    expect(read('GCMS notes\nPrevious refusals: USA 2016, UK 2018. Applicant did not disclose.', 'gcms-notes')).toEqual([]);
  });
});

describe('declarations: what a criminality question asks about', () => {
  it('a question about ever being arrested or charged covers a past charge; "currently charged" covers only a pending one', () => {
    expect(read('Have you ever committed, been arrested for, been charged with or convicted of any criminal offence in any country or territory? No', 'imm-5257')[0].asks).toEqual(['charge', 'conviction']);
    expect(read('(b) been convicted of, or are you currently charged with, on trial for, or party to a crime or offence in any other country? No', 'imm-5669')[0].asks).toEqual(['pending-charge', 'conviction']);
    expect(read('Avez-vous déjà commis, été arrêté, été accusé ou reconnu coupable d\'une infraction criminelle dans un pays ? Non', 'imm-5257')[0].asks).toEqual(['charge', 'conviction']);
    expect(read('Avez-vous été reconnu coupable d\'un crime ou d\'une infraction au Canada ? Non', 'imm-5669')[0].asks).toEqual(['conviction']);
  });
});

describe('declarations: sworn statements', () => {
  const sworn = (body: string) => `STATUTORY DECLARATION\nI, the undersigned, do solemnly declare that:\n${body}\nDeclared before me on 2 May 2024.`;

  it('reads a sworn denial and a sworn disclosure, in English and French', () => {
    expect(read(sworn('1. I have never been convicted of any offence in any country.'))).toEqual([expect.objectContaining({ topic: 'criminality', answer: 'no' })]);
    expect(read('DÉCLARATION SOLENNELLE\nJe déclare solennellement ce qui suit :\n1. Je n\'ai jamais fait l\'objet d\'un refus de visa.\n')).toEqual([expect.objectContaining({ topic: 'prior-refusal', answer: 'no' })]);
    expect(read(sworn('2. In 2019 my application for a Schengen visa was refused by the Italian consulate.'))).toEqual([expect.objectContaining({ topic: 'prior-refusal', answer: 'yes' })]);
  });

  it('gives a joint "neither of us" statement to both people', () => {
    expect(read('DÉCLARATION SOLENNELLE D\'UNION DE FAIT\nNous déclarons solennellement ce qui suit :\n3. Aucun de nous deux n\'a été marié ni n\'a vécu en union de fait auparavant.')).toEqual([
      expect.objectContaining({ topic: 'previous-marriage', person: 'sponsor', answer: 'no' }),
      expect.objectContaining({ topic: 'previous-marriage', person: 'applicant', answer: 'no' }),
    ]);
  });

  it('does not read a denial narrowed to named countries as an answer to a question about any country', () => {
    const declarations = read(sworn('1. My visitor visa to Ireland was refused in 2017.\n2. I have never been refused by Canada or the United States.'));
    expect(declarations).toEqual([expect.objectContaining({ topic: 'prior-refusal', answer: 'yes' })]);
  });

  it('does not read the form\'s answer reported in a declaration as a fresh answer', () => {
    const declarations = read(sworn('1. The travel agent ticked "No" to the question about previous refusals.\n2. I was refused a visa by Australia in 2016.'));
    expect(declarations).toEqual([expect.objectContaining({ topic: 'prior-refusal', answer: 'yes' })]);
  });

  it('does not read a letter\'s first-person statements as declarations', () => {
    expect(read('Dear Officer,\nI have never been refused a visa and I have always respected the conditions of my stay.\nSincerely,')).toEqual([]);
  });
});
