/**
 * Events on the v37 variation set (test/corpus/reading/{en,fr}/v37-*): jobs, studies and trips told
 * in words the reader's triggers did not know — a business run ("since 2019 I run a bakery", « je
 * tiens une boulangerie »), work done for someone over a period ("I drove for … from 2014 to 2018"),
 * a programme started, CV sections titled "Where I have worked" and "Schooling", travel tables headed
 * "Departed Returned Country", a friend's or a parent's letter telling the couple's wedding and
 * cohabitation, "With my wife, we …" trips — and the look-alikes that must stay unread.
 */
import { readCorpusItem } from './corpusItem';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { CaseFacts, TimelineEvent } from '../../../lambdas/contracts/caseFacts';

const events = (facts: CaseFacts) => facts.timeline.map((e: TimelineEvent) => ({ kind: e.kind, person: e.person, date: e.date?.iso }));
const item = (path: string, file: string) => events(readCorpusItem(path, file).facts);
const read = (text: string, name = 'letter.pdf') =>
  events(readCaseFacts([{ docId: 'd1', name, format: 'pdf', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 }]));

describe('jobs told without an employment word', () => {
  it('reads a bakery run since 2019 and a courier job driven for from 2014, in English and French', () => {
    expect(item('en/v37-bakery-owner-drove-before', 'letter-of-explanation.pdf.txt')).toEqual(
      expect.arrayContaining([
        { kind: 'employment', person: 'applicant', date: '2019' },
        { kind: 'employment', person: 'applicant', date: '2014' },
      ]),
    );
    expect(item('fr/v37-boulangerie-depuis-chauffeur-avant', 'lettre-explicative.pdf.txt')).toEqual(
      expect.arrayContaining([
        { kind: 'employment', person: 'applicant', date: '2019' },
        { kind: 'employment', person: 'applicant', date: '2012' },
      ]),
    );
  });

  it('reads "waiting tables at … since October 2022" across the PDF line break, and an undated run business as nothing', () => {
    expect(item('en/v37-landed-yul-graduated-andes', 'letter.pdf.txt')).toContainEqual({ kind: 'employment', person: 'applicant', date: '2022-10' });
    expect(read('I run a small bakery with my brother.').filter((e) => e.kind === 'employment')).toEqual([]);
  });

  it('does not read a drive of some hours, or a trip "from" a city, as a job', () => {
    expect(read('I drove for three hours from Kumasi to the embassy on 3 May 2024.').filter((e) => e.kind === 'employment')).toEqual([]);
    expect(read('Je conduis pour aller au travail depuis la maison.').filter((e) => e.kind === 'employment')).toEqual([]);
  });
});

describe('CVs with other section titles and rows closing with their year', () => {
  it('reads the jobs under "Where I have worked" and the studies under "Schooling"', () => {
    expect(item('en/v37-resume-nanny-dubai-housekeeper-doha', 'resume.docx.txt')).toEqual([
      { kind: 'employment', person: 'applicant', date: '2015' },
      { kind: 'employment', person: 'applicant', date: '2018' },
      { kind: 'employment', person: 'applicant', date: '2022-03' },
      { kind: 'study', person: 'applicant', date: '2014' },
      { kind: 'study', person: 'applicant', date: '2011' },
    ]);
  });

  it('reads « BTS …, obtenu en 2015 » and « Baccalauréat …, 2012 » under « Formation »', () => {
    expect(item('fr/v37-cv-parcours-gerante-serveuse', 'cv.docx.txt')).toEqual(
      expect.arrayContaining([
        { kind: 'study', person: 'applicant', date: '2015' },
        { kind: 'study', person: 'applicant', date: '2012' },
      ]),
    );
  });

  it('does not date a period by its end year ("…, 2010 – 2014" starts in 2010, not 2014)', () => {
    const studies = read('EDUCATION\nBachelor of Science, University of Lagos, 2010 – 2014\n\nSKILLS\nExcel', 'cv.pdf').filter((e) => e.kind === 'study');
    expect(studies.some((e) => e.date === '2014')).toBe(false);
  });
});

describe('travel tables whose header names the departure and the return', () => {
  it('reads the rows of "Departed Returned Country Reason" with its columns squeezed', () => {
    expect(item('en/v37-trips-table-dates-first-squeezed', 'trips.pdf.txt')).toEqual([
      { kind: 'travel', person: 'applicant', date: '2018-02-14' },
      { kind: 'travel', person: 'applicant', date: '2022-09-03' },
      { kind: 'travel', person: 'applicant', date: '2024-12-20' },
    ]);
  });

  it('reads « Départ Retour Pays Objet » rows dated « 12 avr. 2019 »: the abbreviated month does not end the row', () => {
    expect(item('fr/v37-deplacements-depart-retour-pays', 'deplacements.pdf.txt')).toEqual([
      { kind: 'travel', person: 'applicant', date: '2019-04-12' },
      { kind: 'travel', person: 'applicant', date: '2021-11-02' },
      { kind: 'travel', person: 'applicant', date: '2023-12-15' },
    ]);
  });
});

