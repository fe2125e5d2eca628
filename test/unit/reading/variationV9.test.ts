/**
 * The reader on documents of the v9 variation set (test/corpus/reading/{en,fr}/v9-*): jobs, studies
 * and trips told without a trigger word — CV lines that open with their period ("2016–2019
 * Accountant, …", « Depuis 2021  Contrôleuse de gestion »), personal-history tables ("From | To |
 * Activity | City and country"), travel tables and « Séjours à l'étranger » lists, "I was in
 * <country> from …", « J'ai occupé le poste de … de 2015 à 2019 », certificates of service — and the
 * look-alikes that are no event: a job title alone, a planned job or trip, an unemployed row, an
 * empty travel table, a boilerplate "your application". Each event's quote is verbatim in the source.
 */
import type { CaseFacts } from '../../../lambdas/contracts/caseFacts';
import { readCorpusItem as read } from './corpusItem';

/** The timeline as "kind:person:start[→end]", sorted. */
const events = (facts: CaseFacts) => facts.timeline.map((e) => `${e.kind}:${e.person}:${e.date?.iso ?? '-'}${e.end ? `→${e.end.iso}` : ''}`).sort();

function expectQuotesVerbatim(facts: CaseFacts, text: string) {
  for (const e of facts.timeline) expect(text).toContain(e.evidence.quote);
}

describe('CV lines and list rows that open with their period', () => {
  it('reads each year-range line of a CV as its own job or studies, the one open to "Present" with no end', () => {
    const { facts, text } = read('en/v9-cv-year-range-lines', 'resume.txt');
    expect(events(facts)).toEqual([
      'employment:applicant:2014→2016',
      'employment:applicant:2016→2019',
      'employment:applicant:2019',
      'study:applicant:2008→2009',
      'study:applicant:2010→2014',
    ]);
    expectQuotesVerbatim(facts, text);
  });

  it('reads « Depuis 2021 » and « 2015-2019 » lines under « Expérience professionnelle » and « Formation »', () => {
    const { facts, text } = read('fr/v9-cv-lignes-annees', 'cv.txt');
    expect(events(facts)).toEqual([
      'employment:applicant:2013→2015',
      'employment:applicant:2015→2019',
      'employment:applicant:2021',
      'study:applicant:2007→2009',
      'study:applicant:2009→2013',
    ]);
    expectQuotesVerbatim(facts, text);
  });

  it('reads rows whose period is parted from the post by a single space (« 03/2016 – 11/2019 Agent de transit, … ») under « Parcours professionnel »', () => {
    const { facts, text } = read('fr/v9-cv-lignes-simples-mois', 'cv.docx.txt');
    expect(events(facts)).toEqual(['employment:applicant:2016-03→2019-11', 'employment:applicant:2019-12', 'study:applicant:2012-03→2015-11']);
    expectQuotesVerbatim(facts, text);
  });

  it('keeps rows apart when no blank line parts a section title from the row above it (« 2022 : Stage … » dated by its leading year)', () => {
    const { facts } = read('fr/v9-pdf-parcours-etudes-emploi', 'cv.pdf.txt');
    expect(events(facts)).toEqual(['employment:applicant:2022', 'employment:applicant:2023', 'study:applicant:2017-09→2020-06', 'study:applicant:2020→2022']);
  });
});

describe('history and travel tables', () => {
  it('reads a personal history by its activity column: studies, a job, a job to "Present"; an unemployed row and the "City and country" column are no trip', () => {
    const en = read('en/v9-schedule-a-history-table', 'imm5669.txt');
    expect(events(en.facts)).toEqual(['employment:applicant:2017-03→2019-11', 'employment:applicant:2019-12', 'study:applicant:2012-09→2016-06']);
    expectQuotesVerbatim(en.facts, en.text);
    const fr = read('fr/v9-annexe-a-antecedents-tableau', 'imm5669f.txt');
    expect(events(fr.facts)).toEqual(['employment:applicant:2019-01', 'study:applicant:2012-09→2016-06']);
    expectQuotesVerbatim(fr.facts, fr.text);
  });

  it('reads each row of a "Country | From | To | Purpose" table as a trip to its country, besides the trip applied for', () => {
    const { facts } = read('en/v9-travel-table-country-from-to', 'imm5257.txt');
    const trips = facts.timeline.filter((e) => e.kind === 'travel').map((e) => `${e.date?.iso}:${e.country}`).sort();
    expect(trips).toEqual(['2018-04-02:Thailand', '2021-12-20:United Arab Emirates', '2023-10-09:Japan', '2025-07-01:Canada']);
  });

  it('reads a "Previous travel:" answer run with commas as one trip per country named ("Doha, Qatar, 4-11 March 2024" is one)', () => {
    const { facts } = read('en/v9-form-travel-line-commas', 'application-form.txt');
    const trips = facts.timeline.map((e) => `${e.kind}:${e.date?.iso}:${e.country}`).sort();
    expect(trips).toEqual(['travel:2019:Morocco', 'travel:2022-10:Turkey', 'travel:2024-03-04:Qatar']);
  });

  it('reads the list under « Séjours à l’étranger : » as trips, each dated as written (« du 12 au 26 juillet 2019 », « 3-10 novembre 2023 »)', () => {
    const { facts, text } = read('fr/v9-sejours-etranger-liste', 'formulaire.txt');
    expect(events(facts)).toEqual(['travel:applicant:2019-07-12→2019-07-26', 'travel:applicant:2022-03→2022-04', 'travel:applicant:2023-11-03→2023-11-10']);
    expectQuotesVerbatim(facts, text);
  });
});

