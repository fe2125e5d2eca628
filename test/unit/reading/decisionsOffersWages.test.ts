/**
 * The timeline and the money as a user of the case facts relies on them: a decision letter's own
 * refusal dated by the letter however the officer words it, a job offered that is no job held, and
 * a wage told with the verb "paid" (EN and FR).
 */
import { readEvents } from '../../../lambdas/agents/intake/reading/readEvents';
import { readMoney } from '../../../lambdas/agents/intake/reading/readMoney';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import type { DocumentType, ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const reading = (text: string, type: DocumentType, language: 'en' | 'fr') => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'doc.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readingDocument(doc, type, language);
};
const events = (text: string, type: DocumentType = 'other', language: 'en' | 'fr' = 'en') =>
  readEvents({ doc: reading(text, type, language), spousal: false }).map((e) => `${e.kind} ${e.person} ${e.date?.iso ?? '-'}`);
const money = (text: string, type: DocumentType = 'other', language: 'en' | 'fr' = 'en') =>
  readMoney(reading(text, type, language)).map((m) => `${m.kind} ${m.amount} ${m.currency}${m.per ? `/${m.per}` : ''}`);

describe("a decision letter's own refusal", () => {
  it('is read when the officer has "decided" or "determined" to refuse, and dated by a Date column on the file line (EN)', () => {
    const letter = 'Immigration, Refugees and Citizenship Canada\nApplication no.: W417730218 Date: 9 September 2025\n\nDear Mr. Santos,\n\nAfter reviewing your application, I have determined to refuse your application.';
    expect(events(letter, 'refusal-letter')).toContain('refusal applicant 2025-09-09');
    expect(events('Case: V1234567    Date: 3 October 2024\n\nThank you for your application for a visitor visa. I have decided to refuse it.', 'refusal-letter')).toContain('refusal applicant 2024-10-03');
  });

  it('is read in French when the letter says the application "est refusée" or "j\'ai décidé de la refuser", dated at its foot', () => {
    expect(events('Le 7 octobre 2024\n\nMadame,\n\nVotre demande de permis d\'études a été examinée et elle est refusée.', 'refusal-letter', 'fr')).toContain('refusal applicant 2024-10-07');
    expect(events('Monsieur,\n\nAprès examen de votre demande, j\'ai décidé de la refuser.\n\nAgente des visas\nFait à Dakar, le 2 décembre 2025', 'refusal-letter', 'fr')).toContain('refusal applicant 2025-12-02');
  });

  it('is dated at the single dated entry of notes closed by "Refused." / "Refusé.", even when the notes are not typed as such', () => {
    expect(events('GCMS - Notes - S881204573\n2025-02-11  DK-17 : PA 22, single.\nNot satisfied PA will leave Canada.\nRefused.')).toContain('refusal applicant 2025-02-11');
    expect(events('SMGC - Notes - V622019935\n2024-06-03 AG-04 : DP 29 ans.\nLiens faibles.\nRefusé.', 'other', 'fr')).toContain('refusal applicant 2024-06-03');
  });

  it('is not read from a fairness letter that says the application could be refused, or what happens if it is (FR and EN)', () => {
    expect(events('Le 14 janvier 2026\n\nSi ces doutes ne sont pas dissipés, votre demande pourrait être refusée. Si elle est refusée, vous en serez informée par écrit.', 'other', 'fr')).toEqual([]);
    expect(events('Date: 14 January 2026\n\nIf these concerns are not addressed, your application may be refused.')).toEqual([]);
  });

  it('does not take a label that ends in "date" for the letter\'s own date', () => {
    expect(events('Passport expiry date: 2031-05-01\n\nYour application has been refused.', 'refusal-letter')).toEqual(['refusal applicant -']);
  });
});

describe('a job offered is no job held', () => {
  it('reads no employment from an offer of employment, but reads the job held beside it (EN and FR)', () => {
    expect(events('GCMS NOTES - W552019834\n2025-03-18 Officer: Offer of employment as cook from Harbourview Bistro Ltd., Halifax NS.\n2025-03-20 Officer: PA has worked as a line cook at Casa Lupe since 2019-04.', 'gcms-notes')).toEqual(['employment applicant 2019-04']);
    expect(events("Vous trouverez ci-joint notre offre d'emploi pour le poste de mécanicien.\nVous travaillez comme mécanicien chez Garage Atlas depuis mars 2016.", 'other', 'fr')).toEqual(['employment applicant 2016-03']);
  });

  it('reads no job from the undated post a contract offers, and still reads a new post with its start date', () => {
    expect(events('Article 1 - Poste : ouvrière agricole en serre, 45 heures par semaine.', 'job-offer', 'fr')).toEqual([]);
    expect(events('In Canada she will be operations manager from 1 September 2025.', 'job-offer')).toEqual(['employment applicant 2025-09-01']);
  });
});

describe('a wage told with the verb "paid"', () => {
  it('is a salary when paid by the hour, while a rent paid by the month stays a payment (EN and FR)', () => {
    expect(money('You will be paid $31.25 per hour for a 40-hour week.\nThe rent paid to the landlord is $950 per month.', 'job-offer')).toEqual(['salary 31.25 CAD/hour', 'payment 950 CAD']);
    expect(money("Rémunération : la travailleuse sera payée 17,40 $ de l'heure.\nUn loyer de 45 $ par semaine est retenu sur la paie.", 'job-offer', 'fr')).toEqual(['salary 17.4 CAD/hour', 'payment 45 CAD']);
  });
});
