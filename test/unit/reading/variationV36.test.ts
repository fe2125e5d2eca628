/**
 * Event precision on the v36 variation set (test/corpus/reading/{en,fr}/v36-*): the events a file
 * does not state. A rule quoted in the general ("a sponsor who has been convicted", « un répondant
 * visé par une mesure de renvoi »), another client cited as an example, a permit's validity beside
 * the studies, a trip cancelled, the topic of a tribunal's account, a quoted form-field label, a
 * co-accused's acquittal, a landing in an economic class, and a charge dated by its outcome's date.
 * Each rule is also tested on its own, with the look-alike it must still read.
 */
import { readCorpusItem } from './corpusItem';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { CaseFacts, TimelineEvent } from '../../../lambdas/contracts/caseFacts';

const events = (facts: CaseFacts) => facts.timeline.map((e: TimelineEvent) => ({ kind: e.kind, person: e.person, ...(e.date ? { date: e.date.iso } : {}) }));
const item = (path: string, file: string) => events(readCorpusItem(path, file).facts);
/** The events of one short document, named as a file of that type would be. */
const read = (text: string, name = 'letter.txt') =>
  events(readCaseFacts([{ docId: 'd1', name, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 }]));
const kinds = (list: ReturnType<typeof events>) => list.map((e) => e.kind);

describe('the v36 items', () => {
  it('reads the client’s entry from a counsel letter, not the conviction or the refusal its quoted rules speak of', () => {
    for (const [path, file] of [
      ['en/v36-counsel-letter-quotes-36-1-entry', 'counsel-letter.txt'],
      ['fr/v36-lettre-avocat-cite-36-1-entree', 'lettre-avocate.txt'],
    ]) {
      const found = item(path, file);
      expect(kinds(found)).toEqual(['entry']);
    }
  });

  it('reads neither a removal order nor a conviction from a sponsor’s affidavit that quotes the guide', () => {
    expect(kinds(item('en/v36-affidavit-generic-removal-rule', 'affidavit.txt'))).toEqual(['sponsored-person-landed']);
    expect(item('fr/v36-affidavit-regle-generale-renvoi', 'affidavit.txt')).toEqual([]);
  });

  it('reads no refusal of the applicant from another client cited as an example, and keeps her entry and her job', () => {
    const found = item('en/v36-counsel-letter-other-client-refused', 'submissions.txt');
    expect(found).toEqual(expect.arrayContaining([{ kind: 'entry', person: 'applicant', date: '2023-01-18' }, { kind: 'employment', person: 'applicant', date: '2017-04' }]));
    expect(kinds(found)).not.toContain('refusal');
    expect(kinds(item('fr/v36-lettre-avocat-autre-client-refuse', 'observations.txt'))).not.toContain('refusal');
  });

  it('dates the studies by their completion or their start, never by the permit’s validity', () => {
    expect(item('en/v36-pgwp-validity-studies-completed', 'cover-letter.txt')).toEqual([
      { kind: 'study', person: 'applicant', date: '2023-04' },
      { kind: 'employment', person: 'applicant', date: '2023-08-07' },
    ]);
    expect(item('fr/v36-permis-etudes-expire-programme-commence', 'lettre-explication.pdf.txt')).toEqual([{ kind: 'study', person: 'applicant', date: '2022-08-29' }]);
  });

  it('reads no trip from a trip cancelled in an e-mail thread', () => {
    expect(kinds(item('en/v36-email-cancelled-trip-engaged', 'emails.txt'))).not.toContain('travel');
    expect(kinds(item('fr/v36-courriels-voyage-annule-fiancailles', 'courriels.txt'))).not.toContain('travel');
  });

  it('reads no divorce from a quoted field label, and keeps the declarant’s own marriage', () => {
    const found = item('en/v36-statutory-declaration-form-previous-marriage', 'statutory-declaration.docx.txt');
    expect(found).toEqual([{ kind: 'marriage', person: 'applicant', date: '2006-06-10' }]);
  });

  it('reads an employer’s letter’s own career as someone else’s job', () => {
    expect(item('en/v36-employer-letter-company-founded', 'employment-letter.txt')).toEqual([
      { kind: 'employment', person: 'applicant', date: '2019-02-04' },
      { kind: 'employment', person: 'other', date: '2011' },
    ]);
  });
});

