/**
 * Employment on the v20 variation set (test/corpus/reading/{en,fr}/v20-*): jobs told without the
 * usual verbs ("have been with … since … as", « en poste … depuis », « exploite un commerce »), a
 * spouse's, a sponsor's, a host's and a writer's own jobs, personal-history rows and employment
 * blocks (idle rows, squeezed columns, From/To fields, a military service row), and the look-alikes
 * that are no job held: an offer, a start date, a founding year, an occupation alone, a certification.
 */
import { readCorpusFolder } from './corpusItem';
import { readEvents } from '../../../lambdas/agents/intake/reading/readEvents';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import type { CaseFacts, TimelineEvent } from '../../../lambdas/contracts/caseFacts';
import type { DocumentType, ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const job = (e: TimelineEvent) => `${e.person}:${e.date?.iso ?? '-'}${e.end ? `→${e.end.iso}` : ''}`;
const jobsOf = (facts: CaseFacts) => facts.timeline.filter((e) => e.kind === 'employment').map(job).sort();
const jobs = (item: string) => jobsOf(readCorpusFolder(item).facts);

/** The jobs read in one document of the given type. */
function jobsIn(text: string, type: DocumentType = 'other', language: 'en' | 'fr' = 'en'): string[] {
  const extracted: ExtractedDocument = { docId: 'd1', name: 'doc.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readEvents({ doc: readingDocument(extracted, type, language), spousal: false })
    .filter((e) => e.kind === 'employment')
    .map(job)
    .sort();
}

describe('v20: jobs told without an employment verb', () => {
  it('reads "have been with <company> since 2019 as a dispatcher" and "I was a delivery driver at … from 2015 to 2018"', () => {
    expect(jobs('en/v20-with-company-since-as')).toEqual(['applicant:2015→2018', 'applicant:2019']);
  });

  it('tells the applicant\'s own shop from the husband\'s teaching post ("my husband is a teacher at … since 2011")', () => {
    expect(jobs('en/v20-runs-tailoring-shop-husband-teacher')).toEqual(['applicant:2015', 'spouse-or-partner:2011']);
  });

  it('reads « j\'occupe le poste de … depuis mars 2020 » and « j\'ai travaillé chez … de 2014 à 2019 »', () => {
    expect(jobs('fr/v20-occupe-poste-chez-depuis')).toEqual(['applicant:2014→2019', 'applicant:2020-03']);
  });

  it('reads « mon épouse exploite un commerce … depuis 2012 » as the spouse\'s and « travailleur autonome depuis 2016 » as the writer\'s', () => {
    expect(jobs('fr/v20-exploite-commerce-travailleur-autonome')).toEqual(['applicant:2016', 'spouse-or-partner:2012']);
  });

  it('reads a sponsor\'s own job as the sponsor\'s and the fiancé\'s as the applicant\'s (« je travaille depuis 2016 comme … »)', () => {
    expect(jobs('fr/v20-garant-preposé-fiance-enseignant')).toEqual(['applicant:2019-09', 'sponsor:2016']);
  });

  it('reads officers\' shorthand: « DP travailleuse autonome … depuis 2014 », « Conjoint au service de … depuis 2009 », "Spouse is a clerk … since 2014"', () => {
    expect(jobs('fr/v20-notes-agent-autonome-conjoint')).toEqual(['applicant:2014', 'spouse-or-partner:2009']);
    expect(jobs('en/v20-gcms-notes-farmer-nurse-aide')).toEqual(['applicant:2003→2007', 'applicant:2008', 'spouse-or-partner:2014']);
  });

  it('reads a certificate of service ("has served the … as a Staff Midwife from 2 January 2016 to date") and « en poste … depuis le 1er octobre 2017 », not the founding year', () => {
    expect(jobs('en/v20-certificate-of-service-to-date')).toEqual(['applicant:2016-01-02']);
    expect(jobs('fr/v20-attestation-en-poste-clinique-fondee')).toEqual(['applicant:2017-10-01']);
  });

  it('gives a vouching writer\'s own post to someone else (« curé de la paroisse depuis 2012 »), the applicant\'s two jobs to the applicant', () => {
    expect(jobs('fr/v20-lettre-notable-a-travaille-puis-exploite')).toEqual(['applicant:2008→2015', 'applicant:2016', 'other:2012']);
  });
});

describe('v20: forms and history rows', () => {
  it('leaves out a homemaker row of an employment block in squeezed PDF columns', () => {
    expect(jobs('en/v20-schedule1-squeezed-columns')).toEqual(['applicant:2014-09', 'applicant:2019-03']);
  });

  it('dates a military service row by its columns, under a flat header of twelve words', () => {
    expect(jobs('fr/v20-service-militaire-antecedents')).toEqual(['applicant:2010-09→2011-08', 'applicant:2011-10→2016-05', 'applicant:2016-06']);
  });

  it('reads an employment block given as fields as one job from its From line to its To line', () => {
    expect(jobs('en/v20-employment-fields-from-to')).toEqual(['applicant:2017-02→2020-07', 'applicant:2020-08']);
    expect(jobs('fr/v20-champs-emploi-du-au')).toEqual(['applicant:2013-09→2018-02', 'applicant:2018-03']);
  });
});

describe('v20: look-alikes that are no job held', () => {
  // The job a work permit is asked for is an employment event at its stated start (corpus README, settled on
  // 2026-11-29); the employer's own years in business are no job of the applicant's.
  it('reads the offered job at its start date, and no job from the company\'s years in business', () => {
    expect(jobs('en/v20-job-offer-start-company-since')).toEqual(['applicant:2026-01-05']);
    expect(jobs('fr/v20-offre-emploi-entree-en-fonction')).toEqual(['applicant:2026-01-12']);
  });

  it('reads no job from an occupation alone or « Emploi actuel : sans emploi »', () => {
    expect(jobs('en/v20-occupation-only-fields')).toEqual([]);
    expect(jobs('fr/v20-formulaire-profession-sans-emploi')).toEqual([]);
  });

  it('reads no job from a certification\'s issue month under a CV', () => {
    expect(jobs('en/v20-cv-month-to-date-certification')).toEqual(['applicant:2016-01→2019-02', 'applicant:2019-03']);
  });
});

describe('the rules one at a time', () => {
  it('reads a title held after a bare "is" only when a person stands before it', () => {
    expect(jobsIn('My husband is a teacher at the district school since 2011.')).toEqual(['spouse-or-partner:2011']);
    expect(jobsIn('PA is a nurse at the district hospital since 2015.')).toEqual(['applicant:2015']);
  });

  it('reads "have been with" a company, not with a person or "as a couple"', () => {
    expect(jobsIn('I have been with Baltic Timber UAB since 2019 as a forklift operator.')).toEqual(['applicant:2019']);
    expect(jobsIn('I have been with my husband since 2010 as a couple and we have two children.')).toEqual([]);
  });

  it('opens the period at whichever « depuis » of the clause a date follows', () => {
    expect(jobsIn('Mon fiancé est enseignant de mathématiques au lycée de Fès depuis septembre 2019.', 'other', 'fr')).toEqual(['spouse-or-partner:2019-09']);
  });

  it('reads « travaille à la … depuis » and « salarié de … depuis », not « travaille à la … » undated and unbounded', () => {
    expect(jobsIn('Mon cousin travaille à la mairie depuis 2005.', 'other', 'fr')).toEqual(['other:2005']);
    expect(jobsIn('Mme Diallo est salariée de la société Orange Mali depuis le 2 mai 2016.', 'employment-letter', 'fr')).toEqual(['applicant:2016-05-02']);
    expect(jobsIn('Je travaille à la maison le dimanche.', 'other', 'fr')).toEqual([]);
  });

  it('gives the host\'s own job in an invitation letter to the inviter', () => {
    const letter = 'Subject: Invitation for my mother to visit\n\nI am a Canadian citizen and I work as a pharmacist with a community pharmacy in Burnaby since 2016.';
    expect(jobsIn(letter, 'invitation-letter')).toEqual(['inviter:2016']);
  });

  it('gives the writer\'s own job in an employer\'s letter to someone else, the employee\'s to the applicant', () => {
    const letter = 'Ms. Ana Ruiz has been a permanent employee of ours since 12 September 2016.\n\nI joined the company in 2004 and have supervised her since her arrival.';
    expect(jobsIn(letter, 'employment-letter')).toEqual(['applicant:2016-09-12', 'other:2004']);
  });

  it('reads "In service since:" as a job\'s start field', () => {
    expect(jobsIn('Employee: Nguyen Thi Lan\nPosition: Clinical pharmacist\nIn service since: 2014-09-01', 'employment-letter')).toEqual(['applicant:2014-09-01']);
  });

  it('reads "mandatory service" with its details as the service period', () => {
    expect(jobs('en/v20-military-service-details')).toEqual(['applicant:2013-03→2014-12']);
  });
});