describe('trips, entries and studies told in other words', () => {
  it('reads "I landed at YUL on …" as an entry to Canada and "started the … program … in September 2022" as studies', () => {
    expect(item('en/v37-landed-yul-graduated-andes', 'letter.pdf.txt')).toEqual(
      expect.arrayContaining([
        { kind: 'entry', person: 'applicant', date: '2022-08-14' },
        { kind: 'study', person: 'applicant', date: '2022-09' },
      ]),
    );
    expect(item('fr/v37-arrivee-canada-dec-obtenu-caissiere', 'lettre.docx.txt')).toContainEqual({ kind: 'study', person: 'applicant', date: '2023-09' });
  });

  it('reads a further stay of a list told by its length ("then ten days in Portugal in September 2022")', () => {
    expect(item('en/v37-email-trips-spent-days', 'email-trips.txt')).toEqual(
      expect.arrayContaining([
        { kind: 'travel', person: 'applicant', date: '2017-04' },
        { kind: 'travel', person: 'applicant', date: '2022-09' },
      ]),
    );
  });

  it('makes a trip told « Avec mon épouse, nous … » both travellers\', and "with my savings" no traveller', () => {
    expect(item('fr/v37-boulangerie-depuis-chauffeur-avant', 'lettre-explicative.pdf.txt')).toEqual(
      expect.arrayContaining([
        { kind: 'travel', person: 'applicant', date: '2021-08' },
        { kind: 'travel', person: 'spouse-or-partner', date: '2021-08' },
      ]),
    );
    expect(read('With my savings, we travelled to Peru in May 2018.').filter((e) => e.kind === 'travel').map((e) => e.person)).toEqual(['applicant']);
  });
});

describe("the couple's events told by a friend or a parent", () => {
  it('reads "since they moved in together in 2020" and "I attended their wedding … on 5 November 2022"', () => {
    expect(item('en/v37-friend-letter-couple-moved-in', 'support-letter-friend.pdf.txt')).toEqual([
      { kind: 'cohabitation-start', person: 'applicant', date: '2020' },
      { kind: 'marriage', person: 'applicant', date: '2022-11-05' },
    ]);
  });

  it('reads « se sont installés ensemble … en 2019 » and « se sont unis à la mairie … le 3 septembre 2022 »', () => {
    expect(item('fr/v37-lettre-amie-couple-installes-ensemble', 'lettre-soutien-amie.pdf.txt')).toContainEqual({ kind: 'cohabitation-start', person: 'applicant', date: '2019' });
    expect(item('fr/v37-lettre-pere-fille-couple', 'lettre-pere.docx.txt')).toContainEqual({ kind: 'marriage', person: 'applicant', date: '2022-09-03' });
  });

  it('reads no marriage from an undated union or a wedding attended without a date', () => {
    expect(read('Ils se sont unis pour le meilleur et pour le pire.').filter((e) => e.kind === 'marriage')).toEqual([]);
    expect(read('I attended their wedding and gave a speech.').filter((e) => e.kind === 'marriage' && e.date)).toEqual([]);
  });
});

describe('more unseen wordings of jobs, studies and trips (lexicon only)', () => {
  const kinds = (text: string, kind: TimelineEvent['kind']) => read(text).filter((e) => e.kind === kind);

  it('reads titles the lexicon did not list, a career started and a team joined, in English and French', () => {
    expect(kinds('Je suis livreur pour Uber Eats depuis mars 2021.', 'employment')).toEqual([{ kind: 'employment', person: 'applicant', date: '2021-03' }]);
    expect(kinds('She started her career at Deloitte in September 2012.', 'employment')).toEqual([{ kind: 'employment', person: 'applicant', date: '2012-09' }]);
    expect(kinds("Il a rejoint notre entreprise le 1er juin 2019 en qualité de technicien.", 'employment')).toEqual([{ kind: 'employment', person: 'applicant', date: '2019-06-01' }]);
    expect(kinds("J'ai commencé à travailler chez Orange Sénégal en 2015.", 'employment')).toEqual([{ kind: 'employment', person: 'applicant', date: '2015' }]);
  });

  it('does not read a spouse joined, or a courier of news, as a job', () => {
    expect(kinds('Il a rejoint son épouse à Lyon en 2019.', 'employment')).toEqual([]);
    expect(kinds('I was the courier of good news that day.', 'employment')).toEqual([]);
  });

  it('reads a degree completed at a school, a honeymoon and a return home as studies and trips, not going back to work', () => {
    expect(kinds('I completed my BSc at the University of Nairobi in 2014.', 'study')).toEqual([{ kind: 'study', person: 'applicant', date: '2014' }]);
    expect(kinds('We honeymooned in Bali in June 2019.', 'travel')).toEqual([{ kind: 'travel', person: 'applicant', date: '2019-06' }]);
    expect(kinds('Je suis retournée au Vietnam en décembre 2023 pour voir mes parents.', 'travel')).toEqual([{ kind: 'travel', person: 'applicant', date: '2023-12' }]);
    expect(kinds('I went back to work in May 2020 after my leave.', 'travel')).toEqual([]);
  });
});

describe("a stay told by the host ('spent Christmas 2023 with us in Beirut')", () => {
  it("reads the couple's holiday at the writer's home abroad, dated by the year it names, in English and French", () => {
    expect(item('en/v37-mother-letter-daughter-couple', 'letter-from-mother.docx.txt')).toContainEqual({ kind: 'travel', person: 'applicant', date: '2023' });
    expect(item('fr/v37-lettre-pere-fille-couple', 'lettre-pere.docx.txt')).toContainEqual({ kind: 'travel', person: 'applicant', date: '2024' });
  });

  it('reads no trip from a stay with the writer in Canada', () => {
    expect(read('My parents spent two weeks with us in Toronto in 2022.').filter((e) => e.kind === 'travel')).toEqual([]);
  });
});

describe('weak files', () => {
  it('reads no job and no trip from an occupation alone and wishes', () => {
    const all = item('fr/v37-negatif-souhaits-profession-seule', 'questionnaire-client.txt');
    expect(all.filter((e) => e.kind === 'employment' || e.kind === 'travel' || e.kind === 'entry')).toEqual([]);
  });
});
