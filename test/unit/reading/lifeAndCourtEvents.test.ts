/**
 * Dated events told in the forms real documents use: civil-status records (an English decree
 * absolute, an Islamic nikah, the marginal mentions of a French-language birth record), court
 * outcomes (a French "relaxe", a case dismissed on no evidence), removal orders under French law
 * (OQTF), unlawful presence abroad, and studies begun then completed (EN and FR).
 */
import { readEvents } from '../../../lambdas/agents/intake/reading/readEvents';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const events = (text: string, language: 'en' | 'fr' = 'en') => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'doc.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readEvents({ doc: readingDocument(doc, 'other', language), spousal: false }).map((e) => `${e.kind} ${e.person} ${e.date?.iso ?? '-'}${e.end ? `..${e.end.iso}` : ''}`);
};

describe('civil-status events in their real forms', () => {
  it("reads a divorce by its decree absolute and a marriage by its nikah, the sponsor's own divorce as the sponsor's", () => {
    const letter = 'I, Imran Qureshi, am sponsoring my wife.\n\nI was previously married. That marriage ended when the decree absolute was made on 21 November 2017.\n\nOur nikah was performed on 3 February 2022 in Lahore.';
    expect(events(letter)).toEqual(['divorce sponsor 2017-11-21', 'marriage applicant 2022-02-03']);
  });

  it("reads a birth record's marginal mentions as the person's marriages and divorce, not its issue date (FR)", () => {
    const record = 'MENTIONS MARGINALES\nMariée à Porto-Novo le 12 août 2011 avec Serge Dossou.\nDivorcée par jugement du tribunal de Porto-Novo du 6 juin 2016.\nMariée à Cotonou le 23 décembre 2023 avec Julien Tremblay.\n\nDélivrée pour copie conforme, le 8 janvier 2024.';
    expect(events(record, 'fr')).toEqual(['marriage applicant 2011-08-12', 'divorce applicant 2016-06-06', 'marriage applicant 2023-12-23']);
  });
});

describe('court outcomes and removal orders', () => {
  it('reads a charge dismissed on no evidence as an acquittal, never as a conviction (EN)', () => {
    const affidavit = 'On 9 March 2016 I was charged by the police in Fresno with petty theft. At the hearing on 20 April 2016 the prosecution offered no evidence and the case was dismissed.';
    expect(events(affidavit)).toEqual(['charge applicant 2016-03-09', 'acquittal applicant 2016-04-20']);
  });

  it('reads a French "relaxe" and "renvoie des fins de la poursuite" as acquittals, and an OQTF as a removal order (FR)', () => {
    expect(events("Le tribunal correctionnel de Rennes l'a relaxé le 4 mai 2018.", 'fr')).toEqual(['acquittal applicant 2018-05-04']);
    expect(events('Le tribunal, statuant publiquement, renvoie le prévenu des fins de la poursuite.', 'fr').map((e) => e.split(' ')[0])).toEqual(['acquittal']);
    expect(events("Le 9 octobre 2019, le préfet a pris à mon encontre une obligation de quitter le territoire français.", 'fr')).toEqual(['removal-order applicant 2019-10-09']);
  });
});

describe('periods told from their start or their end', () => {
  it('opens an overstay at the date the stay ended when the trigger comes after it and the next date follows "until"', () => {
    const text = 'I entered the United States on 2 June 2014 as a visitor. My authorized stay ended on 1 December 2014 and I remained unlawfully in California until I left on 15 August 2016.';
    expect(events(text)).toEqual(['entry applicant 2014-06-02', 'overstay applicant 2014-12-01..2016-08-15']);
  });

  it('closes the studies a letter dates at their start with the completion it states, and reads no job from a programme name (EN and FR)', () => {
    expect(events('Oluwaseun Adeyemi was enrolled full-time in the two-year Civil Engineering Technician diploma from 8 September 2022. She has completed all the requirements of the program as of 19 April 2024.')).toEqual([
      'study applicant 2022-09-08..2024-04-19',
    ]);
    expect(events("Mme Mariam Traoré a été inscrite à temps plein au programme Techniques de comptabilité à compter du 22 août 2021. Elle a terminé avec succès son programme le 16 mai 2024.", 'fr')).toEqual([
      'study applicant 2021-08-22..2024-05-16',
    ]);
  });
});
