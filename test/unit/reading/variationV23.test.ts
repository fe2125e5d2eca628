/**
 * Refusals, applications, decisions, notifications, previous sponsorships and court outcomes on the
 * v23 variation set (test/corpus/reading/{en,fr}/v23-*), and the rules behind them with their
 * look-alikes: a relative's refusal named by whose relative they are, visa-history tables with an
 * outcome column, the Schengen form's ticked box, a court record's outcome and its date line, an
 * Express Entry invitation and its boilerplate, approvals as decisions, a letter sent as the
 * notification, refusals listed in one answer, a pardon beside a conviction.
 */
import { readCorpusFolder } from './corpusItem';
import { readEvents } from '../../../lambdas/agents/intake/reading/readEvents';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { CaseFacts, TimelineEvent } from '../../../lambdas/contracts/caseFacts';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const textDoc = (text: string, name = 'doc.txt'): ExtractedDocument => ({ docId: 'd1', name, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 });
const brief = (e: TimelineEvent) => `${e.kind} ${e.person} ${e.date?.iso ?? '-'}`;
/** The events the event reader reads in one document of the given type. */
const read = (text: string, language: 'en' | 'fr' = 'en', type: Parameters<typeof readingDocument>[1] = 'other') =>
  readEvents({ doc: readingDocument(textDoc(text), type, language), spousal: false }).map(brief);
/** The whole model's timeline (status events included) of one document. */
const timeline = (text: string, name?: string) => readCaseFacts([textDoc(text, name)]).timeline.map(brief);
const events = (facts: CaseFacts) => facts.timeline.map(brief);

describe('the v23 items', () => {
  it('reads a relative of a named client as someone else: « le frère de notre cliente s’est vu refuser »', () => {
    expect(events(readCorpusFolder('fr/v23-lettre-avocate-refus-du-frere').facts)).toEqual(['application applicant 2025-03-04', 'refusal other 2021']);
    expect(events(readCorpusFolder('en/v23-counsel-letter-sister-refused').facts)).toContain('refusal other 2022');
    expect(events(readCorpusFolder('en/v23-counsel-letter-sister-refused').facts)).not.toContain('refusal applicant 2022');
  });

  it('reads the refused rows of a visa-history table, squeezed or with its cells, and no trip from any row', () => {
    expect(events(readCorpusFolder('en/v23-visa-history-table-squeezed').facts)).toEqual(['refusal applicant 2018', 'refusal applicant 2023-09-12']);
    expect(events(readCorpusFolder('fr/v23-tableau-historique-visas').facts)).toEqual(['refusal applicant 2021-03', 'refusal applicant 2023-08-15']);
  });

  it('reads the Schengen form’s ticked "refused" as the refusal, dated by the form, in the issuing state', () => {
    const { facts } = readCorpusFolder('en/v23-schengen-standard-refusal-form');
    expect(facts.timeline.map((e) => [e.kind, e.date?.iso, e.country])).toEqual([['refusal', '2024-04-18', 'Netherlands']]);
    expect(events(readCorpusFolder('fr/v23-refus-schengen-formulaire-belgique').facts)).toEqual(['refusal applicant 2025-02-21']);
  });

  it('reads GCMS notes: the application received, the refusal, and the letter sent the next day as the notification', () => {
    expect(events(readCorpusFolder('en/v23-gcms-received-refused-sent').facts)).toEqual(['application applicant 2025-01-20', 'refusal applicant 2025-03-05', 'notification applicant 2025-03-06']);
    expect(events(readCorpusFolder('fr/v23-notes-smgc-recue-refusee-transmise').facts)).toEqual(['application applicant 2024-10-02', 'refusal applicant 2024-11-18', 'notification applicant 2024-11-19']);
  });

  it('reads a court record’s counts: each charge sworn, each withdrawn, stayed or acquitted count dated by its decision line', () => {
    expect(events(readCorpusFolder('en/v23-court-disposition-withdrawn-stayed').facts).sort()).toEqual(
      ['acquittal applicant 2019-09-30', 'acquittal applicant 2020-01-15', 'charge applicant 2019-02-11', 'charge applicant 2019-03-04'].sort(),
    );
    const plumitif = events(readCorpusFolder('fr/v23-plumitif-arret-acquittement').facts);
    expect(plumitif.sort()).toEqual(['acquittal applicant 2018-11-20', 'acquittal applicant 2019-01-10', 'charge applicant 2018-06-04', 'charge applicant 2018-07-09'].sort());
  });

  it('reads an invitation to apply, not its boilerplate refusals nor an application', () => {
    expect(events(readCorpusFolder('en/v23-ita-letter-boilerplate').facts)).toEqual(['invitation-to-apply applicant 2024-11-06']);
    expect(events(readCorpusFolder('fr/v23-lettre-invitation-ita-formules').facts)).toEqual(['invitation-to-apply applicant 2025-02-20']);
  });

  it('reads a decision and the later day it was communicated, in English and French', () => {
    expect(events(readCorpusFolder('en/v23-email-decision-communicated-later').facts)).toEqual(['decision applicant 2025-05-14', 'notification applicant 2025-06-02']);
    expect(events(readCorpusFolder('fr/v23-courriel-decision-communiquee-plus-tard').facts)).toEqual(['decision applicant 2025-04-03', 'notification applicant 2025-04-22']);
  });

  it('reads the sponsor’s conviction in a sworn declaration written by the sponsor, not the record suspension', () => {
    expect(events(readCorpusFolder('fr/v23-declaration-solennelle-condamnation-suspension').facts)).toEqual(['conviction sponsor 2010-03-22']);
    expect(events(readCorpusFolder('en/v23-statutory-declaration-record-suspension').facts)).toEqual(['conviction sponsor 2008-10-03']);
  });

  it('reads two refusals listed in one answer, each with its own date', () => {
    expect(events(readCorpusFolder('en/v23-imm5257-refusal-details-uk-australia').facts)).toEqual(['refusal applicant 2019-03', 'refusal applicant 2021-11-14']);
  });

  it('reads a previous sponsorship told by its undertaking’s month, and the former spouse’s landing', () => {
    expect(events(readCorpusFolder('en/v23-imm1344-previous-sponsorship-landed').facts)).toEqual(['previous-sponsorship sponsor 2012-05', 'sponsored-person-landed previous-spouse 2013-02-19']);
  });
});

