/**
 * Studies on the v28 variation set (test/corpus/reading/{en,fr}/v28-*): a study period however the
 * file tells it — a form's education rows and intended programme, a PGWP or CAQ form's programme
 * fields, an attestation's « Date d'entrée » and « Date de fin des études », a credential's year, a
 * completion told in words — and what is no study: a refusal's "end of your studies", an interest
 * in studying, a date a transcript was received, a school table's country read as a trip.
 */
import { readCorpusItem } from './corpusItem';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { CaseFacts } from '../../../lambdas/contracts/caseFacts';

const studies = (facts: CaseFacts) =>
  facts.timeline.filter((e) => e.kind === 'study').map((e) => ({ person: e.person, date: e.date?.iso, ...(e.end ? { end: e.end.iso } : {}) }));
const kinds = (facts: CaseFacts) => facts.timeline.map((e) => e.kind);

/** One document of `text`, read as an audit reads it. */
const read = (text: string, name = 'document.txt') =>
  readCaseFacts([{ docId: 'd1', name, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 }]);

describe('the v28 items', () => {
  it('reads a PGWP form’s programme as one period from its start to its completion, and not the day the marks came', () => {
    expect(studies(readCorpusItem('en/v28-pgwp-form-program-dates', 'pgwp-details.pdf.txt').facts)).toEqual([{ person: 'applicant', date: '2022-09-06', end: '2025-04-25' }]);
  });

  it('reads a CAQ form’s « Date de début des études » as the programme, its expected end only as that end', () => {
    expect(studies(readCorpusItem('fr/v28-formulaire-caq-dates-programme', 'demande-caq.pdf.txt').facts)).toEqual([{ person: 'applicant', date: '2026-08-24', end: '2029-05-29' }]);
  });

  it('reads an attestation’s « Date d’entrée » beside « Date de fin des études » as the studies, not an entry to a country', () => {
    const { facts } = readCorpusItem('fr/v28-releve-notes-haiti-entree-sortie', 'attestation-etudes.pdf.txt');
    expect(studies(facts)).toEqual([{ person: 'applicant', date: '2014-10', end: '2018-07' }]);
    expect(kinds(facts)).not.toContain('entry');
  });

  it('reads a squeezed education table with a Country column as two courses of studies, not trips', () => {
    const { facts } = readCorpusItem('en/v28-imm5257-education-squeezed-table', 'imm5257.pdf.txt');
    expect(studies(facts)).toEqual([
      { person: 'applicant', date: '2009-10', end: '2012-07' },
      { person: 'applicant', date: '2013-10', end: '2015-07' },
    ]);
    expect(kinds(facts)).not.toContain('travel');
  });

  it('reads the husband’s studies as the spouse’s and the applicant’s degree as hers', () => {
    const read = studies(readCorpusItem('en/v28-open-wp-letter-husband-diploma', 'letter.docx.txt').facts);
    expect(read).toEqual(expect.arrayContaining([{ person: 'spouse-or-partner', date: '2025-01' }, { person: 'applicant', date: '2015' }]));
  });

  it('reads « a obtenu son diplôme d’État … en 2016 » as the wife’s and « j’ai obtenu une licence … en 2012 » as the writer’s', () => {
    const read = studies(readCorpusItem('fr/v28-lettre-conjointe-diplome-infirmiere', 'lettre.docx.txt').facts);
    expect(read).toEqual(expect.arrayContaining([{ person: 'spouse-or-partner', date: '2016' }, { person: 'applicant', date: '2012' }]));
  });

  it('reads a diploma « délivré le » on one date, once, though its title line gives the academic year', () => {
    expect(studies(readCorpusItem('fr/v28-diplome-delivre-le-tunis', 'diplome.pdf.txt').facts)).toEqual([{ person: 'applicant', date: '2020-07-22' }]);
  });

  it('reads no study from a refusal’s "leave Canada at the end of your studies", in English or French', () => {
    expect(studies(readCorpusItem('en/v28-refusal-leave-end-of-studies', 'refusal.pdf.txt').facts)).toEqual([]);
    expect(studies(readCorpusItem('fr/v28-lettre-refus-fin-des-etudes', 'lettre-refus.pdf.txt').facts)).toEqual([]);
  });

  it('reads no study from a study plan that only wishes for a programme', () => {
    expect(studies(readCorpusItem('en/v28-study-plan-wish-tuition', 'study-plan.docx.txt').facts)).toEqual([]);
    expect(studies(readCorpusItem('fr/v28-plan-etudes-souhait-droits', 'plan-etudes.docx.txt').facts)).toEqual([]);
  });
});

