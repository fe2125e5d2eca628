/**
 * The application on the v33 variation set (test/corpus/reading/{en,fr}/v33-*): files whose kind is clear
 * and whose sub-kind is not stated, a sub-kind told only by a code or an acronym (C41, « PVT », CAQ), a
 * sub-kind named as something else (a visitor visa "and not a super visa", a PGWP "not open to her", an
 * exemption the officer found not to apply, « ne passe pas par Entrée express », a refusal's advice for a
 * future application), where the applicant is against the sponsor's or a host's residence, and the
 * notices: an invitation to apply received on a date, a fairness letter contemplated and not sent.
 */
import { readCorpusFolder } from './corpusItem';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { CaseFacts } from '../../../lambdas/contracts/caseFacts';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const application = (item: string) => readCorpusFolder(item).facts.application;
const read = (text: string, name = 'letter.txt'): CaseFacts => {
  const doc: ExtractedDocument = { docId: 'd1', name, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readCaseFacts([doc]);
};
const events = (facts: CaseFacts, kind: string) => facts.timeline.filter((e) => e.kind === kind).map((e) => e.date?.iso);

describe('a kind with no sub-kind stated', () => {
  it.each([
    ['en/v33-sponsor-letter-no-class-stated', 'spousal-sponsorship'],
    ['fr/v33-lettre-repondant-parrainage-sans-categorie', 'spousal-sponsorship'],
    ['en/v33-employer-letter-work-permit-no-basis', 'work-permit'],
    ['en/v33-study-refusal-boilerplate-programmes', 'study-permit'],
    ['fr/v33-refus-vrt-formule-categories', 'visitor-visa'],
    ['en/v33-trv-cover-not-super-visa', 'visitor-visa'],
    ['fr/v33-invitation-mere-vrt-pas-super-visa', 'visitor-visa'],
    ['fr/v33-rp-csq-sans-entree-express', 'permanent-residence'],
  ])('%s is a %s with no sub-kind', (item, kind) => {
    const app = application(item);
    expect(app.kind).toBe(kind);
    expect(app.subKinds).toEqual([]);
  });

  it("does not place a sponsorship by the sponsor's own residence (« j'habite à Montréal », 'I have lived in Vancouver')", () => {
    expect(application('en/v33-sponsor-letter-no-class-stated').applicantLocation).toBe('unknown');
    expect(application('fr/v33-lettre-repondant-parrainage-sans-categorie').applicantLocation).toBe('unknown');
  });
});

describe('a sub-kind told by a code, an acronym or an office', () => {
  it('reads C41 as a spouse\'s open permit, the principal\'s LMIA being another\'s', () => {
    expect(application('en/v33-gcms-open-work-permit-c41').subKinds).toEqual(['lmia-exempt:open-spousal']);
  });

  it('reads « PVT » as International Experience Canada, and a CAQ obtained as the Quebec sub-kind', () => {
    expect(application('fr/v33-lettre-pvt-sigle-seul').subKinds).toEqual(['lmia-exempt:iec']);
    expect(application('fr/v33-permis-etudes-caq-seul').subKinds).toEqual(['quebec-caq']);
  });

  it("reads a family-class file as made from abroad when a Canadian embassy writes to the applicant's address abroad", () => {
    const app = application('fr/v33-ambassade-demande-passeport-regroupement');
    expect(app.subKinds).toEqual(['outland']);
    expect(app.applicantLocation).toBe('outside-canada');
  });
});

describe('a sub-kind named as something else', () => {
  it('keeps the LMIA as the basis when the officer finds the transferee exemption does not apply (EN and FR)', () => {
    expect(application('en/v33-gcms-ict-rejected-lmia-basis').subKinds).toEqual(['lmia']);
    expect(application('fr/v33-notes-smgc-eimt-c12-non-applicable').subKinds).toEqual(['lmia']);
  });

  it('does not read a post-graduation permit "not open to her" beside the working holiday applied for', () => {
    expect(application('en/v33-counsel-iec-compares-programmes').subKinds).toEqual(['lmia-exempt:iec']);
  });

  it("reads the parent's LMIA work permit, not the child's study permit enclosed with it", () => {
    const app = application('en/v33-parents-work-permit-child-study');
    expect(app.kind).toBe('work-permit');
    expect(app.subKinds).toEqual(['lmia']);
  });

  it('reads no sub-kind from a permit held or obtained before', () => {
    const past = read("Objet : Demande de permis d'études\n\nJe suis inscrite au Collège Boréal. J'ai déjà obtenu un permis de travail postdiplôme en 2019, aujourd'hui expiré.");
    expect(past.application.kind).toBe('study-permit');
    expect(past.application.subKinds).toEqual([]);
    const spouse = read('Subject: Study permit application\n\nI was admitted to the Diploma in Nursing at Red River College. My husband holds a post-graduation work permit.');
    expect(spouse.application.kind).toBe('study-permit');
  });

  it("does not read the sponsor's residence or a past arrival as the applicant's location", () => {
    expect(read('Re: sponsorship of my wife\n\nMy sponsor is currently living in Canada. I am sponsoring my wife.').application.subKinds).toEqual([]);
    expect(read('Objet : Parrainage de mon mari\n\nMon mari est venu au Canada comme touriste en 2019. Je parraine mon mari, Karim.').application.subKinds).toEqual([]);
    // The look-alike's counterpart: the husband is in Canada now.
    expect(read('Objet : Parrainage de mon mari\n\nMon mari est au Canada depuis 2019. Je parraine mon mari, Karim.').application.subKinds).toEqual(['inland']);
  });
});

describe('invitations and notices', () => {
  it('reads an invitation to apply received on a date, in English and French', () => {
    expect(events(readCorpusFolder('en/v33-pr-express-entry-no-class').facts, 'invitation-to-apply')).toEqual(['2026-01-09']);
    expect(events(readCorpusFolder('fr/v33-lettre-cec-invitation-datee').facts, 'invitation-to-apply')).toEqual(['2026-01-14']);
    expect(events(read('Date de réception de l\'invitation : 12 mars 2025'), 'invitation-to-apply')).toEqual(['2025-03-12']);
    expect(events(read('Invitation received: 2024-10-15    CRS score: 436'), 'invitation-to-apply')).toEqual(['2024-10-15']);
  });

  it('reads no invitation to apply from an International Experience Canada invitation', () => {
    expect(events(read('Invitation received: 2025-03-01 (Working Holiday pool)'), 'invitation-to-apply')).toEqual([]);
    expect(events(readCorpusFolder('en/v33-counsel-iec-compares-programmes').facts, 'invitation-to-apply')).toEqual([]);
  });

  it('reads no notification from a fairness letter contemplated and not issued, and the approval as the decision', () => {
    const fr = readCorpusFolder('fr/v33-notes-equite-envisagee-non-envoyee').facts;
    expect(events(fr, 'notification')).toEqual([]);
    expect(events(fr, 'decision')).toEqual(['2025-12-09']);
    expect(events(readCorpusFolder('en/v33-gcms-pfl-contemplated-not-issued').facts, 'notification')).toEqual([]);
  });

  it('reads the day a decision was communicated as the notification', () => {
    const fr = readCorpusFolder('fr/v33-courriel-decision-rendue-communiquee').facts;
    expect(events(fr, 'decision')).toEqual(['2026-02-05']);
    expect(events(fr, 'notification')).toEqual(['2026-02-19']);
  });
});