describe('whose refusal', () => {
  it('reads a relative named by whose relative they are as someone else', () => {
    expect(read("The applicant's brother was refused a visa in 2019.")).toEqual(['refusal other 2019']);
    expect(read('La sœur de la demanderesse a essuyé un refus de visa en 2020.', 'fr')).toEqual(['refusal other 2020']);
  });

  it('reads a name the document gave a role as that person', () => {
    expect(read('We act for the sponsor, Ms. Tran. In 2016 Ms. Tran was convicted of fraud.')).toEqual(['conviction sponsor 2016']);
  });
});

describe('refusal tables and ticked boxes', () => {
  it('reads no refusal from issued or pending rows', () => {
    expect(read('Country | Visa type | Result | Date\nJapan | Visitor | Issued | 2019-04-02\nIreland | Visitor | Pending | 2025-01-10')).toEqual([]);
  });

  it('reads no refusal where the ticked box is another outcome', () => {
    expect(read('Date: 02/03/2024\nThe visa has been [ ] refused [X] annulled [ ] revoked', 'en', 'refusal-letter')).toEqual([]);
    expect(read('Date: 02/03/2024\nThe visa has been ☒ refused ☐ annulled ☐ revoked', 'en', 'refusal-letter')).toEqual(['refusal applicant 2024-03-02']);
  });
});

describe('decisions, notifications and invitations', () => {
  it('reads approvals as the decision, not one denied or never made', () => {
    expect(read('2025-03-01 Funds sufficient.\n2025-03-01 Application approved.', 'en', 'gcms-notes')).toEqual(['decision applicant 2025-03-01']);
    expect(read('Votre demande a été approuvée le 4 juin 2025.', 'fr')).toEqual(['decision applicant 2025-06-04']);
    expect(read('The application was not approved.')).toEqual([]);
    expect(read('I withdrew my application in 2022 before any decision was made.')).toEqual([]);
  });

  it('reads a refusal letter sent or « transmise » as the notification only', () => {
    expect(read('2024-11-19 Lettre de refus transmise au client par le portail.', 'fr', 'gcms-notes')).toEqual(['notification applicant 2024-11-19']);
    expect(read('J’ai reçu la lettre de refus le 10 avril 2024.', 'fr')).toEqual(['notification applicant 2024-04-10']);
  });

  it('reads an outcome given as a label’s value, but not a label answered none', () => {
    expect(read('Status: Refused (2023-05-14)')).toEqual(['refusal applicant 2023-05-14']);
    expect(read('Décision : Refusée le 3 mars 2024', 'fr')).toEqual(['refusal applicant 2024-03-03']);
    expect(read('Previous refusals: None')).toEqual([]);
  });

  it('reads an invitation dated before its words, not one merely hoped for', () => {
    expect(timeline('On 6 November 2024, you were invited to apply for permanent residence.')).toEqual(['invitation-to-apply applicant 2024-11-06']);
    expect(timeline('If I receive an invitation to apply in 2026, I will apply for permanent residence.')).not.toContain('invitation-to-apply applicant 2026');
  });
});

describe('refusals told otherwise, and their look-alikes', () => {
  it('reads a refusal received or had, and an unsuccessful application', () => {
    expect(read('I received a refusal from the United Kingdom in 2017.')).toEqual(['refusal applicant 2017']);
    expect(read('My visa application was unsuccessful in 2020.')).toEqual(['refusal applicant 2020']);
    expect(read('In August 2020 the Home Office rejected my application for a visit visa.')).toEqual(['refusal applicant 2020-08']);
  });

  it('reads no refusal in a visa "not refused" nor in the boilerplate of a refusal to come', () => {
    expect(read('My Irish visa was not refused; it was issued in 2019.')).not.toContain('refusal applicant 2019');
    expect(read('If you reapply without new information, you may be refused again.')).toEqual([]);
  });

  it('dates a conviction by its own date, not the pardon’s told beside it', () => {
    expect(read('In 2008 I was convicted of theft; I received a record suspension on 3 May 2016.')).toEqual(['conviction applicant 2008']);
    expect(read('I was granted a pardon in 2019 for my conviction for theft.')).not.toContain('conviction applicant 2019');
  });
});