describe('periods told in sentences without the usual trigger', () => {
  it('reads "I was in <country> from … to …" as a trip, not the trip only planned', () => {
    const { facts } = read('en/v9-email-past-trip-future-trip', 'email.txt');
    expect(events(facts)).toEqual(['travel:applicant:2023-08-03→2023-08-17']);
    expect(facts.timeline[0].country).toBe('Portugal');
  });

  it('reads « J’ai occupé le poste de … de 2015 à 2019 », « Depuis mars 2020, je suis chef d’équipe » and « j’ai suivi une formation », not the job hoped for in Québec', () => {
    const { facts, text } = read('fr/v9-lettre-occupe-poste', 'lettre-explication.txt');
    expect(events(facts)).toEqual(['employment:applicant:2015→2019', 'employment:applicant:2020-03', 'study:applicant:2012-09→2014-06']);
    expectQuotesVerbatim(facts, text);
  });

  it('reads a certificate of service ("served … as … from 03/2016 – 11/2019", « employée … du … au … en qualité d’… »), not the employer’s founding year', () => {
    expect(events(read('en/v9-certificate-of-service-pdf', 'certificate-of-service.pdf.txt').facts)).toEqual(['employment:applicant:2016-03→2019-11']);
    expect(events(read('fr/v9-certificat-de-travail', 'certificat-travail.txt').facts)).toEqual(['employment:applicant:2016-03-01→2019-11-30']);
  });

  it('reads « me suis rendu en France du … au … » and « fait mes études … de 2007 à 2011 »', () => {
    const { facts } = read('fr/v9-declaration-solennelle-voyages', 'declaration.txt');
    expect(events(facts)).toEqual(['study:applicant:2007→2011', 'travel:applicant:2017-05-02→2017-05-20', 'travel:applicant:2019-12→2020-01']);
  });
});

describe('whose period it is', () => {
  it('gives the sponsor his own job when he declares as "sponsor of my wife", and the wife her studies', () => {
    const { facts } = read('en/v9-affidavit-sponsor-tells-wife-history', 'statutory-declaration.txt');
    expect(events(facts)).toEqual(expect.arrayContaining(['employment:sponsor:2018', 'study:applicant:2011-09→2016-07']));
  });

  it('gives the répondant « Je suis employé comme … depuis 2016 » and his wife, the applicant, her past job', () => {
    const { facts } = read('fr/v9-lettre-garant-emploi-conjointe', 'lettre-repondant.txt');
    expect(events(facts)).toEqual(['employment:applicant:2014→2020', 'employment:sponsor:2016']);
  });

  it('reads an employer letter written for the sponsorship of the employee’s wife as the sponsor’s job', () => {
    expect(events(read('en/v9-employer-letter-sponsor-since', 'employment-letter.txt').facts)).toEqual(['employment:sponsor:2021']);
  });

  it('gives the husband’s job to the spouse and reads neither the job hoped for nor the planned trip', () => {
    expect(events(read('fr/v9-courriel-projet-conjoint', 'courriel.txt').facts)).toEqual(['employment:spouse-or-partner:2012']);
  });
});

describe('look-alikes that are no event', () => {
  it('reads no job from a CV headline or a career objective, and no trip from a travel table that has only its header', () => {
    expect(read('en/v9-cv-job-title-alone-empty-table', 'cv.docx.txt').facts.timeline).toEqual([]);
  });

  it('reads no job from « Emploi actuel : Sans emploi » or « Profession : Menuisier », and no trip from an empty « Pays | Du | Au | Motif » table', () => {
    expect(read('fr/v9-tableau-voyages-vide', 'formulaire.pdf.txt').facts.timeline).toEqual([]);
  });

  it('reads no application, refusal, job or trip from an acknowledgement’s boilerplate and its empty labels', () => {
    expect(read('en/v9-ack-email-boilerplate', 'acknowledgement.txt').facts.timeline).toEqual([]);
  });
});
