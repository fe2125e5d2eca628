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

    it('is told by the trip\'s purpose when that line dates it, and not by an undated purpose (EN and FR)', () => {
      expect(summary(timeline('Purpose of visit: to attend a citizenship ceremony in Halifax on 22 August 2025.'))).toEqual(['travel applicant 2025-08-22']);
      expect(summary(timeline('Objet du voyage : assister à une remise de diplômes le 6 juin 2025.'))).toEqual(['travel applicant 2025-06-06']);
      expect(timeline('Purpose of visit: tourism', 'Objet du voyage : tourisme')).toEqual([]);
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
    it('is one acquittal when the judgment tells it undated and the applicant\'s details date it (EN and FR)', () => {
      const en = timeline('Charged with theft in Accra on 14 July 2017. I was found not guilty at trial on 30 April 2018.', 'JUDGMENT\nThe charge has not been proved beyond reasonable doubt. The accused is acquitted and discharged.');
      expect(summary(en).sort()).toEqual(['acquittal applicant 2018-04-30', 'charge applicant 2017-07-14']);
      const fr = timeline("J'ai été accusé de vol simple le 8 février 2016. Le tribunal m'a déclaré non coupable le 19 septembre 2016.", 'JUGEMENT\nLe Tribunal déclare le prévenu non coupable et le relaxe des fins de la poursuite.');
      expect(summary(fr).sort()).toEqual(['acquittal applicant 2016-09-19', 'charge applicant 2016-02-08']);
    });

    it('keeps an undated reading apart when two dated ones could be it', () => {
      const events = timeline('Acquitted of theft on 2 May 2015. Acquitted of fraud on 9 June 2019.', 'The accused is acquitted.');
      expect(events.filter((e) => e.kind === 'acquittal')).toHaveLength(3);
    });

    it('keeps the precise date when a form gives the month and the judgment the day', () => {
      const form = 'Details: In August 2018 I was arrested and charged with theft.';
      const judgment = 'Prévention : vol simple (arrestation du 21 août 2018)';
      expect(summary(timeline(form, judgment).filter((e) => e.kind === 'charge'))).toEqual(['charge applicant 2018-08-21']);
    });
  });

  describe('jobs told by a title and a date, with no employment verb', () => {
    it('reads a title followed by "since" or "from" and a date as the job held from that date (EN)', () => {
      expect(summary(timeline('2025-02-12 | XB4471 | Evidence: reference letter from a freight company: warehouse supervisor since 2019-08.\n2025-02-13 | XB4471 | Offer reviewed.'))).toEqual(['employment applicant 2019-08']);
      expect(summary(timeline('Senior quality analyst since March 2021, Veldra Pharma Ltd.\nLaboratory technician from June 2015 to February 2021, Sunmed Generics.'))).toEqual(['employment applicant 2021-03', 'employment applicant 2015-06']);
    });

    it('reads a title followed by "depuis" or "de … à" and a date (FR)', () => {
      expect(summary(timeline('Mme Rosine Agbodjan fait partie de notre personnel comme infirmière principale depuis le 3 janvier 2017.'))).toEqual(['employment applicant 2017-01-03']);
      expect(summary(timeline("Expérience : magasinier de 2016 à 2019, puis chef d'entrepôt depuis mars 2020."))).toEqual(['employment applicant 2016', 'employment applicant 2020-03']);
    });

    it('reads a job to be taken at the date it starts (EN and FR)', () => {
      expect(summary(timeline('In Canada she will be operations manager for three years starting 1 September 2024.'))).toEqual(['employment applicant 2024-09-01']);
      expect(summary(timeline("Au Canada, elle sera directrice des opérations pour une durée de 3 ans à compter du 1er septembre 2024."))).toEqual(['employment applicant 2024-09-01']);
    });

    it('reads no job from a title without its date, or from a title whose "from" opens no date', () => {
      expect(timeline('The analyst from the bank called us.', "L'analyste de la banque a appelé.").filter((e) => e.kind === 'employment')).toEqual([]);
    });
  });

  describe('several periods in one sentence', () => {
    it('reads each study and job at its own dates (EN and FR)', () => {
      const en = timeline('I studied civil engineering at Makerere University from 2011 to 2015 and worked as a site engineer for a road builder from 2016 to 2020, then as a project coordinator since January 2021.');
      expect(summary(en).sort()).toEqual(['employment applicant 2016', 'employment applicant 2021-01', 'study applicant 2011']);
      const fr = timeline("J'ai étudié la comptabilité à l'Université de Dakar de 2010 à 2014, puis j'ai travaillé comme aide-comptable du 1er mars 2015 au 30 juin 2019 et comme comptable dans un cabinet depuis septembre 2019.");
      expect(summary(fr).sort()).toEqual(['employment applicant 2015-03-01', 'employment applicant 2019-09', 'study applicant 2010']);
    });

    it('dates a job at the date its trigger spans, not at a later date of the sentence (FR)', () => {
      const events = timeline('Nous certifions que M. Tran est employé à durée indéterminée depuis le 1er octobre 2015 en qualité de chercheur.');
      expect(summary(events)).toEqual(['employment applicant 2015-10-01']);
    });
  });

  describe('trips told without a travel word', () => {
    it('reads "I visited her from … to …" as a trip at its first day (EN and FR)', () => {
      expect(summary(timeline('I visited her from 4 to 19 December 2023 and stayed with her parents.'))).toEqual(['travel applicant 2023-12-04']);
      expect(summary(timeline("Je lui ai rendu visite du 2 au 23 avril 2024 et j'ai logé chez ses parents."))).toEqual(['travel applicant 2024-04-02']);
    });
  });

  describe('a form\'s questions', () => {
    it('reads no event from what a question names, in a table or wrapped over two lines (EN and FR)', () => {
      expect(timeline('| 2. Have you ever been refused a visa or permit, denied entry or ordered to leave Canada or any other country? |  | X |')).toEqual([]);
      expect(timeline('Question 6(b): Have you been convicted of, or are you currently charged with, on trial for, or party\nto a crime or offence in any country? No')).toEqual([]);
      expect(timeline("| 1. Vous a-t-on déjà refusé un visa ou un permis, ou ordonné de quitter le Canada ? |  | X |")).toEqual([]);
      expect(timeline("Question 3 : Avez-vous déjà été expulsé du Canada ou d'un autre pays, ou fait l'objet d'une mesure\nde renvoi ? Non")).toEqual([]);
    });
  });

  describe('a refusal notice\'s own decision', () => {
    it('is the refusal, dated by the "Date of decision" field, never a second event (EN and FR)', () => {
      expect(summary(timeline('Notice of decision\nDate of decision: 26 February 2025\n\nYour application for a visitor visa has been refused.'))).toEqual(['refusal applicant 2025-02-26']);
      expect(summary(timeline('Notification de décision\nDate de la décision : 18 mars 2025\n\nVotre demande de visa de court séjour est refusée.'))).toEqual(['refusal applicant 2025-03-18']);
    });

    it('reads a refusal whose subject names the visa in several words (EN and FR)', () => {
      expect(summary(timeline('On 3 May 2022 my application for a Standard Visitor visa is refused.'))).toEqual(['refusal applicant 2022-05-03']);
      expect(summary(timeline('Le 3 mai 2022, ma demande de visa de résident temporaire est refusée.'))).toEqual(['refusal applicant 2022-05-03']);
    });
  });

  describe('a verb right after a form\'s label', () => {
    it('reads "Details: sponsored …" and "Outcome: refused on …" though the label ends in a letter (EN and FR)', () => {
      expect(summary(timeline('Details: sponsored first wife Patricia Lopes in 2011.', 'Outcome: refused on 3 March 2020.'))).toEqual(['previous-sponsorship applicant 2011', 'refusal applicant 2020-03-03']);
      expect(summary(timeline('Précisions : parrainé mon ex-épouse en 2013.', 'Résultat : refusée le 3 mars 2020.'))).toEqual(['previous-sponsorship applicant 2013', 'refusal applicant 2020-03-03']);
    });
  });

  describe('a removal and its order', () => {
    it('is one removal order, at the date it was made, when the document dates both (EN and FR)', () => {
      expect(summary(timeline('An exclusion order was issued against me in Ireland on 2 March 2018. I was removed from Ireland on 27 March 2018.'))).toEqual(['removal-order applicant 2018-03-02']);
      expect(summary(timeline("Une mesure d'expulsion a été prise contre moi en Espagne le 11 octobre 2019. J'ai été renvoyé vers l'Algérie le 4 novembre 2019."))).toEqual(['removal-order applicant 2019-10-11']);
    });

    it('is the removal\'s date when no order is dated', () => {
      expect(summary(timeline('I was removed from the United States on March 3, 2015 and returned home.'))).toEqual(['removal-order applicant 2015-03-03']);
    });
  });

  describe('negations, hedges and look-alikes', () => {
    it('reads no event from "never refused", a hedge, a mention or an invitation to apply', () => {
      expect(timeline('I have never been refused a visa.', 'Votre demande pourrait être refusée.', 'Vous trouverez une mention d\'un refus de visa dans nos messages.')).toEqual([]);
      // An invitation received is the invitation-to-apply, not the notice of a decision (corpus README, Conventions).
      expect(timeline('Invitation à présenter une demande reçue le 2024-05-15').map((e) => e.kind)).toEqual(['invitation-to-apply']);
    });
  });
});
