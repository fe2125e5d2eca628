/**
 * Who is who on the v18 variation set (test/corpus/reading/{en,fr}/v18-*): names in a table under
 * column titles (spaced, or squeezed by a PDF's text layer), a subject line with the file's numbers
 * after the name, the French representative's form, an offer e-mailed by a department, and "the
 * application of my mother, <name>"; and the signatories who are no party (a commissioner, a
 * recruiter, a bank's manager).
 */
import { readCorpusItem } from './corpusItem';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { CaseFacts, PartyRole } from '../../../lambdas/contracts/caseFacts';

const named = (facts: CaseFacts, role: PartyRole) => facts.parties.filter((p) => p.role === role).map((p) => p.name);

describe('names in a table under column titles', () => {
  it('reads the student under "Student Name" in a row whose other columns hold a date, an ID and a country', () => {
    const { facts } = readCorpusItem('en/v18-acceptance-table', 'letter-of-acceptance.pdf.txt');
    expect(named(facts, 'applicant')).toContain('Nguyen Thi Mai');
  });

  it('reads it too when a PDF squeezed the columns to single spaces, and only when a date or the line end follows the name', () => {
    const squeezed = (text: string) => readCaseFacts([{ docId: 'd1', name: 'loa.pdf', format: 'pdf', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 }]);
    const read = squeezed('LETTER OF ACCEPTANCE\nStudent Name Date of Birth Student ID Citizenship\nNguyen Thi Mai 2003-11-21 LPI-2025-88412 Viet Nam\n');
    expect(named(read, 'applicant')).toContain('Nguyen Thi Mai');
    const noNumber = squeezed('LETTER OF ACCEPTANCE\nStudent Name Program Citizenship\nNguyen Thi Mai Heavy Equipment Viet Nam\n');
    expect(named(noNumber, 'applicant')).not.toContain('Nguyen Thi Mai Heavy Equipment');
  });
});

describe('names in letters and e-mails', () => {
  it('reads the client of a "Re: … - Mr. <name> (UCI …)" line, and counsel from the licence under the signature', () => {
    const { facts } = readCorpusItem('en/v18-consultant-cover-letter', 'cover-letter.docx.txt');
    expect(named(facts, 'applicant')).toContain('Ahmad Karimi');
    expect(named(facts, 'counsel')).toContain('Farah Siddiqui');
  });

  it('reads the candidate in the To line of an offer a department sends, and not the recruiter who signs', () => {
    const { facts } = readCorpusItem('en/v18-offer-by-email', 'offer-email.txt');
    expect(named(facts, 'applicant')).toContain('Diego Fernández');
    expect(named(facts, 'applicant')).not.toContain("Megan O'Leary");
    expect(named(facts, 'employer')).toContain('Northfield Analytics Inc.');
  });

  it('reads the mother whose application a letter supports ("the application of my mother, <name>")', () => {
    const { facts } = readCorpusItem('en/v18-host-invites-parents', 'invitation-letter.docx.txt');
    expect(named(facts, 'applicant')).toContain('Lakshmi Raghunathan');
    expect(named(facts, 'applicant')).not.toContain('Daniel Okafor');
  });

  it('reads the representative of the French form, whose given-name label is « Prénom(s) du représentant »', () => {
    const { facts } = readCorpusItem('fr/v18-recours-representant', 'imm5476f.pdf.txt');
    expect(named(facts, 'counsel')).toContain('Élise Gagnon');
    expect(named(facts, 'applicant')).toContain('Hery Rakotomalala');
    expect(named(facts, 'employer')).not.toContain('Gagnon Avocats inc.');
  });

  it('keeps the commissioner who receives a declaration out of its parties', () => {
    for (const [item, file, commissioner] of [
      ['en/v18-sponsor-statutory-declaration', 'statutory-declaration.pdf.txt', 'Harpreet Gill'],
      ['fr/v18-declaration-solennelle-repondant', 'declaration-solennelle.pdf.txt', 'Nathalie Bergeron'],
    ]) {
      const { facts } = readCorpusItem(item, file);
      expect(facts.parties.map((p) => p.name)).not.toContain(commissioner);
      expect(facts.parties.some((p) => p.role === 'sponsor')).toBe(true);
    }
  });
});

describe('who a letter is for, and who signs it', () => {
  it('reads the client counsel represents (« Nous représentons Mme <name> ») and counsel who signs « Me <name> »', () => {
    const { facts } = readCorpusItem('fr/v12-demande-rp-csq-quebec', 'lettre-avocat-csq.txt');
    expect(named(facts, 'applicant')).toContain('Ioana Popescu');
    expect(named(facts, 'counsel')).toContain('Pierre-Luc Dufresne');
  });

  it('reads the name after the « de » that opens one in a subject line, past a « Demande de permis » that opens none', () => {
    const { facts } = readCorpusItem('fr/v12-demande-mutation-intragroupe', 'lettre-employeur.docx.txt');
    expect(named(facts, 'applicant')).toContain('Lucas Bernier');
  });

  it('reads the one a permit is sought for when a title opens the name ("a work permit for Ms. <name>")', () => {
    const { facts } = readCorpusItem('en/v12-app-intra-company-transfer', 'support-letter.txt');
    expect(named(facts, 'applicant')).toContain('Ingrid Solberg');
  });

  it('reads the partner of an applicant who applies "as the spouse of Mr. <name>"', () => {
    const { facts } = readCorpusItem('en/v12-app-spouse-owp-not-sponsorship', 'cover-letter.txt');
    expect(named(facts, 'spouse-or-partner')).toContain('Arjun Mehta');
  });

  it('reads the signature of a worker’s own letter about their job as theirs, not an employer’s signatory', () => {
    const { facts } = readCorpusItem('fr/v12-demande-prolongation-permis-travail', 'lettre-prolongation.txt');
    expect(named(facts, 'applicant')).toContain('Diego Armando Quispe');
    expect(named(facts, 'other')).not.toContain('Diego Armando Quispe');
  });

  it('reads the signature under a first-person letter written « Je présente ma demande … »', () => {
    const { facts } = readCorpusItem('fr/v12-demande-travail-refus-visiteur-anterieur', 'lettre-travailleur.txt');
    expect(named(facts, 'applicant')).toContain('Lamine Sané');
  });

  it('reads a firm of counsel from its letterhead, and no firm from a school’s or an employer’s', () => {
    expect(named(readCorpusItem('en/v11-family-background-columns', 'family-background-questionnaire.docx.txt').facts, 'counsel')).toContain('Northgate Immigration Consulting');
    expect(named(readCorpusItem('en/v18-offer-by-email', 'offer-email.txt').facts, 'counsel')).toEqual([]);
  });
});
