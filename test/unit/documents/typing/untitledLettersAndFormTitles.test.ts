/**
 * Typing by the corpus's Conventions (test/corpus/reading/README.md): a form transcribed under the head
 * of its own title is that form, a questionnaire under another title is not; an untitled letter whose
 * writer says who they are in the file or what they ask is a submission letter; an employer's leave
 * approval attests the job; a transfer letter describing the post in Canada is a job offer.
 */
import { readDocumentType } from '../../../../lambdas/agents/intake/documents/typing/readDocumentType';
import { readableDoc } from '../../../fixtures/documents/extractedDocs';

const typeOf = (text: string, name = 'scan-204.txt') => readDocumentType(readableDoc(name, text));

describe('forms without their number', () => {
  it('types a relationship form headed by the head of its title as the IMM 5532, in English and French, below the confident range', () => {
    const en = typeOf('RELATIONSHIP INFORMATION\nPart B – Principal applicant\nFamily name: Tshabalala\nGiven name(s): Nomvula\nDate of first meeting: 2020-02-14\nDate of marriage: 2022-12-03');
    expect(en.type).toBe('imm-5532');
    expect(en.confidence).toBeLessThan(0.6);
    expect(typeOf('Renseignements sur la relation\nPartie B – Demandeur principal\nNom : Traoré\nPrénom : Issa\nDate de la première rencontre : 2019-06-01\nDate du mariage : 2021-08-21').type).toBe('imm-5532');
  });

  it('leaves a questionnaire that asks the same things under another title as other', () => {
    expect(typeOf('Couple questionnaire – for our file only\nHow did you meet? Online, in 2020\nDate of marriage: 2022-12-03\nWhere does your spouse live? Durban').type).toBe('other');
  });
});

describe('letters', () => {
  it('types an untitled letter whose writer says who they are in the file or what they ask as a submission letter, in English and French', () => {
    expect(typeOf('To the visa officer,\n\nI am the principal applicant and I write to explain my two trips to Kenya in 2022.\n\nThank you,\nAmara Diallo').type).toBe('submission-letter');
    expect(typeOf('Madame, Monsieur,\n\nJe suis le demandeur et je souhaite visiter ma tante à Moncton en juin. Je rentrerai à Lomé à la fin du mois.\n\nKossi Agbeko').type).toBe('submission-letter');
  });

  it('types an employer’s leave approval as an employment letter', () => {
    expect(typeOf('LEAVE APPROVAL\nEmployee: Farah Siddiqui\nDesignation: Lecturer\nIn service since: 2012-01-09\nLeave approved from 1 to 21 July 2025.').type).toBe('employment-letter');
  });

  it('types a letter transferring a manager to the Canadian branch as a job offer, not an employment letter', () => {
    expect(typeOf('Subject: temporary assignment of Ms. Ito as an intra-corporate transferee\n\nDear Officer,\nOur Canadian branch in Vancouver will employ Ms. Ito as plant manager for two years at a base salary of CAD 140,000.\n\nRegards,\nHR Director').type).toBe('job-offer');
  });
});
