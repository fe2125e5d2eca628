import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

let next = 0;
const doc = (text: string): ExtractedDocument => ({ docId: `a${++next}`, name: `a${next}.txt`, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 });
const applicationOf = (...texts: string[]) => readCaseFacts(texts.map(doc)).application;

describe('what is applied for', () => {
  it('reads a request to renew or extend a study or work permit as made inside Canada (IRPR 201(1), 217(1)), in English and French', () => {
    expect(applicationOf('Re: Request to renew my study permit\nI am asking to extend my study permit to finish my last term at the college.')).toMatchObject({ kind: 'study-permit', applicantLocation: 'inside-canada' });
    expect(applicationOf('Objet : renouvellement de mon permis de travail\nJe demande la prolongation de mon permis de travail fermé ; mon employeur a obtenu une nouvelle EIMT.')).toMatchObject({ kind: 'work-permit', applicantLocation: 'inside-canada' });
    expect(applicationOf('Study permit application made outside Canada; my previous study permit expired in 2019.').applicantLocation).toBe('outside-canada');
  });

  it('reads an LMIA-based work permit from an officer\'s notes, in English and French', () => {
    expect(applicationOf('Officer notes - W300000001 - Work Permit (LMIA-based) - refused under R200(1)(b).')).toMatchObject({ kind: 'work-permit', subKinds: ['lmia'] });
    expect(applicationOf('Notes de l\'agent - Permis de travail fondé sur une EIMT - offre de soudeur.')).toMatchObject({ kind: 'work-permit', subKinds: ['lmia'] });
  });

  it('reads a work permit whose file speaks of the job\'s LMIA as LMIA-based, unless it says none is needed (IRPR 203 or 204–205)', () => {
    expect(applicationOf('Your application for a work permit is refused. The Labour Market Impact Assessment for the position asks for basic English.')).toMatchObject({ kind: 'work-permit', subKinds: ['lmia'] });
    expect(applicationOf('Demande de permis de travail : l\'EIMT exige trois ans d\'expérience comme soudeur.')).toMatchObject({ kind: 'work-permit', subKinds: ['lmia'] });
    expect(applicationOf('Work permit application. This position is exempt from an LMIA under the International Mobility Program.').subKinds).toEqual([]);
    expect(applicationOf('Demande de permis de travail : le poste est dispensé d\'EIMT.').subKinds).toEqual([]);
  });

  it('says whether a spousal sponsorship is made in Canada (inland) or from abroad (outland) when it knows where the applicant is', () => {
    expect(applicationOf('Application for sponsorship of my wife, made from within Canada (in-Canada class).')).toMatchObject({ kind: 'spousal-sponsorship', applicantLocation: 'inside-canada', subKinds: ['inland'] });
    expect(applicationOf('Sponsorship of my husband; his application is submitted from outside Canada.')).toMatchObject({ kind: 'spousal-sponsorship', applicantLocation: 'outside-canada', subKinds: ['outland'] });
    expect(applicationOf('Sponsorship of my husband.')).toMatchObject({ kind: 'spousal-sponsorship', applicantLocation: 'unknown', subKinds: [] });
  });

  it('reads a temporary resident visa named across a line break', () => {
    expect(applicationOf('After a careful review of your application for a temporary\nresident visa, I am refusing your application.').kind).toBe('visitor-visa');
  });

  it('reads a common-law sponsorship stated in French, in the third person', () => {
    expect(applicationOf('Nous déclarons ce qui suit, à l\'appui de la demande de parrainage de Mme Diallo à titre de conjointe de fait.').kind).toBe('common-law-sponsorship');
  });

  it('does not take the kinds a form\'s question lists, a relative\'s visa or a status field for the application', () => {
    const facts = applicationOf(
      'Have you ever been refused a visitor or temporary resident visa, a study permit or a work permit? No',
      'Re: Sponsorship of my husband\n\nMy brother was refused a visitor visa by another country.',
      'Employée : Nour Haddad     Statut : permis de travail ouvert (conjoint)',
    );
    expect(facts.kind).toBe('spousal-sponsorship');
  });

  it('does not read a visitor visa refused by another country as this file\'s application', () => {
    expect(applicationOf('In 2018 my application for a UK Standard Visitor visa was refused.', 'When I completed my study permit application in 2023, I answered No.').kind).toBe('study-permit');
  });

  it('reads a post-graduation work permit as a work permit, not the study permit the applicant holds', () => {
    expect(applicationOf('Notes SMGC | Permis de travail post-diplôme (PTPD) | Client : OKAFOR, Chinedu\nLe client détient un permis d\'études valide; demande présentée au Canada.')).toMatchObject({ kind: 'work-permit', subKinds: ['lmia-exempt:pgwp'], applicantLocation: 'inside-canada' });
  });

  it('is a refusal file only when a Canadian decision refuses this application', () => {
    expect(applicationOf('Immigration, Refugees and Citizenship Canada\n\nYour application for a work permit has been refused under the IRPR.').isRefusal).toBe(true);
    expect(applicationOf('Invitation to apply for permanent residence in Canada.\n\nAn incomplete application may be refused.').isRefusal).toBe(false);
    expect(applicationOf('UK Visas and Immigration\n\nYour application for a visit visa has been refused.', 'My study permit application to Canada').isRefusal).toBe(false);
    expect(applicationOf('Re: Sponsorship of my husband (Canada)\n\nLe frère de mon mari, dont la demande de visa Schengen a été refusée, vit à Tanger.').isRefusal).toBe(false);
  });
});

