/**
 * What makes a refusal, application, decision or criminal trigger a mere mention, what makes a
 * negated one an event after all, and what a discharge undoes (events/mentionOnly.ts,
 * events/onlyThen.ts, events/criminal.ts), and the notice a procedural-fairness letter is
 * (events/fairnessLetter.ts), each told through the real event reader.
 */
import { readEvents } from '../../../lambdas/agents/intake/reading/readEvents';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import type { DocumentType } from '../../../lambdas/contracts/documentTypes';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const read = (text: string, language: 'en' | 'fr' = 'en', type: DocumentType = 'other') => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'doc.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readEvents({ doc: readingDocument(doc, type, language), spousal: false }).map((e) => `${e.kind} ${e.person} ${e.date?.iso ?? '-'}`);
};

describe('a trigger that only mentions an event', () => {
  it('is no event when its subject is anyone', () => {
    expect(read('NOTE: A person convicted of an offence may be inadmissible to Canada.')).toEqual([]);
    expect(read('Toute personne reconnue coupable d’une infraction est interdite de territoire.', 'fr')).toEqual([]);
  });

  it('is no event when a noun points back to an event told elsewhere, but the event told is kept', () => {
    expect(read('He was convicted of theft on 3 May 2012. A pardon for that conviction on 2 March 2016 was ordered.')).toEqual(['conviction applicant 2012-05-03']);
  });

  it('is no event when it is future boilerplate', () => {
    expect(read('Une demande incomplète sera retournée ou refusée.', 'fr')).toEqual([]);
  });

  it('is no immigration application when it is an application to a court', () => {
    expect(read("La demande d'autorisation a été déposée le 20 juin 2024.", 'fr')).toEqual([]);
    expect(read('Nous avons présenté une première demande de visa le 20 juin 2024.', 'fr')).toEqual(['application applicant 2024-06-20']);
  });

  it('is no acquittal when « acquittés » says that fees were paid, and stays one in a court', () => {
    expect(read('Les frais de traitement ont été acquittés en ligne le 3 mars 2025.', 'fr')).toEqual([]);
    expect(read('Le 5 juin 2019, le tribunal a déclaré l’accusé acquitté des chefs retenus.', 'fr')).toContain('acquittal applicant 2019-06-05');
  });
});

describe('a negation that only moves the event to a later day', () => {
  it('keeps the event at the date after "until" or « que le »', () => {
    expect(read('I did not learn of the decision until 19 April 2024.')).toEqual(['notification applicant 2024-04-19']);
    expect(read('La décision ne lui a été communiquée que le 15 juillet 2020.', 'fr')).toEqual(['notification applicant 2020-07-15']);
  });

  it('still cancels the event when no such date follows', () => {
    expect(read('I never learned of the decision from the embassy.')).toEqual([]);
  });
});

describe('a guilty plea ended by a discharge', () => {
  it('is no conviction; the discharge is the outcome without conviction', () => {
    expect(read('I pleaded guilty to mischief and was given a conditional discharge on 4 May 2018.')).toEqual(['acquittal applicant 2018-05-04']);
  });

  it('stays a conviction when the sentence tells no discharge', () => {
    expect(read('I pleaded guilty to mischief on 4 May 2018 and paid a fine.')).toEqual(['conviction applicant 2018-05-04']);
  });
});

describe('a procedural-fairness letter', () => {
  it('is itself the notice, dated on the letter', () => {
    const letter = 'Date: 3 February 2025\n\nDear Applicant,\n\nBefore a final decision is made, I want to give you the opportunity to respond to a concern.';
    expect(read(letter)).toEqual(['notification applicant 2025-02-03']);
    const lettre = 'Le 12 mars 2025\n\nMadame,\n\nAvant qu’une décision définitive ne soit rendue, je souhaite vous donner l’occasion de répondre à une préoccupation.';
    expect(read(lettre, 'fr')).toEqual(['notification applicant 2025-03-12']);
  });

  it('is a notification on the day a refusal says it was sent, though a PDF wrapped the line after the date', () => {
    expect(read('Your application is refused. On 2024-10-28\nwe sent you a procedural fairness letter; your reply did not resolve our concerns.')).toContain('notification applicant 2024-10-28');
  });

  it('is no notice when a document only mentions a decision to come', () => {
    expect(read('Date: 11 March 2024\n\nI make this affidavit to correct the record before a decision is made on my application.')).toEqual([]);
  });
});