describe('a generic subject a few words into its relative or qualifier', () => {
  it('reads no conviction or removal order of anyone from a rule', () => {
    expect(read('The instructions say that a sponsor who has been convicted of an offence against a relative may not be eligible.')).toEqual([]);
    expect(read('The guide says that a sponsor who is subject to a removal order cannot sponsor.')).toEqual([]);
    expect(read("Le guide précise qu'un répondant sous le coup d'une mesure de renvoi ne peut pas parrainer.")).toEqual([]);
    expect(read("Emporte interdiction de territoire le fait, pour l'étranger, d'être déclaré coupable au Canada d'une infraction.")).toEqual([]);
  });

  it('still reads a named person’s conviction and removal order', () => {
    expect(kinds(read('I was convicted of impaired driving on 3 May 2016 in Calgary.'))).toContain('conviction');
    expect(kinds(read('My sister Brigitte was deported from the United Kingdom in 2012.'))).toContain('removal-order');
  });
});

describe('dates that are not the event’s', () => {
  it('does not date studies by a permit’s validity, but by the studies’ own dates', () => {
    expect(read('She held a post-graduation work permit, from 2 May 2022 to 1 May 2025, after studying at Fanshawe College.')).toEqual([{ kind: 'study', person: 'applicant' }]);
    expect(read('On my study permit I studied at Fanshawe College from 2015 to 2019.')).toEqual([{ kind: 'study', person: 'applicant', date: '2015' }]);
  });

  it('dates a charge by its own year, not by the acquittal told after it', () => {
    const found = read("En 2017, j'ai été poursuivie pour émission de chèque sans provision ; le tribunal m'a relaxée le 2 février 2018.");
    expect(found).toEqual(expect.arrayContaining([{ kind: 'charge', person: 'applicant', date: '2017' }, { kind: 'acquittal', person: 'applicant', date: '2018-02-02' }]));
  });
});

describe('events told of no one, or of someone else', () => {
  it('reads no trip cancelled before its words, but reads a trip taken', () => {
    expect(kinds(read('I think we have to cancel the April trip to Nairobi.'))).not.toContain('travel');
    expect(kinds(read('We travelled to Nairobi in April 2023 to meet his family.'))).toContain('travel');
  });

  it('reads no undated first meeting or engagement named as the topic of testimony, but a dated one', () => {
    expect(read('Their accounts of their first meeting, the proposal and their daily contact were consistent.')).toEqual([]);
    expect(read("L'appelante et son époux ont témoigné de façon franche sur leur rencontre, leurs fiançailles et leurs projets.")).toEqual([]);
    expect(kinds(read('We first met in person on 12 August 2021 in Medellín.'))).toContain('first-meeting');
  });

  it('reads no divorce inside a quoted field label, but the divorce a sentence tells', () => {
    expect(read('The field "Previous marriage - date of divorce" was left blank because my husband was never married.')).toEqual([]);
    expect(kinds(read('I divorced my first husband in Guatemala City on 14 March 2013.'))).toContain('divorce');
  });

  it('gives a co-accused’s acquittal to someone else', () => {
    expect(read('The co-accused Delroy Francis was found not guilty and acquitted on 22 January 2018.')).toEqual([{ kind: 'acquittal', person: 'other', date: '2018-01-22' }]);
  });

  it('reads no sponsored person’s landing from someone else’s landing in the skilled worker class, but keeps the sponsor’s own', () => {
    expect(kinds(read('Mr. Okafor landed in Canada on 12 August 2014 as a permanent resident in the skilled worker class.'))).not.toContain('sponsored-person-landed');
    expect(read('I am sponsoring my wife. I came as a skilled worker. I became a permanent resident on 30 June 2017.')).toEqual([{ kind: 'sponsored-person-landed', person: 'sponsor', date: '2017-06-30' }]);
  });
});

describe('a cohabitation one document dates', () => {
  const doc = (docId: string, text: string) => ({ docId, name: `${docId}.txt`, format: 'text' as const, status: 'ok' as const, statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 });
  it('takes another document’s undated "we shared a home" as that cohabitation, not a second one', () => {
    const facts = readCaseFacts([
      doc('d1', 'We are not married; we shared a home in Brazil for a year and a half before my contract there ended.'),
      doc('d2', 'We lived together in Belo Horizonte from 1 March 2022 until 30 September 2023.'),
    ]);
    expect(events(facts).filter((e) => e.kind === 'cohabitation-start')).toEqual([{ kind: 'cohabitation-start', person: 'applicant', date: '2022-03-01' }]);
  });
});