describe('what is applied for: the in-Canada class and lists of relationships', () => {
  it('reads the spouse or common-law partner in Canada class as a spousal sponsorship made in Canada, not a common-law one (IRPR 123–124)', () => {
    expect(applicationOf('Re: Sponsorship application - spouse or common-law partner in Canada class\nPlease find my application to sponsor my husband, who lives with me in Regina.')).toMatchObject({ kind: 'spousal-sponsorship', applicantLocation: 'inside-canada', subKinds: ['inland'] });
    expect(applicationOf('Objet : demande de parrainage - catégorie des époux ou conjoints de fait au Canada\nJe parraine mon épouse, qui habite avec moi à Lévis.')).toMatchObject({ kind: 'spousal-sponsorship', applicantLocation: 'inside-canada', subKinds: ['inland'] });
  });

  it('does not read a form heading that lists every relationship as a common-law or conjugal sponsorship', () => {
    expect(applicationOf('SPONSOR AND SPOUSE, COMMON-LAW PARTNER OR CONJUGAL PARTNER\nSponsorship of my wife, who applies from outside Canada.').kind).toBe('spousal-sponsorship');
    expect(applicationOf('RÉPONDANT ET ÉPOUX, CONJOINT DE FAIT OU PARTENAIRE CONJUGAL\nDemande de parrainage de mon époux.').kind).toBe('spousal-sponsorship');
  });

  it('still reads a common-law couple, and a couple who lived together and then married as spouses', () => {
    expect(applicationOf('Sponsorship of my common-law partner. We began living together in 2019.').kind).toBe('common-law-sponsorship');
    expect(applicationOf('Sponsorship of my wife. We began living together in 2019 and were married in 2022.').kind).toBe('spousal-sponsorship');
  });
});

describe('what is applied for: French names of kinds and sub-kinds', () => {
  it.each([
    ['Je demande un permis de travail ; l\'employeur a obtenu une EIMT positive.', 'work-permit', ['lmia']],
    ['Je demande un permis de travail postdiplôme (PTPD) après mon programme collégial.', 'work-permit', ['lmia-exempt:pgwp']],
    ['Demande de résidence permanente - Entrée express, Programme des travailleurs qualifiés (fédéral).', 'permanent-residence', ['express-entry', 'express-entry:fsw']],
    ['J\'ai obtenu mon certificat d\'acceptation du Québec (CAQ) et je demande un permis d\'études.', 'study-permit', ['quebec-caq']],
    ['Objet : demande de VRT. Je sollicite un visa pour une visite au Canada chez ma sœur.', 'visitor-visa', []],
  ])('%s', (text, kind, subKinds) => {
    const application = applicationOf(text);
    expect(application.kind).toBe(kind);
    expect(application.subKinds).toEqual(subKinds);
  });
});

describe('what is applied for: permanent residence by a province or Quebec', () => {
  it.each([
    'Application for permanent residence under the Provincial Nominee Program; nomination certificate enclosed.',
    'Demande de résidence permanente - titulaire d’un certificat de sélection du Québec (CSQ), Programme de l’expérience québécoise.',
    'Demande de résidence permanente au titre du Programme des candidats des provinces (PCP).',
  ])('%s', (text) => {
    expect(applicationOf(text).kind).toBe('permanent-residence');
  });
});
