/**
 * What is applied for, on short documents: the LMIA-exempt bases named in other words (International
 * Experience Canada, an intra-corporate transferee, a spouse's open work permit), a super visa asked for
 * by a host's parent, and where the applicant applies from.
 */
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

let next = 0;
const doc = (text: string): ExtractedDocument => ({ docId: `b${++next}`, name: `b${next}.txt`, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 });
const applicationOf = (...texts: string[]) => readCaseFacts(texts.map(doc)).application;

describe('LMIA-exempt bases (IRPR 205)', () => {
  it('reads International Experience Canada as a work permit on the reciprocal-employment exemption, in English and French', () => {
    expect(applicationOf('Subject: Young Professionals stream\nI received my invitation from International Experience Canada for a one-year placement in Ottawa.')).toMatchObject({ kind: 'work-permit', subKinds: ['lmia-exempt:iec'] });
    expect(applicationOf('Objet : Programme vacances-travail\nJe souhaite travailler quelques mois à Banff dans le cadre d’Expérience internationale Canada.')).toMatchObject({ kind: 'work-permit', subKinds: ['lmia-exempt:iec'] });
  });

  it('does not take a company’s “Pvt” (private limited) for a working holiday', () => {
    const read = applicationOf('Sundar Textiles Pvt. Ltd. confirms that Mr. Rao is our accounts officer. He applies for a visitor visa to attend his cousin’s wedding in Brampton.');
    expect(read.kind).toBe('visitor-visa');
    expect(read.subKinds).toEqual([]);
  });

  it('reads an intra-corporate transferee, in English and French, without the code C12', () => {
    expect(applicationOf('Re: work permit for our regional manager as an intra-corporate transferee to our Calgary branch.').subKinds).toContain('lmia-exempt:intra-company-transferee');
    expect(applicationOf('Objet : permis de travail – transfert intra-entreprise de notre directrice technique vers notre filiale de Québec.').subKinds).toContain('lmia-exempt:intra-company-transferee');
  });

  it('reads a spouse’s open work permit asked for « à titre d’époux », and leaves the principal worker’s LMIA out of its bases', () => {
    const read = applicationOf('Ma femme occupe un poste d’infirmière à Regina en vertu d’un permis de travail fondé sur une EIMT. Je demande un permis de travail ouvert à titre d’époux afin de la rejoindre.');
    expect(read.kind).toBe('work-permit');
    expect(read.subKinds).toEqual(['lmia-exempt:open-spousal']);
  });
});

describe('visitors', () => {
  it('reads a super visa asked for by the host’s father, though a relative is named and he lives abroad', () => {
    expect(applicationOf('I invite my father, who lives in Lahore, Pakistan, and who is applying for a super visa to stay with us for two years.').kind).toBe('super-visa');
  });

  it('reads a “tourist visa” as a visitor visa, but not one held for another country', () => {
    expect(applicationOf('I ask for a tourist visa to see Niagara Falls with my husband in September.').kind).toBe('visitor-visa');
    expect(applicationOf('In 2018 I overstayed my tourist visa in the United States.').kind).toBe('unknown');
  });
});

describe('where the applicant applies from', () => {
  it('reads “will apply from” and « présentera sa demande depuis » with the country named after them', () => {
    expect(applicationOf('Re: sponsorship of my wife, Ana. She will apply from Peru.')).toMatchObject({ kind: 'spousal-sponsorship', applicantLocation: 'outside-canada', subKinds: ['outland'] });
    expect(applicationOf('Demande de parrainage de mon époux. Il présentera sa demande depuis le Maroc.')).toMatchObject({ applicantLocation: 'outside-canada', subKinds: ['outland'] });
  });

  it('reads the residence field of the principal applicant’s part of a sponsorship form, not the sponsor’s', () => {
    const form = ['Part A - Sponsor', 'Family name: Roy', 'Country of residence: Canada', '', 'Part B - Principal applicant', 'Family name: Haddad', 'Country of residence: Lebanon', 'Date of marriage to the sponsor: 2022-04-02'].join('\n');
    expect(applicationOf('Re: sponsorship of my husband', form)).toMatchObject({ applicantLocation: 'outside-canada', subKinds: ['outland'] });
    const sponsorOnly = ['Part A - Sponsor', 'Family name: Roy', 'Country of residence: Canada'].join('\n');
    expect(applicationOf('Re: sponsorship of my husband', sponsorOnly).applicantLocation).toBe('unknown');
  });

  it('reads a named partner who has remained abroad as outside Canada, but not a relative nor someone in Canada', () => {
    expect(applicationOf('I am applying to bring my partner to Canada. Since our wedding Lucía has remained in Colombia.').subKinds).toContain('outland');
    expect(applicationOf('Sponsorship of my husband. My brother Omar has remained in Syria.').applicantLocation).toBe('unknown');
    expect(applicationOf('Sponsorship of my husband. Since March Karim has remained in Canada.').applicantLocation).toBe('unknown');
  });

  it('reads the in-Canada worker form by its title, and does not place in Canada someone who only stayed there before', () => {
    expect(applicationOf('Application to change conditions, extend my stay or remain in Canada as a worker\nType of permit: post-graduation work permit').applicantLocation).toBe('inside-canada');
    expect(applicationOf('Objet : permis de travail ouvert\nJ’ai déjà séjourné au Canada comme touriste en 2021. Je demande un permis de travail dans le cadre d’Expérience internationale Canada.').applicantLocation).toBe('unknown');
  });
});
