import { buildApplicantProfile, verifyEvidence } from '../../../lambdas/agents/intake/documents/buildApplicantProfile';
import { readDocumentType } from '../../../lambdas/agents/intake/documents/typing/readDocumentType';
import { ApplicantProfile, type ExtractedDocument, type Fact } from '../../../lambdas/contracts/intakeOutput';
import { FORM_TEXTS, TYPE_TEXTS } from '../../fixtures/documents/caseTexts';
import { readableDoc } from '../../fixtures/documents/extractedDocs';

function classified(docs: ExtractedDocument[]) {
  return docs.map((doc) => ({ doc, type: readDocumentType(doc).type }));
}

/** Every fact of a profile, wherever it sits. */
function allFacts(profile: ApplicantProfile): Fact[] {
  const facts: Fact[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value && typeof value === 'object') {
      if ('evidence' in value && 'value' in value) facts.push(value as Fact);
      else Object.values(value).forEach(visit);
    }
  };
  visit(profile);
  return facts;
}

function expectVerbatim(docs: ExtractedDocument[], profile: ApplicantProfile): void {
  const facts = allFacts(profile);
  expect(facts.length).toBeGreaterThan(0);
  for (const fact of facts) {
    const page = docs.find((d) => d.docId === fact.evidence.docId)?.pages.find((p) => p.page === fact.evidence.page);
    expect(page?.text).toContain(fact.evidence.quote);
    expect(verifyEvidence(docs, fact.evidence)).toBe(true);
  }
}

const doc = (name: string, text: string) => readableDoc(name, text);