describe('programme fields', () => {
  it('dates studies told only by their completion field, in a block that names the school', () => {
    expect(studies(read('Name of institution: Red River College\nProgram completed: Diploma, Business IT\nDate of completion: 2024-12-13\n'))).toEqual([{ person: 'applicant', date: '2024-12-13' }]);
  });

  it('reads no study from an expected end alone, nor from a form’s own "Date of completion" with no school', () => {
    expect(studies(read('Établissement : Cégep de Sept-Îles\nDate de fin prévue : 2028-05-30\n'))).toEqual([]);
    expect(studies(read('Questionnaire\nName: Ana Lima\nDate of completion: 2025-03-01\n'))).toEqual([]);
  });

  it('dates studies by a credential’s year (an assessment report’s line)', () => {
    expect(studies(read('Credential: Licenciatura en Economía, Universidad de la República, 2014\n'))).toEqual([{ person: 'applicant', date: '2014' }]);
  });

  it('keeps a job’s « Date d’entrée » a job’s, and reads no studies from it', () => {
    const facts = read('Employeur : Banque Atlantique\nPoste : caissière\nDate d\'entrée : 2016-03-01\nDate de sortie : 2020-08-31\n');
    expect(studies(facts)).toEqual([]);
    expect(facts.timeline.filter((e) => e.kind === 'employment').map((e) => e.date?.iso)).toEqual(['2016-03-01']);
  });
});

describe('studies told in words', () => {
  it('reads a completion ("completed the two-year … diploma … on 25 April 2025") as the study, dated by it', () => {
    expect(studies(read('I completed the two-year Computer Programming diploma at Seneca Polytechnic on 25 April 2025 and received my final transcript on 12 May 2025.'))).toEqual([
      { person: 'applicant', date: '2025-04-25' },
    ]);
  });

  it('closes a dated enrolment with a completion told after it, not a second study', () => {
    const facts = read('Ms. Roy has been a full-time student at Dalhousie University since 6 September 2021. She completed the Bachelor of Science program on 30 April 2025.');
    expect(studies(facts)).toEqual([{ person: 'applicant', date: '2021-09-06', end: '2025-04-30' }]);
  });

  it('reads « satisfait à toutes les exigences du programme … le 30 mai 2025 » and « à compter du » for an admitted programme', () => {
    expect(studies(read('Nous attestons que Mme Diallo a satisfait à toutes les exigences du programme Techniques de comptabilité le 30 mai 2025.'))).toEqual([{ person: 'applicant', date: '2025-05-30' }]);
    expect(studies(read('Je présente une demande pour suivre le programme de soins infirmiers au Cégep de Jonquière, à compter du 19 août 2026.'))).toEqual([{ person: 'applicant', date: '2026-08-19' }]);
  });

  it('reads a sister who "studies nursing in Calgary" as someone else’s studies', () => {
    expect(studies(read('My younger sister holds a study permit and studies nursing in Calgary; we will stay with her.'))).toEqual([{ person: 'other', date: undefined }]);
  });

  it('reads no study from an interest in studying, a proposed period of study, or "your studies in Canada"', () => {
    const facts = read(
      'Thank you for your interest in studying in Canada. You have not shown funds to pay your tuition during your proposed period of study. Your studies in Canada would not be reasonable.',
    );
    expect(studies(facts)).toEqual([]);
  });

  it('reads no study from a balance certificate "dated" a day, nor from obtaining a CAQ', () => {
    expect(studies(read('Bank statements were not provided, only a one-line balance certificate dated 2023-05-30.'))).toEqual([]);
    expect(studies(read("J'ai obtenu mon certificat d'acceptation du Québec (CAQ) le 3 mars 2026 et je présente ma demande."))).toEqual([]);
  });
});
