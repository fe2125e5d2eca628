import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { TimelineEvent } from '../../../lambdas/contracts/caseFacts';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

let next = 0;
const doc = (text: string): ExtractedDocument => ({ docId: `t${++next}`, name: `t${next}.txt`, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 });
const timeline = (...texts: string[]): TimelineEvent[] => readCaseFacts(texts.map(doc)).timeline;
const summary = (events: TimelineEvent[]) => events.map((e) => `${e.kind} ${e.person} ${e.date?.iso ?? '-'}`);

describe('the dated timeline', () => {
  it('never reads money charged by a bank as a criminal charge, and still reads a charge laid on a date (EN and FR)', () => {
    const charges = (text: string) => timeline(text).filter((e) => e.kind === 'charge' || e.kind === 'conviction');
    expect(charges('STATEMENT OF ACCOUNT\nE-levy and government levies are charged in line with current regulations.\nBank charges for the month: GHS 35.00\nA charge of 12.50 applies to each transfer.')).toEqual([]);
    expect(charges('Des frais sont prélevés ; la commission est accusée en fin de mois.')).toEqual([]);
    expect(summary(charges('Court record: the applicant was charged on 3 May 2019 with assault; the charge was withdrawn.'))).toContain('charge applicant 2019-05-03');
    expect(summary(charges('Il a été accusé le 12 mars 2018 d\'un vol simple ; il a été acquitté.'))).toContain('charge applicant 2018-03-12');
  });

  describe('history tables', () => {
    it('reads each row of a travel table by its header, at the month the row gives (EN)', () => {
      const events = timeline('Travel history (attachment to IMM 5257)\nApplicant: Amaru Quispe\nFrom       To         Country        Purpose\n06/2017    07/2017    Peru           Family\n12/2021    01/2022    Mexico         Tourism');
      expect(summary(events.filter((e) => e.kind === 'travel'))).toEqual(['travel applicant 2017-06', 'travel applicant 2021-12']);
    });

    it('reads a French travel table whose title sits above a form line (FR)', () => {
      const events = timeline("Historique de voyages des cinq dernières années (annexe à l'IMM 5257 F)\nDemandeur : Awa Ndiaye\nPériode          Pays          Motif\n02/2019          Maroc         tourisme\n10/2022          Italie        congrès");
      expect(summary(events.filter((e) => e.kind === 'travel'))).toEqual(['travel applicant 2019-02', 'travel applicant 2022-10']);
    });

    it('does not read a table title or a signature line as an event', () => {
      const events = timeline('Details of intended study\nSchool: Red River College\nStart: 2025-01-06     End: 2026-12-18\nSignature: A. Quispe    Date: 2024-09-30');
      expect(summary(events)).toEqual(['study applicant 2025-01-06']);
    });
  });

  describe('the trip applied for', () => {
    it('is the applicant\'s trip to Canada, whoever writes it (EN and FR)', () => {
      expect(timeline('Length of stay: 2025-07-02 to 2025-07-30')).toEqual([expect.objectContaining({ kind: 'travel', person: 'applicant', country: 'Canada', date: { iso: '2025-07-02', precision: 'day' } })]);
      expect(timeline('Dates prévues du séjour : du 2025-05-10 au 2025-06-01')).toEqual([expect.objectContaining({ kind: 'travel', person: 'applicant', date: expect.objectContaining({ iso: '2025-05-10' }) })]);
    });

    it('opens at the start of a leave period written before it', () => {
      expect(summary(timeline('Approved leave: 2025-03-03 to 2025-03-21 (travel to Canada).'))).toEqual(['travel applicant 2025-03-03']);
    });
  });

  describe('dates the document gives its own statements', () => {
    it('dates an officer\'s undated refusal at the notes entry it is written in, not at the entry above', () => {
      const events = timeline('2024-01-09 | KLM22 | File received and reviewed.\n2024-02-20 | KLM22 | Concerns not disabused. Application refused.');
      expect(events).toContainEqual(expect.objectContaining({ kind: 'refusal', date: { iso: '2024-02-20', precision: 'day' } }));
    });

    it('dates a refusal letter\'s own decision at the letter\'s head or foot date (EN and FR)', () => {
      expect(timeline('14 March 2025            File: V123456789\n\nYour application for a visitor visa has been refused.')).toContainEqual(expect.objectContaining({ kind: 'refusal', date: { iso: '2025-03-14', precision: 'day' } }));
      expect(timeline('REFUS DE VISA - Formulaire type\nMadame Leila HADDAD,\nLe visa vous a été refusé.\nTunis, le 05/02/2024 Le Consul')).toContainEqual(expect.objectContaining({ kind: 'refusal', date: { iso: '2024-02-05', precision: 'day' } }));
    });
  });

  describe('whose event', () => {
    it('is someone else\'s when a relative of the couple is refused (EN and FR)', () => {
      expect(summary(timeline('The brother of my husband had his visa refused on 4 April 2022.'))).toEqual(['refusal other 2022-04-04']);
      expect(summary(timeline("C'est le frère de mon mari dont la demande de visa a été refusée le 6 février 2023."))).toEqual(['refusal other 2023-02-06']);
    });

    it('is the applicant\'s when an invitation letter speaks of the relative it invites', () => {
      const events = timeline('I, Rosa Lima, invite my mother, Ana Lima, to visit us from 2 to 20 May 2025.\nMy mother works as a nurse in Cusco. My mother visited us previously from 3 June 2019 to 1 August 2019.');
      expect(summary(events.filter((e) => e.kind !== 'travel'))).toEqual(['employment applicant -', 'entry applicant 2019-06-03']);
    });
  });

  it('is the sponsor\'s job in an employer\'s letter written for the employee\'s sponsorship of a spouse (EN and FR)', () => {
    expect(summary(timeline('Ms. Ana Ruiz has been employed full-time with Harbor Freight Ltd. since May 3, 2018 as a dispatcher. This letter is provided in support of her sponsorship of her husband.'))).toEqual(['employment sponsor 2018-05-03']);
    expect(summary(timeline("M. Paul Roy est à notre emploi depuis le 2 mars 2016 à titre de soudeur. Cette attestation est remise à l'appui du parrainage de son épouse."))).toEqual(['employment sponsor 2016-03-02']);
  });

  describe('one event told twice', () => {
    it('keeps the precise date when a form gives the month and the judgment the day', () => {
      const form = 'Details: In August 2018 I was arrested and charged with theft.';
      const judgment = 'Prévention : vol simple (arrestation du 21 août 2018)';
      expect(summary(timeline(form, judgment).filter((e) => e.kind === 'charge'))).toEqual(['charge applicant 2018-08-21']);
    });
  });

  describe('negations, hedges and look-alikes', () => {
    it('reads no event from "never refused", a hedge, a mention or an invitation to apply', () => {
      expect(timeline('I have never been refused a visa.', 'Votre demande pourrait être refusée.', 'Vous trouverez une mention d\'un refus de visa dans nos messages.')).toEqual([]);
      expect(timeline('Invitation à présenter une demande reçue le 2024-05-15').map((e) => e.kind)).toEqual(['notification', 'invitation-to-apply']);
    });
  });
});