describe('buildApplicantProfile', () => {
  const visitorDocs = [
    doc('imm5257.txt', FORM_TEXTS['imm-5257']),
    doc('refusal.txt', TYPE_TEXTS['refusal-letter'] as string),
    doc('statement.txt', TYPE_TEXTS['bank-statement'] as string),
    doc('invitation.txt', TYPE_TEXTS['invitation-letter'] as string),
  ];
  const visitor = buildApplicantProfile(classified(visitorDocs));

  it('reads the applicant\'s identity from the application form', () => {
    expect(visitor.applicantName).toEqual({
      value: 'Chidinma Grace OKAFOR',
      evidence: { docId: 'imm5257.txt', page: 1, quote: 'Family name: OKAFOR\nGiven name(s): Chidinma Grace' },
    });
    expect(visitor.dateOfBirth?.value).toBe('1991-11-03');
    expect(visitor.citizenship).toMatchObject({ value: 'Nigeria', evidence: { quote: 'Country of citizenship: Nigeria' } });
    expect(visitor.countryOfResidence?.value).toBe('Nigeria');
    expect(visitor.maritalStatus?.value).toBe('Single');
    expect(visitor.purposeOfTravel?.value).toBe('Tourism and visiting my sister');
  });

  it('collects balances with their currency', () => {
    expect(visitor.funds.map((f) => f.value)).toEqual(['CAD 24,310.55', 'CAD 9,500.00']);
    expect(visitor.funds[0].evidence).toEqual({ docId: 'statement.txt', page: 1, quote: 'Closing balance: CAD 24,310.55' });
  });

  it('records the refusal sentence of a refusal letter as a prior refusal', () => {
    expect(visitor.priorRefusals).toEqual([
      {
        value: 'Your application for a temporary resident visa has been refused.',
        evidence: { docId: 'refusal.txt', page: 1, quote: 'Your application for a temporary resident visa has been refused.' },
      },
    ]);
  });

  it('records a "never refused" answer on a form as a declaration', () => {
    expect(visitor.declarations).toContainEqual({
      value: expect.stringMatching(/^answered No: Have you ever been refused a visa or permit/),
      evidence: expect.objectContaining({ docId: 'imm5257.txt', quote: expect.stringMatching(/\? No$/) }),
    });
  });

  it('records a "never been refused" statement in a letter as a declaration', () => {
    const letter = doc('letter.txt', 'Dear Officer,\nMy client has never been refused a visa by any country.\nRegards');
    const profile = buildApplicantProfile(classified([letter]));
    expect(profile.declarations).toEqual([
      {
        value: 'My client has never been refused a visa by any country.',
        evidence: { docId: 'letter.txt', page: 1, quote: 'My client has never been refused a visa by any country.' },
      },
    ]);
  });

  it('records a declared prior refusal ("Yes") as a prior refusal', () => {
    const profile = buildApplicantProfile(classified([doc('imm5669.txt', FORM_TEXTS['imm-5669'])]));
    expect(profile.priorRefusals).toEqual([
      expect.objectContaining({ value: 'answered Yes: Have you ever been refused a visa or permit?' }),
    ]);
  });

  it('reads the sponsor, marriage date and relationship start of a spousal file', () => {
    const docs = [
      doc('imm1344.txt', FORM_TEXTS['imm-1344']),
      doc('imm5532.txt', FORM_TEXTS['imm-5532']),
      doc('marriage.txt', TYPE_TEXTS['marriage-certificate'] as string),
    ];
    const profile = buildApplicantProfile(classified(docs));
    expect(profile.sponsorName).toMatchObject({ value: 'Daniel Roy', evidence: { docId: 'imm1344.txt', quote: "Sponsor's name: Daniel Roy" } });
    expect(profile.applicantName?.value).toBe('Thi Lan NGUYEN');
    expect(profile.dateOfBirth).toBeUndefined(); // only the sponsor's, on the sponsor's form
    expect(profile.relationship?.marriageDate).toMatchObject({ value: '2022-09-17', evidence: { docId: 'marriage.txt', quote: 'Date of marriage: 17 September 2022' } });
    expect(profile.relationship?.relationshipStart?.value).toBe('2019-05-02');
    expectVerbatim(docs, profile);
  });

  it('reads program and institution for a study permit', () => {
    const docs = [doc('imm1294.txt', FORM_TEXTS['imm-1294']), doc('loa.txt', TYPE_TEXTS['letter-of-acceptance'] as string)];
    const profile = buildApplicantProfile(classified(docs));
    expect(profile.applicantName?.value).toBe('Akosua Efua DARKWAH-MENSIMAH');
    expect(profile.program?.value).toBe('Computer Systems Technology');
    expect(profile.institution?.value).toBe('Northbrook College of Applied Arts and Technology');
    expect(profile.otherFacts).toContainEqual({ label: 'expected completion', fact: expect.objectContaining({ value: '2028-04-28' }) });
    expectVerbatim(docs, profile);
  });

  it('reads employer and job title for a work permit, splitting two labels on one line', () => {
    const docs = [doc('imm1295.txt', FORM_TEXTS['imm-1295']), doc('offer.txt', TYPE_TEXTS['job-offer'] as string)];
    const profile = buildApplicantProfile(classified(docs));
    expect(profile.applicantName).toMatchObject({
      value: 'Miguel Andres SANTOS',
      evidence: { quote: 'Family name: SANTOS  Given name(s): Miguel Andres' },
    });
    expect(profile.dateOfBirth?.value).toBe('1988-03-12');
    expect(profile.employer?.value).toBe('Prairie Harvest Foods Ltd.');
    expect(profile.jobTitle?.value).toBe('Industrial Butcher');
    expectVerbatim(docs, profile);
  });

  it('reads the name from a passport machine-readable zone', () => {
    const passport = doc('passport.txt', 'PASSPORT\nP<GHADARKWAH<MENSIMAH<<AKOSUA<EFUA<<<<<<<<<<\nG0000001<5GHA0304122F3109144<<<<<<<<<<<<<<<8');
    const profile = buildApplicantProfile(classified([passport]));
    expect(profile.applicantName).toEqual({
      value: 'AKOSUA EFUA DARKWAH MENSIMAH',
      evidence: { docId: 'passport.txt', page: 1, quote: 'P<GHADARKWAH<MENSIMAH<<AKOSUA<EFUA<<<<<<<<<<' },
    });
  });

  it('does not take another person\'s date of birth for the applicant\'s', () => {
    const form = doc('imm5257.txt', "IMM 5257 E\nSpouse's date of birth: 1980-01-01\nDate of birth: 1991-11-03");
    expect(buildApplicantProfile(classified([form])).dateOfBirth?.value).toBe('1991-11-03');
  });

  it('reads a French form\'s identity: "Date de naissance", a date in French words, nationality and marital status', () => {
    const docs = [
      doc(
        'imm5257f.txt',
        'DEMANDE DE VISA DE RÉSIDENT TEMPORAIRE (IMM 5257)\nNom de famille : MBALA\nPrénom(s) : Grâce\nDate de naissance : 1er août 1987\nNationalité : congolaise\nPays de résidence actuel : République démocratique du Congo\nÉtat matrimonial : Mariée\n',
      ),
    ];
    const profile = buildApplicantProfile(classified(docs));
    expect(profile.dateOfBirth?.value).toBe('1987-08-01');
    expect(profile.citizenship?.value).toBe('congolaise');
    expect(profile.countryOfResidence?.value).toBe('République démocratique du Congo');
    expect(profile.maritalStatus?.value).toBe('Mariée');
    expectVerbatim(docs, profile);
  });

  it('reads "Née le …" written in a French form\'s line, but not a relative\'s "né le" on the family form', () => {
    const form = doc('imm1294f.txt', "DEMANDE DE PERMIS D'ÉTUDES (IMM 1294)\nNom : Traoré   Prénoms : Awa   Née le 2001-04-17 à Bamako (Mali)\nProgramme : Baccalauréat en génie civil\n");
    expect(buildApplicantProfile(classified([form])).dateOfBirth).toMatchObject({ value: '2001-04-17', evidence: { quote: 'Née le 2001-04-17' } });
    const family = doc('imm5645f.txt', 'RENSEIGNEMENTS SUR LA FAMILLE (IMM 5645)\nPère : Traoré Moussa, né le 1969-02-03 à Ségou\n');
    expect(buildApplicantProfile(classified([family])).dateOfBirth).toBeUndefined();
  });

  it('gives page numbers of later pages', () => {
    const statement = doc('statement.txt', 'Statement of Account\nAvailable balance: CAD 100.00\fPage 2\nClosing balance: CAD 2,000.00');
    const profile = buildApplicantProfile(classified([statement]));
    expect(profile.funds.map((f) => [f.value, f.evidence.page])).toEqual([
      ['CAD 100.00', 1],
      ['CAD 2,000.00', 2],
    ]);
  });

  it('quotes every fact verbatim from its page', () => {
    const docs = [...visitorDocs, ...Object.entries(TYPE_TEXTS).map(([t, text]) => doc(`${t}.txt`, text as string))];
    const profile = buildApplicantProfile(classified(docs));
    expect(() => ApplicantProfile.parse(profile)).not.toThrow();
    expectVerbatim(docs, profile);
  });

  it('returns an empty profile for a file without facts', () => {
    expect(buildApplicantProfile([])).toEqual({ funds: [], priorRefusals: [], declarations: [], otherFacts: [] });
  });
});

describe('verifyEvidence', () => {
  const docs = [readableDoc('a', 'Family name: DOE\fClosing balance: CAD 5.00')];

  it('accepts a quote found verbatim on the given page', () => {
    expect(verifyEvidence(docs, { docId: 'a', page: 2, quote: 'Closing balance: CAD 5.00' })).toBe(true);
    expect(verifyEvidence(docs, { docId: 'a', quote: 'Family name: DOE' })).toBe(true);
  });

  it('rejects a quote on the wrong page, in another document, or reworded', () => {
    expect(verifyEvidence(docs, { docId: 'a', page: 1, quote: 'Closing balance: CAD 5.00' })).toBe(false);
    expect(verifyEvidence(docs, { docId: 'b', quote: 'Family name: DOE' })).toBe(false);
    expect(verifyEvidence(docs, { docId: 'a', quote: 'Family name:  DOE' })).toBe(false);
    expect(verifyEvidence(docs, { docId: 'a', quote: '' })).toBe(false);
  });
});
