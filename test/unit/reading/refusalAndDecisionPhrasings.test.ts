/**
 * Refusals, applications and decisions in the words officers, counsel and applicants use, beyond the
 * textbook "was refused": read through the real event reader, in English and French.
 */
import { readEvents } from '../../../lambdas/agents/intake/reading/readEvents';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const read = (text: string, language: 'en' | 'fr' = 'en') => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'doc.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readEvents({ doc: readingDocument(doc, 'other', language), spousal: false }).map((e) => `${e.kind} ${e.person} ${e.date?.iso ?? '-'}`);
};

describe('refusals in other words', () => {
  it('reads an application turned down or declined, and « s’est soldée par un refus »', () => {
    expect(read('In March 2021 the embassy turned down my visitor visa application.')).toEqual(['refusal applicant 2021-03']);
    expect(read('My sister applied too and hers was declined in 2020.')).toEqual(['refusal other 2020']);
    expect(read('Ma demande de permis de travail s’est soldée par un refus en 2022.', 'fr')).toEqual(['refusal applicant 2022']);
  });

  it('reads an officer refusing "therefore" or « donc » as the refusal, as without the adverb', () => {
    expect(read('After a careful review, I am therefore refusing your application.')).toEqual(['refusal applicant -']);
    expect(read('Pour ces motifs, je refuse donc votre demande de permis de travail.', 'fr')).toEqual(['refusal applicant -']);
  });

  it('reads « je la refuse » and a visa named at length before « refusé »', () => {
    expect(read('J’ai examiné votre demande de permis d’études et je la refuse.', 'fr')).toEqual(['refusal applicant -']);
    expect(read('d) visa de visiteur pour le Royaume-Uni refusé en 2018.', 'fr')).toEqual(['refusal applicant 2018']);
  });
});

describe('applications and decisions in other words', () => {
  it('reads an application completed in a month and an application IRCC received on a day', () => {
    expect(read('When I completed my study permit application in November 2023, I was in Hanoi.')).toEqual(['application applicant 2023-11']);
    expect(read('We received your application for a work permit on 2 May 2025.')).toEqual(['application applicant 2025-05-02']);
  });

  it('reads no application received when the acknowledgement gives no day', () => {
    expect(read('This letter confirms that we have received your application.')).toEqual([]);
  });

  it('reads a positive LMIA obtained or a CSQ issued on a day as a decision of that day', () => {
    expect(read("L'offre est fondée sur l'EIMT favorable obtenue le 14 février 2025.", 'fr')).toEqual(['decision applicant 2025-02-14']);
    expect(read('She holds a Certificate of Selection for Quebec issued on 3 March 2025.')).toEqual(['decision applicant 2025-03-03']);
  });
});

describe('whose refusal a label tells', () => {
  it("reads a refusal after « Époux : » or 'Spouse:' in a cell as the spouse's, and after 'Principal applicant:' as the applicant's", () => {
    expect(read('| Refused a visa? | No | Yes | Époux : visa de visiteur refusé par les États-Unis en 2019 |', 'fr')).toEqual(['refusal spouse-or-partner 2019']);
    expect(read('Spouse: US visitor visa refused in 2019.')).toEqual(['refusal spouse-or-partner 2019']);
    expect(read('Principal applicant: UK visitor visa refused in 2017.')).toEqual(['refusal applicant 2017']);
  });
});
