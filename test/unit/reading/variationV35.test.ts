/**
 * The application fact on the v35 variation set (test/corpus/reading/{en,fr}/v35-*): what a file applies
 * for when it also names other programmes — a PTPD/PGWP file telling the studies and the CAQ behind it, a
 * sponsorship telling the permits the spouse held, a super visa host's own permanent residence, an open
 * permit resting on a spouse's studies, forms whose option boxes list every permit, an eTA (no kind of the
 * model) — and the focused rules behind it, with the look-alikes they must leave alone.
 */
import { readCorpusFolder } from './corpusItem';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { Application } from '../../../lambdas/contracts/caseFacts';

const applicationOf = (text: string): Application =>
  readCaseFacts([{ docId: 'd1', name: 'lettre.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 }]).application;
const folder = (item: string) => readCorpusFolder(item).facts.application;

describe('v35 items: the kind the file applies for, beside other programmes it names', () => {
  it.each([
    ['fr/v35-ptpd-lettre-caq-etudes-anterieures', 'work-permit', ['lmia-exempt:pgwp'], 'inside-canada'],
    ['fr/v35-parrainage-epoux-ptpd-anterieur', 'spousal-sponsorship', ['inland'], 'inside-canada'],
    ['fr/v35-permis-ouvert-conjoint-etudiante-caq', 'work-permit', ['lmia-exempt:open-spousal'], 'outside-canada'],
    ['fr/v35-entree-express-cec-permis-eimt', 'permanent-residence', ['express-entry', 'express-entry:cec'], 'inside-canada'],
    ['fr/v35-considerations-humanitaires-25-1', 'permanent-residence', [], 'inside-canada'],
    ['fr/v35-super-visa-parents-enfant-rp', 'super-visa', [], 'unknown'],
    ['fr/v35-refus-vrt-liste-programmes', 'visitor-visa', [], 'outside-canada'],
    ['fr/v35-formulaire-cases-permis-travail-coche', 'work-permit', [], 'inside-canada'],
    ['en/v35-super-visa-host-express-entry-history', 'super-visa', [], 'unknown'],
    ['en/v35-form-options-ticked-study-permit', 'study-permit', [], 'inside-canada'],
    ['en/v35-ict-support-letter-spouse-study', 'work-permit', ['lmia-exempt:intra-company-transferee'], 'outside-canada'],
  ])('%s is read as %s %j', (item, kind, subKinds, location) => {
    const application = folder(item);
    expect(application.kind).toBe(kind);
    expect(application.subKinds).toEqual(subKinds);
    expect(application.applicantLocation).toBe(location);
  });

  it('reads an eTA approval as unknown, with the reason, in English and in French', () => {
    for (const item of ['en/v35-eta-approval-email', 'fr/v35-ave-approuvee-courriel']) {
      const application = folder(item);
      expect(application.kind).toBe('unknown');
      expect(application.reason).toMatch(/electronic travel authorization/);
    }
  });
});

describe('a permit or a residence told as history is not what the file applies for', () => {
  it('drops a PGWP obtained after a study permit (« puis un permis de travail postdiplôme ») and keeps the sponsorship', () => {
    const a = applicationOf("Objet : Parrainage de mon époux\n\nJe parraine mon époux, qui vit avec moi à Laval. Il a obtenu un permis d'études, puis un permis de travail postdiplôme. Il a aussi demandé un permis de travail.");
    expect(a.kind).toBe('spousal-sponsorship');
  });

  it("reads a host's own Express Entry residence as history, but an applicant's Express Entry request as the kind", () => {
    const host = applicationOf('My mother is applying for a super visa. I became a permanent resident through Express Entry under the Canadian Experience Class.');
    expect(host.kind).toBe('super-visa');
    expect(host.subKinds).toEqual([]);
    const own = applicationOf('I am applying for permanent residence through Express Entry under the Canadian Experience Class. I hold a work permit.');
    expect(own.kind).toBe('permanent-residence');
    expect(own.subKinds).toEqual(['express-entry', 'express-entry:cec']);
  });

  it('reads « sous plusieurs permis de travail » as status, and a humanitarian request as permanent residence', () => {
    const a = applicationOf("Objet : Demande fondée sur des considérations d'ordre humanitaire\n\nElle a travaillé sous plusieurs permis de travail et vit au Canada depuis sept ans.");
    expect(a.kind).toBe('permanent-residence');
  });

  it('reads the LMIA of a work permit held as history, not a sub-kind of the residence applied for', () => {
    const a = applicationOf("Objet : Demande de résidence permanente – Entrée express\n\nJe travaille à Calgary sous un permis de travail fondé sur une EIMT.");
    expect(a.kind).toBe('permanent-residence');
    expect(a.subKinds).not.toContain('lmia');
  });
});

describe('a CAQ for a work permit goes with an LMIA (IRPR 200(3)(b))', () => {
  it("drops a student's CAQ from a PGWP file", () => {
    const a = applicationOf("Je demande un permis de travail postdiplôme. J'ai obtenu mon CAQ pour études et terminé mon baccalauréat à Québec.");
    expect(a.kind).toBe('work-permit');
    expect(a.subKinds).toEqual(['lmia-exempt:pgwp']);
  });

  it('keeps the CAQ beside a positive LMIA for work in Quebec', () => {
    const a = applicationOf("Je demande un permis de travail pour un poste à Trois-Rivières. Mon employeur a obtenu une EIMT favorable et j'ai obtenu mon CAQ.");
    expect(a.kind).toBe('work-permit');
    expect(a.subKinds).toEqual(expect.arrayContaining(['lmia', 'quebec-caq']));
  });
});

describe('option boxes, requests, a partner’s permit and prospects', () => {
  it('reads the ticked option and not the empty ones, in French and in English', () => {
    expect(applicationOf("Je demande :\n☐ Un permis d'études\n☒ Un permis de travail\n☐ Une fiche de visiteur").kind).toBe('work-permit');
    expect(applicationOf('Ce que je demande : [ ] visa de résident temporaire  [X] permis d’études  [ ] permis de travail').kind).toBe('study-permit');
    expect(applicationOf('I am applying for:  [ ] Visitor record   [ ] Study permit   [x] Work permit').kind).toBe('work-permit');
  });

  it("reads the writer's request over a later PGWP and permanent residence they might be eligible for", () => {
    const a = applicationOf("Je demande un permis d'études pour suivre un DEC. Après mon diplôme, je pourrais être admissible à un permis de travail postdiplôme puis à la résidence permanente par la catégorie de l'expérience canadienne.");
    expect(a.kind).toBe('study-permit');
  });

  it("reads « époux d'une étudiante étrangère » as the basis of an open permit, not a study permit", () => {
    const a = applicationOf("Je souhaite obtenir un permis de travail ouvert à titre d'époux d'une étudiante étrangère. Nous vivons au Liban et je présenterai ma demande depuis le Liban.");
    expect(a.kind).toBe('work-permit');
    expect(a.subKinds).toEqual(['lmia-exempt:open-spousal']);
    expect(a.applicantLocation).toBe('outside-canada');
  });

  it('keeps a study permit that also names the eTA its application counts as (IRPR 12.04)', () => {
    const a = applicationOf('Re: Application for a study permit\n\nI am applying for a study permit to attend the University of Regina. I understand that my application also counts as an application for an eTA.');
    expect(a.kind).toBe('study-permit');
  });
});
