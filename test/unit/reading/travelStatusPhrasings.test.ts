/**
 * Trips, entries, overstays, removals and the couple's milestones in the words other authors use,
 * English and French, each read with its date, and their look-alikes read as nothing.
 */
import { readEvents } from '../../../lambdas/agents/intake/reading/readEvents';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const events = (text: string, language: 'en' | 'fr') => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'letter.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readEvents({ doc: readingDocument(doc, 'other', language), spousal: true }).map((e) => `${e.kind} ${e.date?.iso ?? '-'}`);
};

describe('travel, status and relationship phrasings', () => {
  it.each([
    ['I visited my aunt in Leeds in the summer of 2019.', 'travel 2019'],
    ['We visited Japan in April 2018.', 'travel 2018-04'],
    ['Upon arrival in Canada on 3 May 2019 I was admitted as a visitor.', 'entry 2019-05-03'],
    ['After my leave to remain ran out on 31 March 2015, I stayed on in the United Kingdom.', 'overstay 2015-03-31'],
    ['My visitor record expired on 30 June 2020 and I remained in Canada.', 'overstay 2020-06-30'],
    ['He lived undocumented in the United States from 2008 to 2012.', 'overstay 2008'],
    ['On 18 January 2017 the Home Office removed me to Lagos.', 'removal-order 2017-01-18'],
    ['We matched on Bumble in March 2019.', 'first-contact 2019-03'],
    ['We met face-to-face for the first time on 2 August 2019.', 'first-meeting 2019-08-02'],
    ['Daniel proposed on 31 December 2019 in Porto.', 'engagement 2019-12-31'],
    ['The wedding took place on 12 May 2019 in Lagos.', 'marriage 2019-05-12'],
    ['We have shared an apartment since 1 March 2020.', 'cohabitation-start 2020-03-01'],
    ['Original entry: 2018-09-01, Toronto Pearson', 'entry 2018-09-01'],
    ['We have cohabited continuously since 1 June 2018.', 'cohabitation-start 2018-06-01'],
  ])('reads "%s" (EN)', (text, event) => {
    expect(events(text, 'en')).toEqual([event]);
  });

  it.each([
    ["J'ai effectué un séjour touristique en Espagne du 3 au 17 août 2022.", 'travel 2022-08-03'],
    ['Je suis allé en Espagne en juillet 2018.', 'travel 2018-07'],
    ["J'ai passé deux semaines en Italie en août 2017.", 'travel 2017-08'],
    ["J'ai fait un voyage d'affaires en Chine en octobre 2018.", 'travel 2018-10'],
    ['Il a été admis au Canada le 4 mai 2015 comme visiteur.', 'entry 2015-05-04'],
    ['Je suis entré au pays le 3 mai 2019.', 'entry 2019-05-03'],
    ["Il est resté en Italie sans papiers jusqu'en 2014.", 'overstay 2014'],
    ['Elle a perdu son statut en mars 2019.', 'overstay 2019-03'],
    ['Une ordonnance de renvoi a été prise contre lui le 9 mars 2016.', 'removal-order 2016-03-09'],
    ['Une mesure d’expulsion a été prise le 22 mai 2017.', 'removal-order 2017-05-22'],
    ['Il a été déporté vers Haïti en 2015.', 'removal-order 2015'],
    ['Nous nous sommes connus sur Facebook en 2016.', 'first-contact 2016'],
    ['Nous nous sommes vus pour la première fois à Dakar le 8 août 2020.', 'first-meeting 2020-08-08'],
    ['Le mariage civil a été célébré le 15 mai 2021.', 'marriage 2021-05-15'],
    ['Nous partageons le même logement depuis le 1er juin 2018.', 'cohabitation-start 2018-06-01'],
    ['Nous avons cessé de vivre ensemble en mars 2021.', 'cohabitation-end 2021-03'],
    ['Nous avons repris la vie commune en juillet 2021.', 'cohabitation-start 2021-07'],
    ['Dernière entrée : 2022-01-15', 'entry 2022-01-15'],
    ['Nous cohabitons de façon continue depuis le 1er juin 2018.', 'cohabitation-start 2018-06-01'],
  ])('reads « %s » (FR)', (text, event) => {
    expect(events(text, 'fr')).toEqual([event]);
  });

  it.each([
    ['We have not yet lived together.', 'en'],
    ['My ex-husband and I stopped sharing a home in October 2013.', 'en'],
    ['I have never been to the United States.', 'en'],
    ["Nous n'avons jamais cohabité.", 'fr'],
    ["J'ai passé deux ans à l'université en 2015.", 'fr'],
    ['Nous prévoyons de nous marier en avril 2024.', 'fr'],
    ['Je ne suis jamais allé aux États-Unis.', 'fr'],
  ] as const)('reads no trip, start of cohabitation or marriage from "%s"', (text, language) => {
    expect(events(text, language).filter((e) => /^(?:travel|cohabitation-start|marriage)/.test(e))).toEqual([]);
  });
});
